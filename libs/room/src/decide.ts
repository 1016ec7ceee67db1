import { accept, reject, type Decision } from '@felt/engine';
import { ALIAS, MAX_TABLE_SEATS, ROOM_ID } from './command-schema';
import type { PassOver, RoomCommand, SeatedPlayer } from './commands';
import { PASS_OVER_REASONS, type RoomEvent } from './events';
import { callRunOut, respondBy } from './house-policies/call-response';
import { newTableDue } from './house-policies/new-table';
import { noShowOutcome } from './house-policies/no-show';
import { normalizeRoomPolicies } from './house-policies/room-policies';
import { roomRejection, type RoomRejection } from './rejections';
import { seatQueue } from './seat-queue';
import { evolveGame } from './evolve';
import { callOf, openSeats, seatOf, tableOf, waitingCount, type GameState, type GameTable } from './state';

export type RoomDecision = Decision<RoomEvent, RoomRejection>;

// The same rules the API's schemas check (command-schema.ts), for commands that come another way (a replay).
const MAX_SEATS = MAX_TABLE_SEATS;
const ID = ROOM_ID;

/**
 * Decides a command against a game's state: events, or a rejection naming what is wrong in a sentence the floor
 * understands. After the command's own events, the automatic ones follow (a must-move table left empty breaks; a
 * list that reaches ⚙ newTableAt records NewTableDue), like the engine's dealer steps.
 */
export function decideGame(command: RoomCommand, state: GameState): RoomDecision {
  if (!validTime(command.at)) return reject(roomRejection('INVALID_COMMAND', 'the command has no valid time (at, ISO-8601)', 'at'));
  if (command.type === 'OpenGame') return openGame(command, state);
  if (state.status === 'none') return reject(roomRejection('GAME_NOT_OPEN', 'this game has not been opened'));
  if (state.status === 'closed') return reject(roomRejection('GAME_CLOSED', `game "${state.name}" is closed`));
  const own = decideOpen(command, state);
  if (!own.ok) return own;
  return accept([...own.events, ...automatic(own.events, state, command.at)]);
}

