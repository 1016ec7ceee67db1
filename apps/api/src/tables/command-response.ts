import { problemForOutcome, SUCCESS_STATUS } from '../http/status-mapping';
import type { ApplyOutcome } from './apply-table-command';
import type { CommandRequest } from './command-request';
import type { Audience } from '@felt/projections';
import { eventViewFor, tableViewFor, type LiveHandFrom } from '../live/live-visibility';

/**
 * The HTTP answer to a command: 201 with the new events, 200 for a replayed command id or for an accepted command that
 * changed nothing (no events); failures throw their problem. Events and table as `audience` may see them (a floor
 * supervisor who deals gets no hole cards of the hand in progress); `liveHandFrom` as live-visibility.ts says, for the
 * table after the command.
 */
export function commandResponse(
  request: CommandRequest,
  outcome: ApplyOutcome,
  audience: Audience,
  liveHandFrom: LiveHandFrom,
): { status: number; body: CommandResponseBody } {
  if (outcome.kind !== 'applied' && outcome.kind !== 'replayed') throw problemForOutcome(request.tableId, request.commandId, outcome);
  return {
    // An accepted command that changed nothing (no events) created nothing: 200, not 201.
    status: outcome.kind === 'applied' && outcome.events.length === 0 ? SUCCESS_STATUS.unchanged : SUCCESS_STATUS[outcome.kind],
    body: {
      tableId: request.tableId,
      commandId: request.commandId,
      ...(request.commandIdGenerated
        ? {
            commandIdGenerated: true,
            note: 'no Idempotency-Key header or commandId was sent, so the server made this id up; send one to retry safely',
          }
        : {}),
      replayed: outcome.kind === 'replayed',
      version: outcome.version,
      events: outcome.events.map((e) => eventViewFor(e, audience, liveHandFrom)),
      table: tableViewFor(request.tableId, outcome.table, audience),
    },
  };
}

export interface CommandResponseBody {
  readonly tableId: string;
  readonly commandId: string;
  readonly commandIdGenerated?: true;
  readonly note?: string;
  /** True when this command id was applied before: these are its first events, and nothing new was written. */
  readonly replayed: boolean;
  /** The table's version after this command's events. */
  readonly version: number;
  readonly events: ReturnType<typeof eventViewFor>[];
  /** The table now (its own `version` may be later than this command's, for a replay). */
  readonly table: ReturnType<typeof tableViewFor>;
}
