import type { AnteKind, StructureKind, TableRules } from '@felt/engine';
import type { Projection } from './projection';
import { tableEventOf, tableIdOfStream } from './table-event';

export interface LobbyTable {
  readonly tableId: string;
  readonly status: 'open' | 'closed';
  readonly game: {
    readonly variant: 'texas-holdem';
    readonly structure: StructureKind;
    readonly gameType: 'cash' | 'tournament';
    readonly smallBlind: number;
    readonly bigBlind: number;
    readonly ante: { readonly kind: AnteKind; readonly amount: number };
    readonly buyIn: { readonly min: number; readonly max: number } | null;
    /** The house options switched on (straddle, killGame, killPot, chop, rake). */
    readonly houseOptions: readonly string[];
  };
  readonly maxSeats: number;
  readonly seatsTaken: number;
  readonly seatsFree: number;
  /** Seated players by seat; sitting out still holds the seat. */
  readonly players: readonly { readonly seat: number; readonly playerId: string; readonly sittingOut: boolean }[];
  readonly handsPlayed: number;
}

export interface Lobby {
  readonly tables: Readonly<Record<string, LobbyTable>>;
}

function gameOf(rules: TableRules): LobbyTable['game'] {
  return {
    variant: rules.variant,
    structure: rules.structure.kind,
    gameType: rules.gameType,
    smallBlind: rules.smallBlind,
    bigBlind: rules.bigBlind,
    ante: rules.ante,
    buyIn: rules.buyIn,
    houseOptions: Object.entries(rules.houseOptions)
      .filter(([, option]) => option !== null)
      .map(([name]) => name),
  };
}

function withPlayers(table: LobbyTable, players: LobbyTable['players']): LobbyTable {
  const sorted = [...players].sort((a, b) => a.seat - b.seat);
  return { ...table, players: sorted, seatsTaken: sorted.length, seatsFree: table.maxSeats - sorted.length };
}

export const lobby: Projection<Lobby> = {
  name: 'lobby',
  initial: { tables: {} },
  evolve(view, recorded) {
    const e = tableEventOf(recorded);
    if (e === null) return view;
    const tableId = tableIdOfStream(recorded.streamId);
    const table = view.tables[tableId];
    let next: LobbyTable | undefined;
    if (e.type === 'TableOpened') {
      next = {
        tableId,
        status: 'open',
        game: gameOf(e.rules),
        maxSeats: e.rules.maxSeats,
        seatsTaken: 0,
        seatsFree: e.rules.maxSeats,
        players: [],
        handsPlayed: 0,
      };
    } else if (!table) {
      return view;
    } else {
      switch (e.type) {
        case 'TableClosed':
          next = { ...table, status: 'closed' };
          break;
        case 'RulesChanged':
          next = withPlayers({ ...table, game: gameOf(e.rules), maxSeats: e.rules.maxSeats }, table.players);
          break;
        case 'PlayerSeated':
          next = withPlayers(table, [...table.players, { seat: e.seat, playerId: e.playerId, sittingOut: false }]);
          break;
        case 'PlayerLeft':
          next = withPlayers(
            table,
            table.players.filter((p) => p.seat !== e.seat),
          );
          break;
        case 'SeatChanged':
          next = withPlayers(
            table,
            table.players.map((p) => (p.seat === e.from ? { ...p, seat: e.to } : p)),
          );
          break;
        case 'PlayerSatOut':
        case 'PlayerSatIn':
          next = withPlayers(
            table,
            table.players.map((p) => (p.seat === e.seat ? { ...p, sittingOut: e.type === 'PlayerSatOut' } : p)),
          );
          break;
        case 'HandEnded':
        case 'HandVoided':
          next = { ...table, handsPlayed: table.handsPlayed + 1 };
          break;
        default:
          return view;
      }
    }
    return { tables: { ...view.tables, [tableId]: next } };
  },
};

/** Tables players may join, open ones only, ordered by table id. */
export function openTables(view: Lobby): readonly LobbyTable[] {
  return Object.values(view.tables)
    .filter((t) => t.status === 'open')
    .sort((a, b) => (a.tableId < b.tableId ? -1 : a.tableId > b.tableId ? 1 : 0));
}
