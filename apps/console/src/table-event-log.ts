import { evolveHandRecord, startHandRecord, type HandAction, type HandBoard, type HandRecord } from '@felt/projections';
import type { TableEvent } from '@felt/engine';
import type { TableEventItem } from './table-types.js';

/**
 * The hand on the table as the console shows it: libs/projections' hand record, the one fold of a hand's events that
 * the hand histories and the exports render too (bundled into the page by esbuild: docs/console.md).
 */
export type { HandRecord } from '@felt/projections';

/** A betting action still standing in the hand (not taken back by a floor correction): what the floor may correct. */
export interface StandingAction {
  readonly version: number;
  readonly event: TableEventItem;
}

const BETTING: ReadonlySet<string> = new Set(['PlayerFolded', 'PlayerChecked', 'PlayerCalled', 'BetPlaced', 'RaisePlaced']);
const BETTING_ACTIONS: ReadonlySet<HandAction['action']> = new Set(['fold', 'check', 'call', 'bet', 'raise']);

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

  /** The current (or last) hand's events, HandStarted first; none before the first hand. */
  private handEvents(): TableEventItem[] {
    const events = [...this.byVersion.values()].sort((a, b) => a.version - b.version);
    let start = events.length - 1;
    while (start >= 0 && events[start]!.type !== 'HandStarted') start--;
    return start < 0 ? [] : events.slice(start);
  }

  /** The hand a bomb pot is called for (the floor's BombPotCalled) while that hand has not started; else null. */
  bombPotCalledFor(): number | null {
    const events = [...this.byVersion.values()].sort((a, b) => a.version - b.version);
    const started = events.filter((e) => e.type === 'HandStarted').map((e) => Number(e.data.handNumber));
    const last = started.length ? Math.max(...started) : 0;
    const called = events.filter((e) => e.type === 'BombPotCalled').map((e) => Number(e.data.handNumber));
    const next = called.find((n) => n > last);
    return next ?? null;
  }

  /** The current (or last) hand's record; null before the first hand. */
  currentHand(): HandRecord | null {
    const [first, ...rest] = this.handEvents();
    if (!first) return null;
    const meta = (e: TableEventItem) => ({ version: e.version, at: e.recordedAt ?? '' });
    const started = startHandRecord('', tableEvent(first) as Extract<TableEvent, { type: 'HandStarted' }>, meta(first));
    return rest.reduce((record, e) => evolveHandRecord(record, tableEvent(e), meta(e)), started);
  }

  /**
   * The hand's standing betting actions with their versions (what CorrectAction's backTo names): the record says
   * which betting actions a correction took back; its betting actions are the betting events, one each, in order.
   */
  standingActions(): StandingAction[] {
    const record = this.currentHand();
    if (!record) return [];
    const betting = this.handEvents().filter((e) => BETTING.has(e.type));
    const actions = record.actions.filter((a) => BETTING_ACTIONS.has(a.action));
    return betting.filter((_, i) => !actions[i]?.retracted).map((event) => ({ version: event.version, event }));
  }
}

/**
 * An event as the feed sends it, as the fold reads it. Hole cards this audience may not see come as null
 * (docs/security.md): the fold leaves them unknown.
 */
function tableEvent(e: TableEventItem): TableEvent {
  return { ...e.data, type: e.type } as unknown as TableEvent;
}

/** Each hand shown, in the order shown, with its cards. */
export function shownHands(record: HandRecord): { readonly seat: number; readonly cards: readonly string[] }[] {
  return record.actions
    .filter((a) => a.action === 'show')
    .map((a) => ({ seat: a.seat, cards: record.players.find((p) => p.seat === a.seat)?.holeCards ?? [] }));
}

export function muckedSeats(record: HandRecord): number[] {
  return record.actions.filter((a) => a.action === 'muck').map((a) => a.seat);
}

/** A board's cards in the order dealt (a hand record's board, or its second run's). */
export function boardCards(board: HandBoard): string[] {
  return [...board.flop, ...board.turn, ...board.river];
}
