import { accept, reject, type Decision } from '@felt/engine';
import { activeTables, lateEntrySeat, openSeats } from './balancing';
import { decideClock } from './clock';
import type { TournamentCommand } from './commands';
import type { TournamentEvent } from './events';
import { evolveTournament } from './evolve';
import { finish, recordHand } from './hands';
import { tournamentRejection as refuse, type TournamentRejection } from './rejections';
import { currentPlayLevel, entryOf, isAlive, registrationOpen, tableOf, type TournamentState } from './state';
import { parseStructure, priceOf } from './structure';
import { chipRace, raceTickets } from './chip-race';
import { decideDeal } from './decide-deal';

export type TournamentDecision = Decision<TournamentEvent, TournamentRejection>;

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
const ALIAS = /^[\p{L}\p{N}][\p{L}\p{N} .'_-]{0,15}$/u;
const KEY_MAX = 0xffffffff;

/** Decides a command against a tournament's state: events, or a refusal in a sentence the floor understands. */
export function decideTournament(command: TournamentCommand, state: TournamentState): TournamentDecision {
  if (typeof command.at !== 'string' || Number.isNaN(Date.parse(command.at)))
    return reject(refuse('INVALID_COMMAND', 'the command has no valid time (at, ISO-8601)', 'at'));
  const keys = 'keys' in command ? command.keys : undefined;
  if (keys !== undefined && (keys.length > 2000 || keys.some((k) => !Number.isInteger(k) || k < 0 || k > KEY_MAX)))
    return reject(refuse('INVALID_COMMAND', 'keys are at most 2000 whole numbers from 0 to 4294967295', 'keys'));
  if (command.type === 'CreateTournament') return create(command, state);
  if (state.status === 'none') return reject(refuse('TOURNAMENT_NOT_CREATED', 'this tournament has not been created'));
  if (state.status === 'finished') return reject(refuse('TOURNAMENT_FINISHED', `tournament ${state.tournamentId} is over`));
  switch (command.type) {
    case 'AddTable':
      if (!ID.test(command.tableId)) return reject(refuse('INVALID_COMMAND', 'a table id is 1-64 letters, digits or . _ : -', 'tableId'));
      if (tableOf(state, command.tableId))
        return reject(refuse('TABLE_ALREADY_ADDED', `table ${command.tableId} is already in the tournament`));
      return accept([{ type: 'TableAdded', at: command.at, tableId: command.tableId, seats: state.structure!.seatsPerTable }]);
    case 'Register':
    case 'ReEnter':
      return register(command, state);
    case 'Unregister':
      return unregister(command, state);
    case 'DrawSeats':
      return drawSeats(command, state);
    case 'StartClock':
    case 'PauseClock':
    case 'ResumeClock':
    case 'AddTime':
      return decideClock(command, state);
    case 'AdvanceLevel': {
      const advanced = decideClock(command, state);
      if (!advanced.ok) return advanced;
      const after = advanced.events.reduce(evolveTournament, state);
      // The last player standing wins once registration closes.
      const done = after.status === 'running' && after.entries.filter(isAlive).length === 1 && !registrationOpen(after);
      return done ? accept([...advanced.events, finish(after, command.at)]) : advanced;
    }
    case 'RecordHand':
      return recordHand(command, state);
    case 'OverrideMove':
      return overrideMove(command, state);
    case 'Rebuy':
    case 'AddOn':
      return topUp(command, state);
    case 'ColourUp':
      return colourUp(command, state);
    case 'Deal':
      return decideDeal(command, state);
    case 'HandForHand':
      if (command.on === (state.handForHand !== null))
        return reject(refuse('INVALID_COMMAND', `hand-for-hand is already ${command.on ? 'on' : 'off'}`, 'on'));
      return accept([
        command.on
          ? { type: 'HandForHandStarted', at: command.at, round: state.bustRounds + 1 }
          : { type: 'HandForHandEnded', at: command.at },
      ]);
  }
}

function create(command: Extract<TournamentCommand, { type: 'CreateTournament' }>, state: TournamentState): TournamentDecision {
  if (state.status !== 'none') return reject(refuse('TOURNAMENT_ALREADY_CREATED', `tournament ${state.tournamentId} already exists`));
  if (!ID.test(command.tournamentId))
    return reject(refuse('INVALID_COMMAND', 'a tournament id is 1-64 letters, digits or . _ : -', 'tournamentId'));
  const parsed = parseStructure(command.structure);
  if (!parsed.ok) return reject(refuse('INVALID_STRUCTURE', parsed.message, `structure.${parsed.field}`));
  return accept([{ type: 'TournamentCreated', at: command.at, tournamentId: command.tournamentId, structure: parsed.structure }]);
}

function register(command: Extract<TournamentCommand, { type: 'Register' | 'ReEnter' }>, state: TournamentState): TournamentDecision {
  const structure = state.structure!;
  if (!ID.test(command.playerId)) return reject(refuse('INVALID_COMMAND', 'a player id is 1-64 letters, digits or . _ : -', 'playerId'));
  if (!registrationOpen(state))
    return reject(refuse('REGISTRATION_CLOSED', `registration closed at the end of level ${structure.lateRegistrationLevel}`));
  const mine = state.entries.filter((e) => e.playerId === command.playerId && e.status !== 'unregistered');
  let alias: string;
  if (command.type === 'Register') {
    if (mine.length > 0)
      return reject(refuse('PLAYER_ALREADY_REGISTERED', `player ${command.playerId} is already registered; a busted player re-enters`));
    if (!ALIAS.test(command.alias))
      return reject(refuse('INVALID_COMMAND', "an alias is 1-16 letters, digits, spaces or . ' _ - (initials or a nickname)", 'alias'));
    if (state.entries.some((e) => e.alias === command.alias && e.playerId !== command.playerId && e.status !== 'unregistered'))
      return reject(
        refuse('ALIAS_TAKEN', `alias "${command.alias}" is already used; add a letter so the board can tell players apart`, 'alias'),
      );
    alias = command.alias;
  } else {
    if (mine.length === 0)
      return reject(refuse('ENTRY_NOT_FOUND', `player ${command.playerId} has no entry to re-enter; register instead`));
    if (mine.some(isAlive)) return reject(refuse('ENTRY_STILL_ALIVE', `player ${command.playerId} is still in the tournament`));
    if (mine.length >= structure.maxEntriesPerPlayer)
      return reject(refuse('ENTRY_LIMIT_REACHED', `a player may enter ${structure.maxEntriesPerPlayer} time(s) in all`));
    alias = mine[mine.length - 1]!.alias;
  }
  const entryNumber = state.entries.filter((e) => e.playerId === command.playerId).length + 1;
  let seat = null;
  let key = null;
  if (state.status === 'running') {
    key = command.keys?.[0];
    if (key === undefined) return reject(refuse('INVALID_COMMAND', "a late entry's seat is drawn: one random key is needed", 'keys'));
    seat = lateEntrySeat(state, key);
    if (!seat) return reject(refuse('NO_SEAT_FREE', 'every table is full; add a table first'));
  }
  return accept([
    {
      type: 'PlayerRegistered',
      at: command.at,
      entryId: `${command.playerId}#${entryNumber}`,
      playerId: command.playerId,
      alias,
      entryNumber,
      fees: structure.entry,
      chips: structure.startingStack,
      seat,
      key,
    },
  ]);
}

function unregister(command: Extract<TournamentCommand, { type: 'Unregister' }>, state: TournamentState): TournamentDecision {
  const entry = entryOf(state, command.entryId);
  if (!entry || entry.status === 'unregistered')
    return reject(refuse('ENTRY_NOT_FOUND', `there is no entry ${command.entryId}`, 'entryId'));
  if (state.status !== 'open' || entry.status !== 'registered')
    return reject(refuse('UNREGISTER_CLOSED', 'a player may unregister only before the seat draw'));
  return accept([{ type: 'PlayerUnregistered', at: command.at, entryId: entry.entryId, refund: priceOf(state.structure!.entry) }]);
}

/**
 * The seat draw: the registered entries (in registration order) take the seats of the first tables, the players
 * spread evenly (tables within one), entry i taking seat permutation[i]. The permutation is the server's draw.
 */
function drawSeats(command: Extract<TournamentCommand, { type: 'DrawSeats' }>, state: TournamentState): TournamentDecision {
  if (state.status !== 'open') return reject(refuse('SEATS_ALREADY_DRAWN', 'the seats have been drawn already'));
  const entries = state.entries.filter((e) => e.status === 'registered');
  const per = state.structure!.seatsPerTable;
  if (entries.length < 2) return reject(refuse('TOO_FEW_ENTRIES', `${entries.length} entries: a tournament needs at least 2`));
  const needed = Math.ceil(entries.length / per);
  const tables = state.tables.filter((t) => !t.broken).slice(0, needed);
  if (tables.length < needed)
    return reject(
      refuse('TOO_FEW_TABLES', `${entries.length} entries need ${needed} tables of ${per}; add ${needed - tables.length} more`),
    );
  const p = command.permutation;
  const seen = new Set(p);
  if (p.length !== entries.length || seen.size !== p.length || p.some((i) => !Number.isInteger(i) || i < 0 || i >= p.length))
    return reject(refuse('INVALID_DRAW', `the draw is a permutation of 0..${entries.length - 1}`, 'permutation'));
  const seats = tables.flatMap((t, j) => {
    const count = Math.floor(entries.length / needed) + (j < entries.length % needed ? 1 : 0);
    return Array.from({ length: count }, (_, i) => ({ tableId: t.tableId, seat: i + 1 }));
  });
  return accept([
    { type: 'SeatsDrawn', at: command.at, permutation: [...p], seats: entries.map((e, i) => ({ entryId: e.entryId, ...seats[p[i]!]! })) },
  ]);
}

function overrideMove(command: Extract<TournamentCommand, { type: 'OverrideMove' }>, state: TournamentState): TournamentDecision {
  const move = state.moves.find((m) => m.entryId === command.entryId);
  if (!move) return reject(refuse('MOVE_NOT_PENDING', `no move is pending for ${command.entryId}`, 'entryId'));
  const reason = typeof command.reason === 'string' ? command.reason.trim() : '';
  if (reason.length < 3 || reason.length > 200)
    return reject(refuse('INVALID_COMMAND', 'an override gives its reason (3 to 200 characters)', 'reason'));
  const table = activeTables(state).find((t) => t.tableId === command.to.tableId);
  if (!table || table.tableId === move.from.tableId)
    return reject(refuse('TABLE_NOT_IN_PLAY', `table ${command.to.tableId} cannot take a moved player`, 'to.tableId'));
  if (!openSeats(state, table).includes(command.to.seat))
    return reject(refuse('SEAT_TAKEN', `seat ${command.to.seat} of table ${table.tableId} is not open`, 'to.seat'));
  return accept([
    { type: 'MoveOverridden', at: command.at, entryId: move.entryId, to: { tableId: table.tableId, seat: command.to.seat }, reason },
  ]);
}

function topUp(command: Extract<TournamentCommand, { type: 'Rebuy' | 'AddOn' }>, state: TournamentState): TournamentDecision {
  const structure = state.structure!;
  const entry = entryOf(state, command.entryId);
  if (!entry || !isAlive(entry)) return reject(refuse('ENTRY_NOT_FOUND', `${command.entryId} is not in the tournament`, 'entryId'));
  if (command.type === 'Rebuy') {
    const rule = structure.rebuy;
    const why = !rule
      ? 'this tournament has no rebuys'
      : currentPlayLevel(state) > rule.untilLevel
        ? `rebuys ended with level ${rule.untilLevel}`
        : entry.rebuys >= rule.max
          ? `a player may rebuy ${rule.max} time(s)`
          : entry.chips > rule.atOrBelow
            ? `a rebuy is for a stack of ${rule.atOrBelow} or less`
            : null;
    if (why) return reject(refuse('REBUY_NOT_ALLOWED', why));
    if (state.deal) return reject(refuse('REBUY_NOT_ALLOWED', 'the prizes were shared by a deal: no more money comes in'));
    return accept([{ type: 'Rebought', at: command.at, entryId: entry.entryId, fees: rule!.fees, chips: rule!.chips }]);
  }
  const rule = structure.addOn;
  const level = structure.levels[state.clock.step];
  const onBreak = state.clock.status !== 'not-started' && level?.kind === 'break' && level.addOn;
  const why = !rule
    ? 'this tournament has no add-on'
    : !onBreak
      ? 'the add-on is offered at its break only'
      : entry.addOn
        ? 'one add-on per entry'
        : null;
  if (why) return reject(refuse('ADD_ON_NOT_ALLOWED', why));
  if (state.deal) return reject(refuse('ADD_ON_NOT_ALLOWED', 'the prizes were shared by a deal: no more money comes in'));
  return accept([{ type: 'AddOnTaken', at: command.at, entryId: entry.entryId, fees: rule!.fees, chips: rule!.chips }]);
}

function colourUp(command: Extract<TournamentCommand, { type: 'ColourUp' }>, state: TournamentState): TournamentDecision {
  const { step } = state.clock;
  const level = state.structure!.levels[step];
  if (state.clock.status === 'not-started' || level?.kind !== 'break' || !level.colourUp)
    return reject(refuse('NO_COLOUR_UP', 'there is a colour-up only at a break that has one'));
  if (state.racedSteps.includes(step)) return reject(refuse('NO_COLOUR_UP', "this break's chips have been raced already"));
  const { chip, nextChip } = level.colourUp;
  const seen = new Set<string>();
  const odd = [];
  for (const o of command.odd) {
    const entry = entryOf(state, o.entryId);
    if (!entry || !isAlive(entry) || seen.has(o.entryId))
      return reject(refuse('ENTRY_NOT_FOUND', `${o.entryId} is not in the tournament, or is listed twice`, 'odd'));
    seen.add(o.entryId);
    if (!Number.isInteger(o.chips) || o.chips < 1 || o.chips * chip >= nextChip || o.chips * chip > entry.chips)
      return reject(
        refuse('INVALID_COMMAND', `${o.entryId}: odd chips are 1 to ${nextChip / chip - 1} of the ${chip} chip, within the stack`, 'odd'),
      );
    odd.push({ entryId: o.entryId, chips: o.chips, stack: entry.chips });
  }
  const keys = command.keys ?? [];
  const needed = raceTickets(odd);
  if (keys.length < needed) return reject(refuse('INVALID_COMMAND', `the race needs ${needed} random keys, one per odd chip`, 'keys'));
  const results = chipRace(odd, chip, nextChip, keys);
  return accept([{ type: 'ChipRaceRun', at: command.at, step, chip, nextChip, results, keys: keys.slice(0, needed) }]);
}