function decideOpen(command: Exclude<RoomCommand, { type: 'OpenGame' }>, state: GameState): RoomDecision {
  const at = command.at;
  switch (command.type) {
    case 'CloseGame': {
      const seated = state.tables.reduce((n, t) => n + (t.broken ? 0 : t.seated.length), 0);
      if (seated > 0 || state.list.length > 0) {
        return reject(
          roomRejection(
            'GAME_NOT_EMPTY',
            `game "${state.name}" still has ${seated} seated and ${state.list.length} listed; seat them elsewhere or take them off first`,
          ),
        );
      }
      return accept([{ type: 'GameClosed', at }]);
    }
    case 'AddTable':
      return addTable(command, state);
    case 'JoinList': {
      if (!ID.test(command.playerId))
        return reject(roomRejection('INVALID_COMMAND', 'a player id is 1-64 letters, digits or . _ : -', 'playerId'));
      if (!ALIAS.test(command.alias))
        return reject(
          roomRejection('INVALID_COMMAND', "an alias is 1-16 letters, digits, spaces or . ' _ - (initials or a nickname)", 'alias'),
        );
      if (state.list.some((e) => e.playerId === command.playerId))
        return reject(roomRejection('PLAYER_ALREADY_LISTED', `player ${command.playerId} is already on the list for ${state.name}`));
      const seated = seatOf(state, command.playerId);
      if (seated)
        return reject(
          roomRejection(
            'PLAYER_ALREADY_SEATED',
            `player ${command.playerId} already plays in ${state.name} (table ${seated.table.tableId}, seat ${seated.holder.seat}); ask for a table change instead`,
          ),
        );
      if (aliasInUse(state, command.alias, command.playerId))
        return reject(
          roomRejection(
            'ALIAS_TAKEN',
            `alias "${command.alias}" is already used in ${state.name}; add a letter so the board can tell the players apart`,
            'alias',
          ),
        );
      return accept([{ type: 'PlayerListed', at, playerId: command.playerId, alias: command.alias }]);
    }
    case 'LeaveList':
      if (!state.list.some((e) => e.playerId === command.playerId))
        return reject(roomRejection('PLAYER_NOT_LISTED', `player ${command.playerId} is not on the list for ${state.name}`));
      return accept([{ type: 'PlayerLeftList', at, playerId: command.playerId }]);
    case 'RequestTableChange': {
      const seated = seatOf(state, command.playerId);
      if (!seated) return reject(roomRejection('PLAYER_NOT_SEATED', `player ${command.playerId} does not sit at a table of ${state.name}`));
      const to = command.toTableId ?? null;
      if (to !== null) {
        const target = tableOf(state, to);
        if (!target || target.broken)
          return reject(roomRejection('TABLE_NOT_IN_GAME', `table ${to} is not a table of ${state.name}`, 'toTableId'));
        if (to === seated.table.tableId)
          return reject(roomRejection('INVALID_COMMAND', `player ${command.playerId} already sits at table ${to}`, 'toTableId'));
      }
      return accept([{ type: 'TableChangeRequested', at, playerId: command.playerId, fromTableId: seated.table.tableId, toTableId: to }]);
    }
    case 'CancelTableChange':
      if (!state.changes.some((c) => c.playerId === command.playerId))
        return reject(roomRejection('NO_TABLE_CHANGE', `player ${command.playerId} has asked for no table change`));
      return accept([{ type: 'TableChangeCancelled', at, playerId: command.playerId }]);
    case 'CallPlayer':
      return callPlayer(command, state);
    case 'TakeSeat': {
      const call = callOf(state, command.playerId);
      if (!call)
        return reject(roomRejection('PLAYER_NOT_CALLED', `player ${command.playerId} has not been called to a seat; call them first`));
      const seated = seatOf(state, command.playerId);
      if (call.route === 'list' && seated) {
        return reject(
          roomRejection(
            'PLAYER_ALREADY_SEATED',
            `player ${command.playerId} already sits at table ${seated.table.tableId} of ${state.name}; a player plays at one table of a game`,
          ),
        );
      }
      const from = call.route === 'list' || !seated ? null : { tableId: seated.table.tableId, seat: seated.holder.seat };
      return accept([
        {
          type: 'SeatTaken',
          at,
          playerId: call.playerId,
          alias: call.alias,
          tableId: call.tableId,
          seat: call.seat,
          route: call.route,
          from,
        },
      ]);
    }
    case 'NoShow': {
      const call = callOf(state, command.playerId);
      if (!call) return reject(roomRejection('PLAYER_NOT_CALLED', `player ${command.playerId} has not been called to a seat`));
      if (!callRunOut(call.respondBy, at)) {
        return reject(
          roomRejection(
            'CALL_STILL_RUNNING',
            `player ${command.playerId} has until ${call.respondBy.slice(11, 19)} UTC to take the seat; a no-show can be recorded only after that`,
          ),
        );
      }
      if (call.route !== 'list')
        return accept([{ type: 'PlayerNoShow', at, playerId: call.playerId, tableId: call.tableId, seat: call.seat, outcome: 'stays' }]);
      const entry = state.list.find((e) => e.playerId === call.playerId);
      const outcome = noShowOutcome(state.policies!.noShow, entry?.noShows ?? 0);
      return accept([{ type: 'PlayerNoShow', at, playerId: call.playerId, tableId: call.tableId, seat: call.seat, outcome }]);
    }
    case 'VacateSeat': {
      const table = tableOf(state, command.tableId);
      if (!table || table.broken)
        return reject(roomRejection('TABLE_NOT_IN_GAME', `table ${command.tableId} is not a table of ${state.name}`, 'tableId'));
      const holder = table.seated.find((h) => h.seat === command.seat);
      if (!holder)
        return reject(roomRejection('SEAT_ALREADY_OPEN', `seat ${command.seat} at table ${table.tableId} is already open`, 'seat'));
      return accept([{ type: 'SeatVacated', at, tableId: table.tableId, seat: command.seat, playerId: holder.playerId }]);
    }
    case 'MoveSeat':
      return moveSeat(command, state);
    case 'SeatWalkIn':
      return seatWalkIn(command, state);
  }
}

