import type { TournamentEvent } from './events';
import type { Entry, TournamentState } from './state';

/** Records what happened. Total and pure: every event was decided against the state it is applied to. */
export function evolveTournament(state: TournamentState, event: TournamentEvent): TournamentState {
  switch (event.type) {
    case 'TournamentCreated':
      return { ...state, status: 'open', tournamentId: event.tournamentId, structure: event.structure };
    case 'TableAdded':
      return {
        ...state,
        tables: [...state.tables, { tableId: event.tableId, seats: event.seats, inPlay: false, broken: false, button: null }],
      };
    case 'PlayerRegistered': {
      const entry: Entry = {
        entryId: event.entryId,
        playerId: event.playerId,
        alias: event.alias,
        entryNumber: event.entryNumber,
        status: event.seat ? 'seated' : 'registered',
        chips: event.chips,
        seat: event.seat,
        rebuys: 0,
        addOn: false,
        bust: null,
      };
      const next = { ...state, entries: [...state.entries, entry], buyIns: { ...state.buyIns, entries: state.buyIns.entries + 1 } };
      return event.seat ? inPlay(next, event.seat.tableId) : next;
    }
    case 'PlayerUnregistered':
      return {
        ...withEntry(state, event.entryId, (e) => ({ ...e, status: 'unregistered', chips: 0 })),
        buyIns: { ...state.buyIns, entries: state.buyIns.entries - 1 },
      };
    case 'SeatsDrawn': {
      let next: TournamentState = { ...state, status: 'running' };
      for (const s of event.seats) {
        next = withEntry(next, s.entryId, (e) => ({ ...e, status: 'seated', seat: { tableId: s.tableId, seat: s.seat } }));
        next = inPlay(next, s.tableId);
      }
      return next;
    }
    case 'ClockStarted':
      return { ...state, clock: { status: 'running', step: event.step, endsAt: event.endsAt, remainingMs: null } };
    case 'LevelStarted':
      return { ...state, clock: { ...state.clock, step: event.step, endsAt: event.endsAt, remainingMs: event.remainingMs } };
    case 'ClockPaused':
      return { ...state, clock: { ...state.clock, status: 'paused', endsAt: null, remainingMs: event.remainingMs } };
    case 'ClockResumed':
      return { ...state, clock: { ...state.clock, status: 'running', endsAt: event.endsAt, remainingMs: null } };
    case 'TimeAdded':
      return { ...state, clock: { ...state.clock, endsAt: event.endsAt, remainingMs: event.remainingMs } };
    case 'HandRecorded': {
      // A table of one player deals no hand: its stacks recorded as they are are not its hand-for-hand hand.
      let next: TournamentState =
        state.handForHand && event.stacks.length >= 2
          ? { ...state, handForHand: { ...state.handForHand, reported: [...state.handForHand.reported, event.tableId] } }
          : state;
      // One pass over the field for the table's stacks (a 600-entry field reports a hand every few seconds).
      const chips = new Map(event.stacks.map((s) => [s.entryId, s.chips]));
      next = { ...next, entries: next.entries.map((e) => (chips.has(e.entryId) ? { ...e, chips: chips.get(e.entryId)! } : e)) };
      return { ...next, tables: next.tables.map((t) => (t.tableId === event.tableId ? { ...t, button: event.button } : t)) };
    }
    case 'PlayerBusted': {
      const next = withEntry(state, event.entryId, (e) => ({
        ...e,
        status: 'busted',
        chips: 0,
        seat: null,
        bust: { round: event.round, startStack: event.startStack },
      }));
      return { ...next, bustRounds: Math.max(state.bustRounds, event.round), moves: next.moves.filter((m) => m.entryId !== event.entryId) };
    }
    case 'MoveProposed':
      return { ...state, moves: [...state.moves, { entryId: event.entryId, from: event.from, to: event.to, reason: event.reason }] };
    case 'MoveOverridden':
      return { ...state, moves: state.moves.map((m) => (m.entryId === event.entryId ? { ...m, to: event.to } : m)) };
    case 'PlayerMoved':
      return inPlay(
        {
          ...withEntry(state, event.entryId, (e) => ({ ...e, seat: event.to, chips: event.chips })),
          moves: state.moves.filter((m) => m.entryId !== event.entryId),
        },
        event.to.tableId,
      );
    case 'TableBroken':
      return { ...state, tables: state.tables.map((t) => (t.tableId === event.tableId ? { ...t, broken: true } : t)) };
    case 'ChipRaceRun': {
      let next = state;
      let delta = 0;
      for (const r of event.results) {
        const change = r.won * event.nextChip - r.removed;
        delta += change;
        next = withEntry(next, r.entryId, (e) => ({ ...e, chips: e.chips + change }));
      }
      return { ...next, raceAdjustment: state.raceAdjustment + delta, racedSteps: [...state.racedSteps, event.step] };
    }
    case 'HandForHandStarted':
      return { ...state, handForHand: { round: event.round, reported: [] } };
    case 'HandForHandEnded':
      return { ...state, handForHand: null };
    case 'HandForHandRoundEnded':
      return { ...state, handForHand: { round: Math.max(state.bustRounds, event.round) + 1, reported: [] } };
    case 'DealMade':
      return { ...state, deal: event }; // TournamentFinished follows a deal that leaves nothing to play for.
    case 'Rebought':
      return {
        ...withEntry(state, event.entryId, (e) => ({ ...e, chips: e.chips + event.chips, rebuys: e.rebuys + 1 })),
        buyIns: { ...state.buyIns, rebuys: state.buyIns.rebuys + 1 },
      };
    case 'AddOnTaken':
      return {
        ...withEntry(state, event.entryId, (e) => ({ ...e, chips: e.chips + event.chips, addOn: true })),
        buyIns: { ...state.buyIns, addOns: state.buyIns.addOns + 1 },
      };
    case 'TournamentFinished':
      return { ...state, status: 'finished', finished: event };
  }
}

function withEntry(state: TournamentState, entryId: string, change: (e: Entry) => Entry): TournamentState {
  return { ...state, entries: state.entries.map((e) => (e.entryId === entryId ? change(e) : e)) };
}

function inPlay(state: TournamentState, tableId: string): TournamentState {
  return { ...state, tables: state.tables.map((t) => (t.tableId === tableId && !t.inPlay ? { ...t, inPlay: true } : t)) };
}
