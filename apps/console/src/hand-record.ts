import { cardText } from './event-sentences.js';
import type { TableEventItem } from './table-types.js';

/** A betting action still standing in the hand (not taken back by a floor correction): what the floor may correct. */
export interface StandingAction {
  readonly version: number;
  readonly event: TableEventItem;
}

export interface ShownHand {
  readonly seat: number;
  readonly cards: readonly string[];
}

export interface AwardedPot {
  readonly pot: number;
  readonly amount: number;
  readonly eligible: readonly number[];
  readonly winners: readonly { readonly seat: number; readonly amount: number }[];
}

/** What the current (or last) hand left on the table: for the showdown panel, the corrections and the hand's label. */
export interface HandRecord {
  readonly handNumber: number | null;
  readonly shown: readonly ShownHand[];
  readonly mucked: readonly number[];
  readonly pots: readonly AwardedPot[];
  readonly board: readonly string[];
  readonly voided: { readonly reason: string } | null;
  readonly ended: boolean;
  readonly standingActions: readonly StandingAction[];
}

const BETTING_ACTIONS = new Set(['PlayerFolded', 'PlayerChecked', 'PlayerCalled', 'BetPlaced', 'RaisePlaced']);

/**
 * The table's events as this page has seen them (command answers, /live, and the events read back after a reload),
 * each version once. The current hand is everything from its HandStarted on, so a reload mid-hand shows the same
 * actions, and a finished hand's showdown stays on screen until the next HandStarted.
 */
export class TableEventLog {
  private readonly byVersion = new Map<number, TableEventItem>();

  add(events: readonly TableEventItem[]): void {
    for (const event of events) this.byVersion.set(event.version, event);
  }

  newestFirst(limit: number): TableEventItem[] {
    return [...this.byVersion.values()].sort((a, b) => b.version - a.version).slice(0, limit);
  }

  currentHand(): HandRecord {
    const events = [...this.byVersion.values()].sort((a, b) => a.version - b.version);
    let start = -1;
    for (let i = events.length - 1; i >= 0; i--)
      if (events[i]!.type === 'HandStarted') {
        start = i;
        break;
      }
    const hand = start < 0 ? [] : events.slice(start);
    const record = {
      handNumber: start < 0 ? null : Number(hand[0]!.data.handNumber),
      shown: [] as ShownHand[],
      mucked: [] as number[],
      pots: [] as AwardedPot[],
      board: [] as string[],
      voided: null as { reason: string } | null,
      ended: false,
      standingActions: [] as StandingAction[],
    };
    for (const event of hand) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON from the feed, read by event type
      const d = event.data as Record<string, any>;
      if (event.type === 'HandShown') record.shown.push({ seat: d.seat, cards: (d.cards as unknown[]).map(cardText) });
      else if (event.type === 'HandMucked') record.mucked.push(d.seat);
      else if (event.type === 'PotAwarded') record.pots.push({ pot: d.pot, amount: d.amount, eligible: d.eligible, winners: d.winners });
      else if (event.type === 'BoardDealt') record.board.push(...(d.cards as unknown[]).map(cardText));
      else if (event.type === 'HandVoided') record.voided = { reason: String(d.reason) };
      else if (event.type === 'HandEnded') record.ended = true;
      else if (BETTING_ACTIONS.has(event.type)) record.standingActions.push({ version: event.version, event });
      else if (event.type === 'ActionCorrected') {
        // The correction takes back the actions it lists: the earliest of them and everything after it.
        const retracted = (d.retracted as unknown[]).length;
        record.standingActions.splice(Math.max(0, record.standingActions.length - retracted));
      }
    }
    return record;
  }
}
