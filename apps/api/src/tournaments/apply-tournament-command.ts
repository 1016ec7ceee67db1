import { randomInt } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler } from '@nestjs/cqrs';
import {
  raceTickets,
  tournamentDecider,
  tournamentIdOf,
  tournamentStreamIdOf,
  toNewTournamentEvent,
  withArrivals,
  type TournamentCommand,
  type TournamentEvent,
  type TournamentRejection,
  type TournamentState,
} from '@felt/tournament';
import { EventStore, StreamCommandHandler, type StreamOutcome } from '@felt/event-store';
import type { StreamCommandRequest } from '../tables/command-envelope';
import { requestKeyReusedBy } from '../tables/request-fingerprint';
import { TournamentStreams, type FoldedTournament } from './tournament-streams';

/** A command as the routes send it: without the random draws, which are made against the fold it is decided on. */
export type TournamentCommandInput =
  Exclude<TournamentCommand, { type: 'DrawSeats' }> | { readonly type: 'DrawSeats'; readonly at: string };

export interface TournamentCommandRequest extends StreamCommandRequest<TournamentCommandInput> {
  readonly tournamentId: string;
  /** A RecordHand read from an engine table's seats by the API (tournament-tables.ts), not typed in: see withArrivals. */
  readonly fromTable?: boolean;
}

export type TournamentOutcome = StreamOutcome<FoldedTournament, TournamentRejection>;

export class ApplyTournamentCommand extends Command<TournamentOutcome> {
  constructor(readonly request: TournamentCommandRequest) {
    super();
  }
}

/** Keys a command may draw seats with: a broken table's players at most (10 a table). */
const KEYS = 10;
const KEY_BOUND = 2 ** 32;

/**
 * The random draws a command needs, from the server's CSPRNG, made against the fold the command is decided on (so
 * a seat draw's permutation covers exactly the entries registered then). The decider records what it used on its
 * events (SeatsDrawn.permutation, PlayerRegistered.key, MoveProposed.key, ChipRaceRun.keys): a regulator re-decides with them.
 */
export function withDraws(command: TournamentCommandInput, state: TournamentState): TournamentCommand {
  if (command.type === 'DrawSeats') {
    const n = state.entries.filter((e) => e.status === 'registered').length;
    const permutation = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [permutation[i], permutation[j]] = [permutation[j]!, permutation[i]!];
    }
    return { ...command, permutation };
  }
  if (command.type === 'Register' || command.type === 'ReEnter' || command.type === 'RecordHand') return { ...command, keys: drawKeys() };
  // The chip race: one key per odd chip (libs/tournament chip-race.ts).
  if (command.type === 'ColourUp') return { ...command, keys: keys(Math.min(2000, raceTickets(command.odd))) };
  return command;
}

const keys = (n: number) => Array.from({ length: n }, () => randomInt(KEY_BOUND));

/** The keys a command that may seat players draws with (a RecordHand's: a broken table's players). */
export const drawKeys = (): number[] => keys(KEYS);

/**
 * Each decision's time, for whoever listens (bench/tournament-api.bench.ts preloads a listener into the API): the
 * balancing proposals are made inside the decider, so they are timed where they are made. Nothing is timed or
 * published while nobody listens.
 */
export const TOURNAMENT_DECISIONS = channel('felt:tournament:decision');

export interface TournamentDecisionTiming {
  readonly type: TournamentCommand['type'];
  readonly ms: number;
  /** The process's CPU time over the decision (wall time also counts other processes' turns on a busy machine). */
  readonly cpuMs: number;
  readonly events: readonly string[];
}

const decided = (command: TournamentCommandInput, state: TournamentState) => timedDecide(withDraws(command, state), state);

/** The decider, timed for the listener of TOURNAMENT_DECISIONS when there is one. */
export function timedDecide(command: TournamentCommand, state: TournamentState): ReturnType<typeof tournamentDecider.decide> {
  if (!TOURNAMENT_DECISIONS.hasSubscribers) return tournamentDecider.decide(command, state);
  const began = performance.now();
  const cpu = process.cpuUsage();
  const decision = tournamentDecider.decide(command, state);
  const used = process.cpuUsage(cpu);
  const timing: TournamentDecisionTiming = {
    type: command.type,
    ms: performance.now() - began,
    cpuMs: (used.user + used.system) / 1000,
    events: decision.ok ? decision.events.map((e) => e.type) : [],
  };
  TOURNAMENT_DECISIONS.publish(timing);
  return decision;
}

/** One tournament command through the one command path (StreamCommandHandler), as the room's; only CreateTournament starts a stream. */
@CommandHandler(ApplyTournamentCommand)
export class ApplyTournamentCommandHandler extends StreamCommandHandler<
  TournamentCommandRequest,
  FoldedTournament,
  TournamentEvent,
  TournamentRejection
> {
  constructor(@Inject(EventStore) store: EventStore, @Inject(TournamentStreams) streams: TournamentStreams) {
    super(store, {
      streamIdOf: (request) => tournamentStreamIdOf(request.tournamentId),
      fold: (streamId) => streams.caughtUp(tournamentIdOf(streamId)!),
      mayStart: (request) => request.command.type === 'CreateTournament',
      decide: (request, folded) => {
        const { command } = request;
        const read = request.fromTable && command.type === 'RecordHand' ? withArrivals(command, folded.state) : command;
        return decided(read, folded.state);
      },
      toNewEvent: toNewTournamentEvent,
      advance: (folded, events, version) => streams.advance(folded, events, version),
      keyReusedBy: requestKeyReusedBy,
    });
  }
}
