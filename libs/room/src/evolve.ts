import type { RoomEvent } from './events';
import type { GameState, GameTable, SeatHolder } from './state';

/** Applies one event. Total and pure: an event is a fact, so nothing here refuses it. */
export function evolveGame(state: GameState, event: RoomEvent): GameState {
  const s: GameState = { ...state, lastAt: event.at };
  switch (event.type) {
    case 'GameOpened':
      return {
        ...s,
        status: 'open',
        gameId: event.gameId,
        name: event.name,
        stakes: event.stakes,
        structure: event.structure,
        seatsPerTable: event.seatsPerTable,
        tableRules: event.tableRules,
        policies: event.policies,
      };
    case 'GameClosed':
      return { ...s, status: 'closed', list: [], calls: [], changes: [], newTableDue: false };
    case 'TableAdded': {
      const seated: SeatHolder[] = event.seated.map((p) => ({ ...p, seatedAt: event.at, listedAt: event.at }));
      return {
        ...s,
        tables: [...s.tables, { tableId: event.tableId, seats: event.seats, mustMove: event.mustMove, broken: false, seated }],
        newTableDue: false,
      };
    }
    case 'PlayerListed':
      return { ...s, list: [...s.list, { playerId: event.playerId, alias: event.alias, listedAt: event.at, noShows: 0 }] };
    case 'PlayerLeftList':
      return {
        ...s,
        list: s.list.filter((e) => e.playerId !== event.playerId),
        calls: s.calls.filter((c) => c.playerId !== event.playerId),
      };
    case 'NewTableDue':
      return { ...s, newTableDue: true };
    case 'TableChangeRequested':
      return {
        ...s,
        changes: [
          ...s.changes.filter((c) => c.playerId !== event.playerId),
          { playerId: event.playerId, fromTableId: event.fromTableId, toTableId: event.toTableId, requestedAt: event.at },
        ],
      };
    case 'TableChangeCancelled':
      return { ...s, changes: s.changes.filter((c) => c.playerId !== event.playerId) };
    case 'PlayerCalledToSeat': {
      const passedMustMove = new Set(event.passedOver.filter((p) => p.reason === 'declined-seat').map((p) => p.playerId));
      const tables =
        passedMustMove.size === 0
          ? s.tables
          : s.tables.map((t) =>
              t.mustMove
                ? withSeated(
                    t,
                    t.seated.map((h) => (passedMustMove.has(h.playerId) ? { ...h, passedAt: event.at } : h)),
                  )
                : t,
            );
      const call = {
        playerId: event.playerId,
        alias: event.alias,
        tableId: event.tableId,
        seat: event.seat,
        route: event.route,
        calledAt: event.at,
        respondBy: event.respondBy,
      };
      return { ...s, tables, calls: [...s.calls, call] };
    }
    case 'SeatTaken': {
      const listed = s.list.find((e) => e.playerId === event.playerId);
      const moving = event.from;
      const previous = moving ? s.tables.find((t) => t.tableId === moving.tableId)?.seated.find((h) => h.seat === moving.seat) : undefined;
      const holder: SeatHolder = {
        seat: event.seat,
        playerId: event.playerId,
        alias: event.alias,
        seatedAt: event.at,
        listedAt: listed?.listedAt ?? previous?.listedAt ?? event.at,
      };
      const tables = s.tables.map((t) => {
        let seated = t.seated;
        if (moving && t.tableId === moving.tableId) seated = seated.filter((h) => h.seat !== moving.seat);
        if (t.tableId === event.tableId) seated = [...seated, holder];
        return seated === t.seated ? t : withSeated(t, seated);
      });
      return {
        ...s,
        tables,
        list: s.list.filter((e) => e.playerId !== event.playerId),
        calls: s.calls.filter((c) => c.playerId !== event.playerId),
        changes: s.changes.filter((c) => c.playerId !== event.playerId),
      };
    }
    case 'PlayerNoShow': {
      const calls = s.calls.filter((c) => c.playerId !== event.playerId);
      if (event.outcome === 'stays') {
        // A seated player who did not move: a table change lapses; a must-move player goes behind the others.
        const tables = s.tables.map((t) =>
          t.mustMove && t.seated.some((h) => h.playerId === event.playerId)
            ? withSeated(
                t,
                t.seated.map((h) => (h.playerId === event.playerId ? { ...h, passedAt: event.at } : h)),
              )
            : t,
        );
        return { ...s, calls, tables, changes: s.changes.filter((c) => c.playerId !== event.playerId) };
      }
      const entry = s.list.find((e) => e.playerId === event.playerId);
      const rest = s.list.filter((e) => e.playerId !== event.playerId);
      const list = event.outcome === 'removed' || !entry ? rest : [...rest, { ...entry, noShows: entry.noShows + 1 }];
      return { ...s, calls, list };
    }
    case 'SeatVacated':
      return {
        ...s,
        tables: s.tables.map((t) =>
          t.tableId === event.tableId
            ? withSeated(
                t,
                t.seated.filter((h) => h.seat !== event.seat),
              )
            : t,
        ),
        changes: s.changes.filter((c) => c.playerId !== event.playerId),
      };
    case 'SeatMoved':
      return {
        ...s,
        tables: s.tables.map((t) =>
          t.tableId === event.tableId
            ? withSeated(
                t,
                t.seated.map((h) => (h.seat === event.from ? { ...h, seat: event.to } : h)),
              )
            : t,
        ),
      };
    case 'WalkInSeated': {
      const listed = s.list.find((e) => e.playerId === event.playerId);
      const holder: SeatHolder = {
        seat: event.seat,
        playerId: event.playerId,
        alias: event.alias,
        seatedAt: event.at,
        listedAt: listed?.listedAt ?? event.at,
      };
      return {
        ...s,
        tables: s.tables.map((t) => (t.tableId === event.tableId ? withSeated(t, [...t.seated, holder]) : t)),
        list: s.list.filter((e) => e.playerId !== event.playerId),
      };
    }
    case 'TableBroken':
      return {
        ...s,
        tables: s.tables.map((t) => (t.tableId === event.tableId ? { ...t, broken: true } : t)),
        calls: s.calls.filter((c) => c.tableId !== event.tableId),
        changes: s.changes.filter((c) => c.toTableId !== event.tableId),
      };
  }
}

function withSeated(table: GameTable, seated: readonly SeatHolder[]): GameTable {
  return { ...table, seated };
}
