import { tableDecider, type TableEngine } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import type { Projection } from './projection';
import { tableEventOf, tableIdOfStream } from './table-event';
import { recordedDropOf, type DropTaken } from './house-drops';
import { houseTake, moduleFold, type ModuleFold } from './module-fold';

export interface HandResult {
  readonly handNumber: number;
  /** Chips won or lost in the hand (final stack less starting stack; a voided hand is 0). */
  readonly net: number;
  readonly voided: boolean;
}

/** One player's stay at one table, from PlayerSeated to PlayerLeft. */
export interface PlayerSession {
  readonly tableId: string;
  readonly playerId: string;
  readonly seat: number;
  readonly buyIn: number;
  readonly addOns: readonly { readonly amount: number; readonly at: string }[];
  readonly hands: readonly HandResult[];
  /** Null while seated. */
  readonly cashOut: number | null;
  /** Chips behind as of the last hand settled (0 once left). */
  readonly stack: number;
  /** The hand in progress this player was dealt into, and their stack when it started. */
  readonly playing: { readonly handNumber: number; readonly startingStack: number } | null;
  readonly seatedAt: string;
  readonly leftAt: string | null;
}

export interface TableLedger {
  readonly tableId: string;
  /** Sessions in the order players sat down. */
  readonly sessions: readonly PlayerSession[];
  /** Rake and chop fees taken at this table. */
  readonly rake: number;
  /** The drops to the house's funds (jackpot, promotion) taken at this table, apart from the rake; absent while none. */
  readonly drops?: number;
}

export interface SessionLedger {
  readonly tables: Readonly<Record<string, TableLedger>>;
}

/**
 * The session ledger of tables played with this engine (FELT_HOUSE_RULES: a casino's modules after the default ones):
 * its modules' events are read, and their modules say which of them are the house's take.
 */
export function sessionLedgerOf(engine: Pick<TableEngine, 'modules' | 'readsEvent'>): Projection<SessionLedger> {
  const fold = moduleFold(engine.modules);
  return {
    name: 'session-ledger',
    initial: { tables: {} },
    evolve(view, recorded) {
      const event = tableEventOf(recorded, engine) ?? recordedDropOf(recorded);
      if (event === null) return view;
      const tableId = tableIdOfStream(recorded.streamId);
      const before = view.tables[tableId] ?? { tableId, sessions: [], rake: 0 };
      const after = tableLedgerAfter(before, event, recorded, fold);
      return after === before ? view : { tables: { ...view.tables, [tableId]: after } };
    },
  };
}

export const sessionLedger: Projection<SessionLedger> = sessionLedgerOf(tableDecider);