function openGame(command: Extract<RoomCommand, { type: 'OpenGame' }>, state: GameState): RoomDecision {
  if (state.status !== 'none') return reject(roomRejection('GAME_ALREADY_OPEN', `game ${command.gameId} was opened before`));
  if (!ID.test(command.gameId)) return reject(roomRejection('INVALID_COMMAND', 'a game id is 1-64 letters, digits or . _ : -', 'gameId'));
  for (const field of ['name', 'stakes', 'structure'] as const) {
    const value = command[field];
    if (typeof value !== 'string' || value.trim() === '' || value.length > 60)
      return reject(roomRejection('INVALID_COMMAND', `the game's ${field} is 1-60 characters`, field));
  }
  const seatsPerTable = command.seatsPerTable ?? 9;
  if (!validSeats(seatsPerTable)) return reject(roomRejection('INVALID_COMMAND', `a table has 2 to ${MAX_SEATS} seats`, 'seatsPerTable'));
  const policies = normalizeRoomPolicies(command.policies);
  if (!policies.ok) return reject(roomRejection('INVALID_COMMAND', policies.message, policies.field));
  return accept([
    {
      type: 'GameOpened',
      at: command.at,
      gameId: command.gameId,
      name: command.name,
      stakes: command.stakes,
      structure: command.structure,
      seatsPerTable,
      tableRules: command.tableRules ?? null,
      policies: policies.policies,
    },
  ]);
}

function addTable(command: Extract<RoomCommand, { type: 'AddTable' }>, state: GameState): RoomDecision {
  if (!ID.test(command.tableId))
    return reject(roomRejection('INVALID_COMMAND', 'a table id is 1-64 letters, digits or . _ : -', 'tableId'));
  if (tableOf(state, command.tableId))
    return reject(
      roomRejection(
        'TABLE_ALREADY_IN_GAME',
        `table ${command.tableId} was added to ${state.name} before; a broken table's id is not reused`,
        'tableId',
      ),
    );
  const seats = command.seats ?? state.seatsPerTable;
  if (!validSeats(seats)) return reject(roomRejection('INVALID_COMMAND', `a table has 2 to ${MAX_SEATS} seats`, 'seats'));
  const seated: SeatedPlayer[] = [];
  for (const p of command.seated ?? []) {
    if (!Number.isInteger(p.seat) || p.seat < 1 || p.seat > seats)
      return reject(roomRejection('SEAT_OUT_OF_RANGE', `seat ${p.seat} is not a seat of a ${seats}-seat table`, 'seated'));
    if (!ID.test(p.playerId) || !ALIAS.test(p.alias))
      return reject(roomRejection('INVALID_COMMAND', 'each seated player has a player id and an alias', 'seated'));
    if (seated.some((q) => q.seat === p.seat)) return reject(roomRejection('SEAT_TAKEN', `seat ${p.seat} is listed twice`, 'seated'));
    const elsewhere = seatOf(state, p.playerId);
    if (elsewhere || seated.some((q) => q.playerId === p.playerId)) {
      return reject(
        roomRejection(
          'PLAYER_ALREADY_SEATED',
          `player ${p.playerId} already sits at ${elsewhere ? `table ${elsewhere.table.tableId}` : 'another seat'} of ${state.name}; a player plays at one table of a game`,
          'seated',
        ),
      );
    }
    if (state.list.some((e) => e.playerId === p.playerId) || aliasInUse(state, p.alias, p.playerId)) {
      return reject(
        roomRejection(
          'PLAYER_ALREADY_LISTED',
          `player ${p.playerId} (${p.alias}) is on this game's list; seat them from the list`,
          'seated',
        ),
      );
    }
    seated.push({ seat: p.seat, playerId: p.playerId, alias: p.alias });
  }
  return accept([{ type: 'TableAdded', at: command.at, tableId: command.tableId, seats, mustMove: command.mustMove ?? false, seated }]);
}

