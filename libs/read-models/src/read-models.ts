import type { AnyReadModel } from './read-model';
import { tableDecider, type TableEngine } from '@felt/engine';
import { tableViewRowsFor } from './table-view-rows';
import { handHistoryRowsFor } from './hand-history-rows';
import { sessionLedgerRowsFor } from './session-ledger-rows';
import { lobbyRows } from './lobby-rows';
import { roomRows } from './room-rows';

/** Every read model the worker keeps, in the order status lists them, the tables folded with this engine. */
export function readModelsFor(engine: TableEngine): readonly AnyReadModel[] {
  return [tableViewRowsFor(engine), handHistoryRowsFor(engine), sessionLedgerRowsFor(engine), lobbyRows, roomRows];
}

/** The read models of tables that play the default house options only. */
export const READ_MODELS: readonly AnyReadModel[] = readModelsFor(tableDecider);

export function readModelNamed(name: string): AnyReadModel | undefined {
  return READ_MODELS.find((m) => m.name === name);
}

/** The checkpoint (and advisory lock) of a read model's live rows. */
export function checkpointNameOf(model: AnyReadModel): string {
  return `projection:${model.name}`;
}
