import { accept, reject, type Decision } from '@felt/engine';
import { rebalance } from './balancing';
import type { TournamentCommand } from './commands';
import type { TournamentEvent } from './events';
import { evolveTournament } from './evolve';
import { payoutsOf, prizePoolOf, type FinishGroup } from './payouts';
import { tournamentRejection as refuse, type TournamentRejection } from './rejections';
import { isAlive, registrationOpen, seatedAt, tableOf, type TournamentState } from './state';

type Decided = Decision<TournamentEvent, TournamentRejection>;

/**
 * A hand played at a table: every seated player's stack after it (the table reports them; the engine will). No
 * chip enters or leaves a table but by the tournament, so the stacks must add up to what the table held. Then, in
 * order: the players left with nothing bust (one round per hand), the players due to move from this table move
 * with their chips, an emptied breaking table breaks, the moves the field needs now are proposed, and the last
 * player standing ends the tournament.
 */
export function recordHand(command: Extract<TournamentCommand, { type: 'RecordHand' }>, state: TournamentState): Decided {
  const { at, tableId } = command;
  const table = tableOf(state, tableId);
  if (!table || !table.inPlay || table.broken)
    return reject(refuse('TABLE_NOT_IN_PLAY', `table ${tableId} is not in play in this tournament`, 'tableId'));
  if (!Number.isInteger(command.button) || command.button < 1 || command.button > table.seats)
    return reject(refuse('INVALID_COMMAND', `the button is a seat from 1 to ${table.seats}`, 'button'));
  const seated = seatedAt(state, tableId);
  if (seated.length >= 2 && state.handForHand?.reported.includes(tableId))
    return reject(
      refuse('WAITING_FOR_HAND_FOR_HAND', `hand-for-hand: table ${tableId} has played this hand; it waits for the other tables`),
    );
  const reported = new Map<string, number>();
  for (const s of command.stacks) {
    if (!Number.isSafeInteger(s.chips) || s.chips < 0)
      return reject(refuse('INVALID_COMMAND', `${s.entryId}'s stack is a whole number of chips, at least 0`, 'stacks'));
    reported.set(s.entryId, s.chips);
  }
  if (reported.size !== command.stacks.length || reported.size !== seated.length || seated.some((e) => !reported.has(e.entryId)))
    return reject(
      refuse(
        'STACKS_DO_NOT_MATCH_TABLE',
        `table ${tableId} seats ${seated.map((e) => e.entryId).join(', ') || 'nobody'}; report each of their stacks once`,
        'stacks',
      ),
    );
  const before = seated.reduce((n, e) => n + e.chips, 0);
  const after = command.stacks.reduce((n, s) => n + s.chips, 0);
  if (before !== after)
    return reject(
      refuse('CHIPS_NOT_CONSERVED', `table ${tableId} held ${before} chips and reports ${after}: chips come and go only by the tournament`),
    );

  const events: TournamentEvent[] = [];
  let s = state;
  const record = (e: TournamentEvent) => {
    events.push(e);
    s = evolveTournament(s, e);
  };
  record({
    type: 'HandRecorded',
    at,
    tableId,
    button: command.button,
    stacks: command.stacks.map((x) => ({ entryId: x.entryId, chips: x.chips })),
  });
  // Hand-for-hand: the busts of every table's hand share one round (places by starting stacks across tables).
  const round = state.handForHand?.round ?? state.bustRounds + 1;
  for (const e of seated)
    if (reported.get(e.entryId) === 0)
      record({ type: 'PlayerBusted', at, entryId: e.entryId, tableId, seat: e.seat!.seat, round, startStack: e.chips });
  for (const m of s.moves.filter((m) => m.from.tableId === tableId))
    record({ type: 'PlayerMoved', at, entryId: m.entryId, from: m.from, to: m.to, chips: reported.get(m.entryId)! });
  if (s.handForHand && playingTables(s).every((t) => s.handForHand!.reported.includes(t)))
    record({ type: 'HandForHandRoundEnded', at, round: s.handForHand.round });
  const finishing = settle(s, at, command.keys ?? []);
  if (!finishing.ok) return finishing;
  return accept([...events, ...finishing.events]);
}

/** What follows any change of who sits where: emptied breaking tables break, moves are proposed, a winner finishes it. */
export function settle(state: TournamentState, at: string, keys: readonly number[]): Decided {
  const events: TournamentEvent[] = [];
  let s = state;
  const record = (e: TournamentEvent) => {
    events.push(e);
    s = evolveTournament(s, e);
  };
  for (const t of s.tables)
    if (t.inPlay && !t.broken && seatedAt(s, t.tableId).length === 0 && !s.moves.some((m) => m.to.tableId === t.tableId))
      record({ type: 'TableBroken', at, tableId: t.tableId });
  const alive = s.entries.filter(isAlive);
  if (alive.length === 1 && !registrationOpen(s)) {
    record(finish(s, at));
    return accept(events);
  }
  const moves = rebalance(s, at, keys);
  if (!moves.ok)
    return reject(
      refuse('INVALID_COMMAND', `a table breaks: ${moves.keysNeeded} random keys are needed to draw its players' seats`, 'keys'),
    );
  return accept([...events, ...moves.events]);
}

/**
 * The results: the last player first; then the busts from the latest round back, within a round the bigger
 * starting stack higher, equal starting stacks sharing the place (and its prize, payouts.ts).
 */
export function finish(state: TournamentState, at: string): Extract<TournamentEvent, { type: 'TournamentFinished' }> {
  // The players still in: one winner, or after a deal that ends it every one of them, placed by chips (⚙ entry order
  // on a tie).
  const alive = state.entries.filter(isAlive).sort((a, b) => b.chips - a.chips);
  const groups: FinishGroup[] = alive.map((e, i) => ({ place: i + 1, entryIds: [e.entryId] }));
  const busted = state.entries.filter((e) => e.status === 'busted');
  let place = alive.length + 1;
  for (let round = state.bustRounds; round >= 1; round--) {
    const inRound = busted.filter((e) => e.bust!.round === round).sort((a, b) => b.bust!.startStack - a.bust!.startStack);
    for (let i = 0; i < inRound.length;) {
      const tied = inRound.filter((e) => e.bust!.startStack === inRound[i]!.bust!.startStack);
      groups.push({ place, entryIds: tied.map((e) => e.entryId) });
      place += tied.length;
      i += tied.length;
    }
  }
  const pool = prizePoolOf(state.structure!, state.buyIns);
  const prizes = new Map(payoutsOf(state.structure!, pool.prizePool, state.buyIns.entries, groups).map((p) => [p.entryId, p.amount]));
  // A deal's players are paid their share, whatever their place; the winner takes what it left to play for too.
  const shares = new Map(state.deal?.shares.map((s) => [s.entryId, s.amount]));
  const left = state.deal?.leftToPlayFor ?? 0;
  const results = groups.flatMap((g) =>
    g.entryIds.map((entryId) => ({
      entryId,
      playerId: state.entries.find((e) => e.entryId === entryId)!.playerId,
      place: g.place,
      prize: shares.has(entryId) ? shares.get(entryId)! + (g.place === 1 ? left : 0) : (prizes.get(entryId) ?? 0),
    })),
  );
  return { type: 'TournamentFinished', at, pool, results };
}

/** The tables a hand-for-hand round waits for: in play, not broken, with two players or more (one alone deals no hand). */
function playingTables(state: TournamentState): string[] {
  return state.tables.filter((t) => t.inPlay && !t.broken && seatedAt(state, t.tableId).length >= 2).map((t) => t.tableId);
}