function tableLedgerAfter(
  ledger: TableLedger,
  e: NonNullable<ReturnType<typeof tableEventOf>> | DropTaken,
  recorded: RecordedEvent,
  fold: ModuleFold,
): TableLedger {
  const at = recorded.recordedAt;
  // A seat holds at most one open session; a player may leave and sit again (a new session).
  const update = (match: (s: PlayerSession) => boolean, change: (s: PlayerSession) => PlayerSession): TableLedger => ({
    ...ledger,
    sessions: ledger.sessions.map((s) => (s.leftAt === null && match(s) ? change(s) : s)),
  });
  switch (e.type) {
    case 'PlayerSeated':
      return {
        ...ledger,
        sessions: [
          ...ledger.sessions,
          {
            tableId: ledger.tableId,
            playerId: e.playerId,
            seat: e.seat,
            buyIn: e.buyIn,
            addOns: [],
            hands: [],
            cashOut: null,
            stack: e.buyIn,
            playing: null,
            seatedAt: at,
            leftAt: null,
          },
        ],
      };
    case 'ChipsAdded':
      return update(
        (s) => s.seat === e.seat,
        (s) => ({ ...s, addOns: [...s.addOns, { amount: e.amount, at }], stack: s.stack + e.amount }),
      );
    case 'SeatChanged':
      // The same session goes on in the new seat.
      return update(
        (s) => s.seat === e.from && s.playerId === e.playerId,
        (s) => ({ ...s, seat: e.to }),
      );
    case 'HandStarted': {
      const dealt = new Map(e.players.map((p) => [`${p.seat}:${p.playerId}`, p.stack]));
      return update(
        (s) => dealt.has(`${s.seat}:${s.playerId}`),
        (s) => ({ ...s, playing: { handNumber: e.handNumber, startingStack: dealt.get(`${s.seat}:${s.playerId}`)! } }),
      );
    }
    case 'HandEnded': {
      const stacks = new Map(e.stacks.map((x) => [x.seat, x.stack]));
      return update(
        (s) => s.playing !== null && stacks.has(s.seat),
        (s) => {
          const stack = stacks.get(s.seat)!;
          return {
            ...s,
            stack,
            playing: null,
            hands: [...s.hands, { handNumber: e.handNumber, net: stack - s.playing!.startingStack, voided: false }],
          };
        },
      );
    }
    case 'HandVoided':
      // Everything committed is refunded: each player is back to their starting stack.
      return update(
        (s) => s.playing !== null,
        (s) => ({
          ...s,
          stack: s.playing!.startingStack,
          playing: null,
          hands: [...s.hands, { handNumber: e.handNumber, net: 0, voided: true }],
        }),
      );
    case 'PlayerLeft':
      // Leaving mid-hand (after folding) forfeits what is in the pot: the hand's result is settled now.
      return update(
        (s) => s.seat === e.seat && s.playerId === e.playerId,
        (s) => ({
          ...s,
          cashOut: e.cashOut,
          stack: 0,
          leftAt: at,
          playing: null,
          hands:
            s.playing === null
              ? s.hands
              : [...s.hands, { handNumber: s.playing.handNumber, net: e.cashOut - s.playing.startingStack, voided: false }],
        }),
      );
    case 'DropTaken':
      return { ...ledger, drops: (ledger.drops ?? 0) + e.amount };
    default: {
      // The house's take (a rake, a chop's fee), as the event's module says.
      const took = houseTake(fold, e);
      return took === 0 ? ledger : { ...ledger, rake: ledger.rake + took };
    }
  }
}

/** A session's result so far: what went out and what is still in front of the player, less what came in. */
export function sessionNet(s: PlayerSession): number {
  return (s.cashOut ?? 0) + s.stack - s.buyIn - s.addOns.reduce((n, a) => n + a.amount, 0);
}

/** The chips seated players have behind as the ledger counts them: the chips on the table between hands. */
export function ledgerChipsBehind(ledger: SessionLedger, tableId: string): number {
  return (ledger.tables[tableId]?.sessions ?? []).reduce((n, s) => n + (s.leftAt === null ? s.stack : 0), 0);
}

/**
 * Chips in less chips out over a whole table: buy-ins + add-ons − (cash-outs + chips still on the table + rake + drops).
 * 0 when the table balances. `chipsOnTable` defaults to the ledger's own count, which is right between hands;
 * during a hand pass the table view's `chipsOnTable` (what is in the pot is still on the table).
 */
export function ledgerDiscrepancy(ledger: SessionLedger, tableId: string, chipsOnTable = ledgerChipsBehind(ledger, tableId)): number {
  const table: Pick<TableLedger, 'sessions' | 'rake' | 'drops'> = ledger.tables[tableId] ?? { sessions: [], rake: 0 };
  let chipsIn = 0;
  let chipsOut = 0;
  for (const s of table.sessions) {
    chipsIn += s.buyIn;
    for (const a of s.addOns) chipsIn += a.amount;
    chipsOut += s.cashOut ?? 0;
  }
  return chipsIn - (chipsOut + chipsOnTable + table.rake + (table.drops ?? 0));
}
