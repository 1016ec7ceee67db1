import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { readerConflicts } from '@felt/engine';
import { CommandIdReusedError, EventStore } from '@felt/event-store';
import { AppliedCommands } from './applied-commands';
import { ApplyTableCommand, type ApplyOutcome } from './apply-table-command';
import type { CommandRequest } from './command-request';
import { correctionCommand } from './correction-target';
import { engineCommandFor } from './engine-command';
import { FoldedTables } from './folded-tables';
import { keyReusedBy } from './request-fingerprint';
import { TableClock } from './table-clock';
import { TableQueue } from './table-queue';
import type { FoldedTable } from './table-state-cache';
import { openedRecord, streamIdOf, tableIdOf, toNewEvents } from './table-stream';

/** A replay answers only the request that first used the key (keyReusedBy); anything else is refused, never replayed. */
function boundToItsRequest(request: CommandRequest, outcome: ApplyOutcome): ApplyOutcome {
  if (outcome.kind !== 'replayed') return outcome;
  const by = keyReusedBy(outcome.events[0]?.metadata ?? {}, request.metadata);
  return by ? { kind: 'key-reused', by } : outcome;
}

/** Decide-and-append rounds before a command without expectedVersion gives up on a table other processes keep changing. */
const MAX_ATTEMPTS = 3;

/**
 * One command: the table's folded state → the engine's decide → append the events at the version the state was
 * folded from, in one transaction. Nothing is written unless the engine accepted the command and the version still
 * matched at the append.
 */
@CommandHandler(ApplyTableCommand)
export class ApplyTableCommandHandler implements ICommandHandler<ApplyTableCommand, ApplyOutcome> {
  private readonly queue = new TableQueue();

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(AppliedCommands) private readonly appliedCommands: AppliedCommands,
    @Inject(TableClock) private readonly clock: TableClock,
  ) {}

  /** Idempotency-Keys of the requests this process is handling now: a second request with one of them gets 409. */
  private readonly inFlight = new Set<string>();

  async execute({ request }: ApplyTableCommand): Promise<ApplyOutcome> {
    const streamId = streamIdOf(request.tableId);
    if (request.commandIdGenerated) return this.queue.run(streamId, () => this.apply(streamId, request));
    if (this.inFlight.has(request.commandId)) return { kind: 'key-in-flight' };
    this.inFlight.add(request.commandId);
    try {
      return boundToItsRequest(request, await this.queue.run(streamId, () => this.apply(streamId, request)));
    } finally {
      this.inFlight.delete(request.commandId);
    }
  }

  private async apply(streamId: string, request: CommandRequest): Promise<ApplyOutcome> {
    const expected = request.expectedVersion;
    let table = await this.tables.current(streamId);
    let caughtUp = false;
    for (let attempt = 1; ; attempt++) {
      if (table.version === 0 && request.command.type !== 'OpenTable') return { kind: 'not-found' };
      // A new table's OpenTable with a key used before: answered here, since the store would make the table's stream
      // row before it finds the key taken (a refusal must write nothing).
      if (table.version === 0) {
        const first = await this.firstResult(request, table);
        if (first) return first;
      }
      if (expected !== undefined && expected !== table.version) {
        // This process may be behind another one: look at the store before calling it a conflict.
        if (expected > table.version && !caughtUp) {
          table = await this.tables.caughtUp(streamId, table);
          caughtUp = true;
          continue;
        }
        return (await this.firstResult(request, table)) ?? { kind: 'conflict', expectedVersion: expected, currentVersion: table.version };
      }

      const decided = await this.decideOn(request, table);
      if (decided.kind === 'forbidden' || decided.kind === 'rejected') return (await this.firstResult(request, table)) ?? decided;
      const { decision, at, readerConflict } = decided;
      // Accepted with nothing to record (the button placed on the seat that has it, sitting out twice): the store
      // appends no empty command, so nothing is written; a retry of a command applied earlier still gets its first result.
      if (decision.events.length === 0) return (await this.firstResult(request, table)) ?? { kind: 'applied', version: table.version, events: [], table };

      let appended;
      try {
        appended = await this.store.append(streamId, {
          expectedVersion: table.version,
          events: toNewEvents(decision.events, this.tables.seal, streamId, table.state.hand?.handNumber ?? null),
          commandId: request.commandId,
          metadata: { ...request.metadata, at },
        });
      } catch (error) {
        if (error instanceof CommandIdReusedError) return { kind: 'command-id-reused', firstTableId: tableIdOf(error.firstStreamId) };
        throw error;
      }
      if (appended.ok && appended.duplicate) {
        // Its first attempt committed without this process seeing it (an answer lost to a restart): the client's
        // next command needs the table as it is now, not as this process last knew it.
        return { kind: 'replayed', version: appended.streamVersion, events: appended.events.map((e) => openedRecord(e, this.tables.seal)), table: await this.tables.caughtUp(streamId, table) };
      }
      if (appended.ok) {
        const next = this.tables.advance(streamId, table, decision.state, appended.streamVersion);
        return { kind: 'applied', version: appended.streamVersion, events: appended.events.map((e) => openedRecord(e, this.tables.seal)), table: next, ...(readerConflict ? { readerConflict } : {}) };
      }

      // Another process appended since this one last looked.
      table = await this.tables.caughtUp(streamId, table);
      caughtUp = true;
      if (expected !== undefined || attempt >= MAX_ATTEMPTS) return { kind: 'conflict', expectedVersion: expected, currentVersion: table.version };
    }
  }

  /**
   * The engine's decision on the table as folded: the command built from the request (a correction named by version,
   * the house shuffle), stamped with this process's time, which the metadata records so that a rule replay decides
   * with the same time (a shot clock's deadlines and expiries follow from it). Notes a reader conflict.
   */
  private async decideOn(request: CommandRequest, table: FoldedTable) {
    const correction = request.command.type === 'CorrectAction' ? (request.command as { backTo?: number; reason: string }) : null;
    const built =
      correction?.backTo !== undefined
        ? await correctionCommand(this.store, streamIdOf(request.tableId), table.version, correction.backTo, correction.reason)
        : engineCommandFor(request.command, table.state, { shuffler: request.fromShuffler === true });
    if ('forbidden' in built) return { kind: 'forbidden' as const, refusal: built.forbidden };
    if ('rejection' in built) return { kind: 'rejected' as const, rejection: built.rejection };
    const at = this.clock.at();
    const decision = this.tables.engine.decide({ ...built.command, at }, table.state);
    const hand = table.state.hand;
    if (!decision.ok) {
      const conflict = decision.rejection.code === 'READER_CONFLICT' && hand !== null ? { readerConflict: { handNumber: hand.handNumber } } : {};
      return { kind: 'rejected' as const, rejection: decision.rejection, ...conflict };
    }
    const readerConflict = hand !== null && readerConflicts(built.command, table.state) ? { handNumber: hand.handNumber } : undefined;
    return { kind: 'decided' as const, decision, at, readerConflict };
  }

  /** A refused or mismatched command may be a retry of one applied earlier: then its first result stands. */
  private async firstResult(request: CommandRequest, table: FoldedTable): Promise<ApplyOutcome | null> {
    if (request.commandIdGenerated) return null;
    const first = await this.appliedCommands.find(request.commandId);
    if (!first) return null;
    if (first.streamId !== streamIdOf(request.tableId)) return { kind: 'command-id-reused', firstTableId: tableIdOf(first.streamId) };
    return { kind: 'replayed', version: first.streamVersion, events: first.events.map((e) => openedRecord(e, this.tables.seal)), table: await this.tables.caughtUp(streamIdOf(request.tableId), table) };
  }
}