function callPlayer(command: Extract<RoomCommand, { type: 'CallPlayer' }>, state: GameState): RoomDecision {
  const table = tableOf(state, command.tableId);
  if (!table || table.broken)
    return reject(roomRejection('TABLE_NOT_IN_GAME', `table ${command.tableId} is not a table of ${state.name}`, 'tableId'));
  if (!Number.isInteger(command.seat) || command.seat < 1 || command.seat > table.seats) {
    return reject(
      roomRejection('SEAT_OUT_OF_RANGE', `seat ${command.seat} is not a seat of table ${table.tableId} (seats 1-${table.seats})`, 'seat'),
    );
  }
  const offered = state.calls.find((c) => c.tableId === table.tableId && c.seat === command.seat);
  if (offered)
    return reject(
      roomRejection(
        'SEAT_ALREADY_OFFERED',
        `seat ${command.seat} at table ${table.tableId} is already offered to ${offered.alias}; record their no-show or seat them first`,
        'seat',
      ),
    );
  if (table.seated.some((h) => h.seat === command.seat))
    return reject(roomRejection('SEAT_TAKEN', `seat ${command.seat} at table ${table.tableId} is taken`, 'seat'));
  const pending = callOf(state, command.playerId);
  if (pending)
    return reject(
      roomRejection(
        'PLAYER_ALREADY_CALLED',
        `player ${command.playerId} is already called to table ${pending.tableId}, seat ${pending.seat}`,
      ),
    );

  const queue = seatQueue(state, table);
  const index = queue.findIndex((c) => c.playerId === command.playerId);
  if (index < 0) {
    const seated = seatOf(state, command.playerId);
    if (seated?.table.tableId === table.tableId)
      return reject(roomRejection('PLAYER_ALREADY_SEATED', `player ${command.playerId} already sits at table ${table.tableId}`));
    if (seated) {
      return reject(
        roomRejection(
          'PLAYER_ALREADY_SEATED',
          `player ${command.playerId} already sits at table ${seated.table.tableId} of ${state.name} and has not asked to move here; a player plays at one table of a game`,
        ),
      );
    }
    return reject(
      roomRejection('PLAYER_NOT_LISTED', `player ${command.playerId} is not on the list for ${state.name}; add them to the list first`),
    );
  }
  const ahead = queue.slice(0, index);
  const passOver: readonly PassOver[] = command.passOver ?? [];
  for (const p of passOver) {
    if (!PASS_OVER_REASONS.includes(p.reason))
      return reject(
        roomRejection(
          'INVALID_PASS_OVER',
          `"${String(p.reason)}" is not a reason to pass a player over (${PASS_OVER_REASONS.join(', ')})`,
          'passOver',
        ),
      );
    if (!ahead.some((a) => a.playerId === p.playerId))
      return reject(
        roomRejection('INVALID_PASS_OVER', `player ${p.playerId} is not ahead of ${command.playerId} for this seat`, 'passOver'),
      );
  }
  const skipped = ahead.filter((a) => !passOver.some((p) => p.playerId === a.playerId));
  if (skipped.length > 0) {
    const names = skipped.map((a) => `${a.alias} (${a.route})`).join(', ');
    return reject(
      roomRejection(
        'CALL_OUT_OF_TURN',
        `${names} ${skipped.length === 1 ? 'is' : 'are'} ahead of ${queue[index]!.alias} for this seat; call them, or pass them over with a reason`,
        'passOver',
      ),
    );
  }
  const candidate = queue[index]!;
  return accept([
    {
      type: 'PlayerCalledToSeat',
      at: command.at,
      playerId: candidate.playerId,
      alias: candidate.alias,
      tableId: table.tableId,
      seat: command.seat,
      route: candidate.route,
      respondBy: respondBy(command.at, state.policies!.callResponseSeconds),
      passedOver: ahead.map((a) => ({ playerId: a.playerId, reason: passOver.find((p) => p.playerId === a.playerId)!.reason })),
    },
  ]);
}

