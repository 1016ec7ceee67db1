import { Inject, Injectable } from '@nestjs/common';
import { gameStreamIdOf, roomDecider, toNewRoomEvent, type RoomCommand, type RoomEvent, type RoomRejection } from '@felt/room';
import { CommandIdReusedError, EventStore, type RecordedEvent } from '@felt/event-store';
import { AppliedCommands } from '../tables/applied-commands';
import type { CommandMetadata } from '../tables/command-request';
import { keyReusedBy } from '../tables/request-fingerprint';
import { RoomGames, type FoldedGame } from './room-games';
import { RoomLive } from './room-live';

export interface RoomCommandRequest {
  readonly gameId: string;
  readonly command: RoomCommand;
  readonly commandId: string;
  /** The server made the id up (no Idempotency-Key or commandId was sent): nobody can retry with it. */
  readonly commandIdGenerated?: boolean;
  readonly expectedVersion?: number;
  /** With `requestFingerprint` (RequestFingerprints.ofRoomRequest), which the key is bound to. */
  readonly metadata: CommandMetadata;
}

export type RoomOutcome =
  | { readonly kind: 'applied' | 'replayed'; readonly game: FoldedGame; readonly events: readonly RecordedEvent[] }
  | { readonly kind: 'rejected'; readonly rejection: RoomRejection }
  | { readonly kind: 'conflict'; readonly expectedVersion?: number; readonly currentVersion: number }
  | { readonly kind: 'command-id-reused'; readonly firstStreamId: string }
  | { readonly kind: 'key-in-flight' }
  | { readonly kind: 'key-reused'; readonly by: 'another-user' | 'another-request' };

/** A replay answers only the request that first used the key, as for the tables (keyReusedBy); anything else is refused, never replayed. */
function boundToItsRequest(request: RoomCommandRequest, outcome: RoomOutcome): RoomOutcome {
  if (outcome.kind !== 'replayed') return outcome;
  const by = keyReusedBy(outcome.events[0]?.metadata ?? {}, request.metadata);
  return by ? { kind: 'key-reused', by } : outcome;
}

/** Decide-and-append rounds before a command without expectedVersion gives up on a game other processes keep changing. */
const MAX_ATTEMPTS = 3;

/**
 * One room command: the game's fold → the room decider → append at the version the fold was made from (one
 * statement, the same hash chain as the tables). A retry with the same command id returns the first result and
 * writes nothing; a refusal writes nothing.
 */
@Injectable()
export class ApplyRoomCommand {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(RoomGames) private readonly games: RoomGames,
    @Inject(RoomLive) private readonly live: RoomLive,
    @Inject(AppliedCommands) private readonly applied: AppliedCommands,
  ) {}

  /** The decision alone, against the game now (nothing written): the seat route checks the room before the table. */
  async preview(gameId: string, command: RoomCommand): Promise<{ game: FoldedGame; decision: ReturnType<typeof roomDecider.decide> }> {
    const game = await this.games.caughtUp(gameId);
    return { game, decision: roomDecider.decide(command, game.state) };
  }

  /** Idempotency-Keys of the room requests this process is handling now: a second request with one of them gets 409. */
  private readonly inFlight = new Set<string>();

  async apply(request: RoomCommandRequest): Promise<RoomOutcome> {
    if (request.commandIdGenerated) return this.applyOnce(request);
    if (this.inFlight.has(request.commandId)) return { kind: 'key-in-flight' };
    this.inFlight.add(request.commandId);
    try {
      return boundToItsRequest(request, await this.applyOnce(request));
    } finally {
      this.inFlight.delete(request.commandId);
    }
  }

  private async applyOnce(request: RoomCommandRequest): Promise<RoomOutcome> {
    const streamId = gameStreamIdOf(request.gameId);
    for (let attempt = 1; ; attempt++) {
      const game = await this.games.caughtUp(request.gameId);
      // A new game's first append with a key used before: answered here, since the store would make the game's
      // stream row before it finds the key taken (a refusal must write nothing).
      if (game.version === 0 && !request.commandIdGenerated) {
        const first = await this.firstResult(request, game);
        if (first) return first;
      }
      if (request.expectedVersion !== undefined && request.expectedVersion !== game.version) {
        return (await this.firstResult(request, game)) ?? { kind: 'conflict', expectedVersion: request.expectedVersion, currentVersion: game.version };
      }
      const decision = roomDecider.decide(request.command, game.state);
      if (!decision.ok) return (await this.firstResult(request, game)) ?? { kind: 'rejected', rejection: decision.rejection };
      let appended;
      try {
        appended = await this.store.append(streamId, {
          expectedVersion: game.version,
          events: decision.events.map(toNewRoomEvent),
          commandId: request.commandId,
          metadata: { ...request.metadata },
        });
      } catch (error) {
        if (error instanceof CommandIdReusedError) return { kind: 'command-id-reused', firstStreamId: error.firstStreamId };
        throw error;
      }
      if (appended.ok && appended.duplicate) return { kind: 'replayed', game: await this.games.caughtUp(request.gameId), events: appended.events };
      if (appended.ok) {
        const next = this.games.advance(game, decision.events as RoomEvent[], appended.streamVersion);
        this.live.wake();
        return { kind: 'applied', game: next, events: appended.events };
      }
      if (request.expectedVersion !== undefined || attempt >= MAX_ATTEMPTS) {
        return { kind: 'conflict', expectedVersion: request.expectedVersion, currentVersion: (await this.games.caughtUp(request.gameId)).version };
      }
    }
  }

  /** A refused command may be the retry of one applied before (its state has moved on): its first result stands. */
  private async firstResult(request: RoomCommandRequest, game: FoldedGame): Promise<RoomOutcome | null> {
    const first = await this.applied.find(request.commandId);
    if (!first) return null;
    if (first.streamId !== gameStreamIdOf(request.gameId)) return { kind: 'command-id-reused', firstStreamId: first.streamId };
    return { kind: 'replayed', game, events: first.events };
  }
}
