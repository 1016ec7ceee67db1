import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { readerConflicts } from '@felt/engine';
import { EventStore, StreamCommands, type StreamCommandOutcome, type StreamDecision, type StreamKind } from '@felt/event-store';
import { ApplyTableCommand, ApplyTableCommands, type ApplyFailure, type ApplyOutcome, type ReaderConflict } from './apply-table-command';
import type { CommandRequest } from './command-request';
import { correctionCommand } from './correction-target';
import { engineCommandFor } from './engine-command';
import { FoldedTables } from './folded-tables';
import { keyReusedBy } from './request-fingerprint';
import { TableClock } from './table-clock';
import type { FoldedTable } from './table-state-cache';
import { openedRecord, streamIdOf, tableIdOf, toNewEvents } from './table-stream';

type TableRefusal = Extract<ApplyFailure, { kind: 'forbidden' | 'rejected' }>;

/**
 * One table command through the one command path (libs/event-store StreamCommands): the table's folded state → the
 * engine's decide → append the events at the version the state was folded from, in one transaction. Nothing is
 * written unless the engine accepted the command and the version still matched at the append.
 */
@CommandHandler(ApplyTableCommand)
export class ApplyTableCommandHandler implements ICommandHandler<ApplyTableCommand, ApplyOutcome> {
  private readonly commands: StreamCommands<CommandRequest, FoldedTable, TableRefusal, ReaderConflict>;

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(TableClock) private readonly clock: TableClock,
  ) {
    const kind: StreamKind<CommandRequest, FoldedTable, TableRefusal, ReaderConflict> = {
      current: (streamId) => this.tables.current(streamId),
      caughtUp: (streamId, from) => this.tables.caughtUp(streamId, from),
      mayStart: (request) => request.command.type === 'OpenTable',
      decide: (request, table) => this.decideOn(request, table),
      opened: (event) => openedRecord(event, this.tables.seal),
      keyReusedBy: (first, request) => keyReusedBy(first, request.metadata),
    };
    this.commands = new StreamCommands(store, kind);
  }

  async execute({ request }: ApplyTableCommand): Promise<ApplyOutcome> {
    return this.outcomeOf(await this.commands.handle(streamIdOf(request.tableId), request));
  }

  /**
   * Several commands for one table in one round trip (StreamCommands.handleAll): each decided on the state the one
   * before left, all written in one transaction; null, nothing written, when any is off the happy path.
   */
  async executeAll({ tableId, requests, joint }: ApplyTableCommands): Promise<ApplyOutcome[] | null> {
    const outcomes = await this.commands.handleAll(streamIdOf(tableId), requests, joint);
    return outcomes && outcomes.map((o) => this.outcomeOf(o));
  }

  private outcomeOf(outcome: StreamCommandOutcome<FoldedTable, TableRefusal, ReaderConflict>): ApplyOutcome {
    switch (outcome.kind) {
      case 'applied':
        return {
          kind: 'applied',
          version: outcome.version,
          events: outcome.events,
          table: outcome.folded,
          ...(outcome.note ? { readerConflict: outcome.note } : {}),
        };
      case 'replayed':
        return { kind: 'replayed', version: outcome.version, events: outcome.events, table: outcome.folded };
      case 'refused':
        return outcome.refusal;
      case 'command-id-reused':
        return { kind: 'command-id-reused', firstTableId: tableIdOf(outcome.firstStreamId) };
      default:
        return outcome;
    }
  }

  /**
   * The engine's decision on the table as folded: the command built from the request (a correction named by version,
   * the house shuffle), stamped with this process's time, which the metadata records so that a rule replay decides
   * with the same time (a shot clock's deadlines and expiries follow from it). Notes a reader conflict.
   */
  private async decideOn(request: CommandRequest, table: FoldedTable): Promise<StreamDecision<FoldedTable, TableRefusal, ReaderConflict>> {
    const streamId = streamIdOf(request.tableId);
    const correction = request.command.type === 'CorrectAction' ? (request.command as { backTo?: number; reason: string }) : null;
    const built =
      correction?.backTo !== undefined
        ? await correctionCommand(this.store, streamId, table.version, correction.backTo, correction.reason)
        : engineCommandFor(request.command, table.state, { shuffler: request.fromShuffler === true });
    if ('forbidden' in built) return { ok: false, refusal: { kind: 'forbidden', refusal: built.forbidden } };
    if ('rejection' in built) return { ok: false, refusal: { kind: 'rejected', rejection: built.rejection } };
    const at = this.clock.at();
    const decision = this.tables.engine.decide({ ...built.command, at }, table.state);
    const hand = table.state.hand;
    if (!decision.ok) {
      const conflict =
        decision.rejection.code === 'READER_CONFLICT' && hand !== null ? { readerConflict: { handNumber: hand.handNumber } } : {};
      return { ok: false, refusal: { kind: 'rejected', rejection: decision.rejection, ...conflict } };
    }
    const readerConflict = hand !== null && readerConflicts(built.command, table.state) ? { handNumber: hand.handNumber } : undefined;
    return {
      ok: true,
      events: toNewEvents(decision.events, this.tables.seal, streamId, hand?.handNumber ?? null),
      metadata: { at },
      advance: (version) => this.tables.advance(streamId, table, decision.state, version),
      fold: (version) => ({ state: decision.state, version, snapshotVersion: table.snapshotVersion }),
      ...(readerConflict ? { note: readerConflict } : {}),
    };
  }
}

/** ApplyTableCommands on the same command path as ApplyTableCommand (its queue per table and its ids in flight). */
@CommandHandler(ApplyTableCommands)
export class ApplyTableCommandsHandler implements ICommandHandler<ApplyTableCommands, ApplyOutcome[] | null> {
  constructor(@Inject(ApplyTableCommandHandler) private readonly single: ApplyTableCommandHandler) {}

  execute(command: ApplyTableCommands): Promise<ApplyOutcome[] | null> {
    return this.single.executeAll(command);
  }
}