/** A seat change at the table: the room's seat follows, unless the new seat is one the room holds for someone else. */
function moveSeat(command: Extract<RoomCommand, { type: 'MoveSeat' }>, state: GameState): RoomDecision {
  const table = tableOf(state, command.tableId);
  if (!table || table.broken)
    return reject(roomRejection('TABLE_NOT_IN_GAME', `table ${command.tableId} is not a table of ${state.name}`, 'tableId'));
  for (const field of ['from', 'to'] as const) {
    const seat = command[field];
    if (!Number.isInteger(seat) || seat < 1 || seat > table.seats)
      return reject(roomRejection('SEAT_OUT_OF_RANGE', `table ${table.tableId} has seats 1 to ${table.seats}`, field));
  }
  const holder = table.seated.find((h) => h.seat === command.from);
  if (!holder)
    return reject(roomRejection('SEAT_ALREADY_OPEN', `the room has nobody in seat ${command.from} at table ${table.tableId}`, 'from'));
  if (command.from === command.to) return reject(roomRejection('INVALID_COMMAND', 'a seat change goes to another seat', 'to'));
  const taken = table.seated.find((h) => h.seat === command.to);
  if (taken) return reject(roomRejection('SEAT_TAKEN', `seat ${command.to} at table ${table.tableId} is ${taken.alias}'s`, 'to'));
  const call = state.calls.find((c) => c.tableId === table.tableId && c.seat === command.to);
  if (call)
    return reject(
      roomRejection(
        'SEAT_ALREADY_OFFERED',
        `seat ${command.to} at table ${table.tableId} is offered to ${call.alias} (called at ${call.calledAt.slice(11, 19)} UTC); choose another seat, or record the call's outcome first`,
        'to',
      ),
    );
  return accept([
    { type: 'SeatMoved', at: command.at, tableId: table.tableId, from: command.from, to: command.to, playerId: holder.playerId },
  ]);
}

/**
 * A walk-in seated at the table: the room records them only if nobody is owed the seat (docs/room.md "Walk-ins"):
 * a seat offered to a called player, or anyone in line for the table (must-move players, table changes, the list:
 * seatQueue) ahead of the walk-in, and the table is refused before it writes. A listed player who is first in line
 * takes the seat and leaves the list, as if called.
 */
