import type { JackpotBoardRow } from '@felt/accounting';
import { element, replaceChildren } from './elements.js';
import { dollars } from './money-format.js';
import { RoomFeed } from './room-feed.js';

/**
 * The jackpots as the room posts them (each fund's name and balance: public, as on the room's TV), live from /live's
 * `jackpots` channel. Shown on the lobby and at a table; nothing of who paid in or was paid reaches it.
 */
export function jackpotStrip(token: () => string | null): { node: HTMLElement; stop(): void } {
  const node = element('p', { class: 'jackpots', 'data-testid': 'jackpots', 'aria-label': 'Jackpots', hidden: true });
  const feed = new RoomFeed<JackpotBoardRow>('jackpots', token, {
    games: (funds) => {
      node.hidden = funds.length === 0;
      replaceChildren(node, jackpotItems(funds, 'span'));
    },
    status: () => undefined,
  });
  feed.start();
  return { node, stop: () => feed.stop() };
}

/** Each fund's name and balance, with a test id per fund. */
export function jackpotItems(funds: readonly JackpotBoardRow[], tag: 'span' | 'li'): HTMLElement[] {
  return funds.map((f) =>
    element(tag, { class: 'jackpot', 'data-testid': `jackpot-${f.fundId}` }, `${f.name}: `, element('strong', {}, dollars(f.balance))),
  );
}
