import type { ConsoleContext } from './console-context.js';
import { element } from './elements.js';
import { playerLookup } from './player-lookup.js';
import { registerForm } from './player-register.js';

/**
 * #/players: the floor looks a player up by the start of a name or an alias, or by card number, and opens their
 * page, or registers a new one (docs/players.md). A dealer or a regulator who opens it anyway gets a sentence, no form: the register is
 * the floor's (the API answers them 403).
 */
export function playersScreen(ctx: ConsoleContext): HTMLElement {
  if (ctx.session()?.user.role !== 'floor') return floorOnly();
  return element(
    'section',
    { class: 'screen players-screen', 'aria-labelledby': 'players-heading' },
    element('h1', { id: 'players-heading' }, 'Players'),
    playerLookup(ctx, 'player-search', 'Find a player', (p) =>
      element(
        'a',
        { href: `#/player/${encodeURIComponent(p.playerId)}`, 'data-testid': `open-player-${p.playerId}` },
        `Open ${p.alias}'s page`,
      ),
    ),
    registerForm(ctx),
  );
}

/** What a dealer or a regulator finds at #/players or a player's page: who keeps the register, nothing to wait for. */
export function floorOnly(): HTMLElement {
  return element(
    'section',
    { class: 'screen players-screen', 'aria-labelledby': 'players-heading', 'data-testid': 'players-not-floor' },
    element('h1', { id: 'players-heading' }, 'Players'),
    element('p', {}, "The players' register (names, notes, bans, sessions) is kept by the floor supervisors. Ask one to look a player up."),
  );
}
