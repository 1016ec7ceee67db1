import { randomInt } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  raceTickets,
  tournamentDecider,
  tournamentIdOf,
  tournamentStreamIdOf,
  toNewTournamentEvent,
  type TournamentCommand,
  type TournamentRejection,
  type TournamentState,
} from '@felt/tournament';
import { EventStore, StreamCommands, type RecordedEvent, type StreamKind } from '@felt/event-store';
import type { CommandMetadata } from '../tables/command-request';
import { keyReusedBy } from '../tables/request-fingerprint';
import { TournamentStreams, type FoldedTournament } from './tournament-streams';

/** A command as the routes send it: without the random draws, which are made against the fold it is decided on. */
export type TournamentCommandInput =
  Exclude<TournamentCommand, { type: 'DrawSeats' }> | { readonly type: 'DrawSeats'; readonly at: string };

export interface TournamentCommandRequest {
  readonly tournamentId: string;
  readonly command: TournamentCommandInput;
  readonly commandId: string;
  readonly commandIdGenerated?: boolean;
  readonly expectedVersion?: number;
  readonly metadata: CommandMetadata;
}

export type TournamentOutcome =
  | { readonly kind: 'applied' | 'replayed'; readonly tournament: FoldedTournament; readonly events: readonly RecordedEvent[] }
  | { readonly kind: 'rejected'; readonly rejection: TournamentRejection }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'conflict'; readonly expectedVersion?: number; readonly currentVersion: number }
  | { readonly kind: 'command-id-reused'; readonly firstStreamId: string }
  | { readonly kind: 'key-in-flight' }
  | { readonly kind: 'key-reused'; readonly by: 'another-user' | 'another-request' };

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
  if (command.type === 'Register' || command.type === 'ReEnter' || command.type === 'RecordHand') return { ...command, keys: keys(KEYS) };
  // The chip race: one key per odd chip (libs/tournament chip-race.ts).
  if (command.type === 'ColourUp') return { ...command, keys: keys(Math.min(2000, raceTickets(command.odd))) };
  return command;
}

const keys = (n: number) => Array.from({ length: n }, () => randomInt(KEY_BOUND));

/** One tournament command through the one command path (libs/event-store StreamCommands), as the room's. */
@CommandHandler(ApplyTournamentCommand)
export class ApplyTournamentCommandHandler implements ICommandHandler<ApplyTournamentCommand, TournamentOutcome> {
  private readonly commands: StreamCommands<TournamentCommandRequest, FoldedTournament, TournamentRejection>;

  constructor(
    @Inject(EventStore) store: EventStore,
    @Inject(TournamentStreams) private readonly streams: TournamentStreams,
  ) {
    const kind: StreamKind<TournamentCommandRequest, FoldedTournament, TournamentRejection, never> = {
      current: (streamId) => this.streams.caughtUp(tournamentIdOf(streamId)!),
      caughtUp: (_streamId, from) => this.streams.caughtUp(from.tournamentId),
      mayStart: (request) => request.command.type === 'CreateTournament',
      decide: (request, folded) => {
        const decision = tournamentDecider.decide(withDraws(request.command, folded.state), folded.state);
        if (!decision.ok) return { ok: false, refusal: decision.rejection };
        return {
          ok: true,
          events: decision.events.map(toNewTournamentEvent),
          advance: (version) => this.streams.advance(folded, decision.events, version),
        };
      },
      keyReusedBy: (first, request) => keyReusedBy(first, request.metadata),
    };
    this.commands = new StreamCommands(store, kind);
  }

  async execute({ request }: ApplyTournamentCommand): Promise<TournamentOutcome> {
    const outcome = await this.commands.handle(tournamentStreamIdOf(request.tournamentId), request);
    switch (outcome.kind) {
      case 'applied':
      case 'replayed':
        return { kind: outcome.kind, tournament: outcome.folded, events: outcome.events };
      case 'refused':
        return { kind: 'rejected', rejection: outcome.refusal };
      default:
        return outcome;
    }
  }
}