function seatWalkIn(command: Extract<RoomCommand, { type: 'SeatWalkIn' }>, state: GameState): RoomDecision {
  const table = tableOf(state, command.tableId);
  if (!table || table.broken)
    return reject(roomRejection('TABLE_NOT_IN_GAME', `table ${command.tableId} is not a table of ${state.name}`, 'tableId'));
  if (!Number.isInteger(command.seat) || command.seat < 1 || command.seat > table.seats) {
    return reject(
      roomRejection('SEAT_OUT_OF_RANGE', `seat ${command.seat} is not a seat of table ${table.tableId} (seats 1-${table.seats})`, 'seat'),
    );
  }
  if (!ID.test(command.playerId))
    return reject(roomRejection('INVALID_COMMAND', 'a player id is 1-64 letters, digits or . _ : -', 'playerId'));
  const offered = state.calls.find((c) => c.tableId === table.tableId && c.seat === command.seat);
  if (offered)
    return reject(
      roomRejection(
        'SEAT_ALREADY_OFFERED',
        `seat ${command.seat} at table ${table.tableId} is offered to ${offered.alias} (called at ${offered.calledAt.slice(11, 19)} UTC); seat them, or record the call's outcome first`,
        'seat',
      ),
    );
  const taken = table.seated.find((h) => h.seat === command.seat);
  if (taken) return reject(roomRejection('SEAT_TAKEN', `seat ${command.seat} at table ${table.tableId} is ${taken.alias}'s`, 'seat'));
  const seated = seatOf(state, command.playerId);
  if (seated)
    return reject(
      roomRejection(
        'PLAYER_ALREADY_SEATED',
        `player ${command.playerId} already sits at table ${seated.table.tableId}, seat ${seated.holder.seat} of ${state.name}; a player plays at one table of a game`,
        'playerId',
      ),
    );
  const call = callOf(state, command.playerId);
  if (call)
    return reject(
      roomRejection(
        'PLAYER_ALREADY_CALLED',
        `player ${command.playerId} is called to table ${call.tableId}, seat ${call.seat}; seat them there, or record the call's outcome first`,
        'playerId',
      ),
    );
  const queue = seatQueue(state, table);
  const place = queue.findIndex((c) => c.playerId === command.playerId);
  if (queue.length > 0 && place !== 0) {
    const first = queue[0]!;
    const waiting = place < 0 ? queue.length : place;
    return reject(
      roomRejection(
        'LIST_AHEAD',
        `${waiting} ${waiting === 1 ? 'player is' : 'players are'} ahead for a seat at table ${table.tableId} (first: ${first.alias}, ${first.route}); call them from the room's board, or put this player on the list`,
        'seat',
      ),
    );
  }
  const listed = state.list.find((e) => e.playerId === command.playerId);
  let alias: string;
  if (listed) alias = listed.alias;
  else if (command.alias !== undefined) {
    if (!ALIAS.test(command.alias))
      return reject(
        roomRejection('INVALID_COMMAND', "an alias is 1-16 letters, digits, spaces or . ' _ - (initials or a nickname)", 'alias'),
      );
    if (aliasInUse(state, command.alias, command.playerId))
      return reject(roomRejection('ALIAS_TAKEN', `alias "${command.alias}" is already used in ${state.name}`, 'alias'));
    alias = command.alias;
  } else alias = walkInAlias(state, command.playerId);
  return accept([
    {
      type: 'WalkInSeated',
      at: command.at,
      tableId: table.tableId,
      seat: command.seat,
      playerId: command.playerId,
      alias,
      fromList: listed !== undefined,
    },
  ]);
}

/** "Walk-in <n>": the smallest n no one in the game uses yet (deterministic, so a replay gives the same alias). */
function walkInAlias(state: GameState, playerId: string): string {
  for (let n = 1; ; n++) if (!aliasInUse(state, `Walk-in ${n}`, playerId)) return `Walk-in ${n}`;
}

/** The room's own consequences of the command's events: a must-move table left empty breaks; a long list is due a table. */
function automatic(events: readonly RoomEvent[], before: GameState, at: string): RoomEvent[] {
  let state = before;
  for (const e of events) state = evolveGame(state, e);
  const out: RoomEvent[] = [];
  for (const e of events) {
    const left = e.type === 'SeatVacated' ? e.tableId : e.type === 'SeatTaken' && e.from ? e.from.tableId : null;
    if (left === null) continue;
    const table = tableOf(state, left);
    if (table?.mustMove && !table.broken && table.seated.length === 0 && !state.calls.some((c) => c.tableId === left))
      out.push({ type: 'TableBroken', at, tableId: left });
  }
  const waiting = waitingCount(state);
  if (
    !state.newTableDue &&
    events.some((e) => e.type === 'PlayerListed') &&
    newTableDue(waiting, state.policies!.newTableAt) &&
    allTablesFull(state)
  ) {
    out.push({ type: 'NewTableDue', at, waiting });
  }
  return out;
}

/** A new table is due only when the game's tables have no seat left to offer (an interest list has none at all). */
function allTablesFull(state: GameState): boolean {
  return state.tables.every((t: GameTable) => t.broken || openSeats(state, t).length === 0);
}

function aliasInUse(state: GameState, alias: string, playerId: string): boolean {
  const same = (a: string) => a.toLowerCase() === alias.toLowerCase();
  return (
    state.list.some((e) => e.playerId !== playerId && same(e.alias)) ||
    state.tables.some((t) => !t.broken && t.seated.some((h) => h.playerId !== playerId && same(h.alias)))
  );
}

function validSeats(seats: number): boolean {
  return Number.isInteger(seats) && seats >= 2 && seats <= MAX_SEATS;
}

function validTime(at: unknown): boolean {
  return typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(at) && Number.isFinite(Date.parse(at));
}
