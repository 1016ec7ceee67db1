import type { AnyReadModel } from './read-model';
import { tableViewRows } from './table-view-rows';
import { handHistoryRows } from './hand-history-rows';
import { sessionLedgerRows } from './session-ledger-rows';
import { lobbyRows } from './lobby-rows';
import { roomRows } from './room-rows';

/** Every read model the worker keeps, in the order status lists them. */
export const READ_MODELS: readonly AnyReadModel[] = [tableViewRows, handHistoryRows, sessionLedgerRows, lobbyRows, roomRows];

export function readModelNamed(name: string): AnyReadModel | undefined {
  return READ_MODELS.find((m) => m.name === name);
}

/** The checkpoint (and advisory lock) of a read model's live rows. */
export function checkpointNameOf(model: AnyReadModel): string {
  return `projection:${model.name}`;
}
