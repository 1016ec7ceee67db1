import { DRBG_PRNG, type DeckSourceRule, type ShuffleMethod, type ShuffleRecord } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';

/**
 * Where a hand's cards came from, as verify checks it (docs/regulators.md "Where the deck came from"): each hand's
 * shuffle must be one its table's deck source rule allowed when the hand started (house: the house derivation;
 * shuffler: a deck sent through a shuffler device registered for that table; training: anything, reported as
 * training), and each dealer's entry that contradicted a reader's record must have its ReaderConflict on record in
 * the audit stream (the API writes one with the entry).
 */

/** What a device was registered as, from its DeviceRegistered audit event (devices registered before kinds: consoles). */
export interface RegisteredDevice {
  readonly kind: string;
  readonly tableId: string | null;
}
export type DeviceRegistry = ReadonlyMap<string, RegisteredDevice>;

/** The devices the audit events register, by id. */
export function deviceRegistry(audit: readonly Pick<RecordedEvent, 'type' | 'data'>[]): Map<string, RegisteredDevice> {
  const devices = new Map<string, RegisteredDevice>();
  for (const e of audit) {
    if (e.type !== 'DeviceRegistered') continue;
    const data = e.data as { deviceId?: unknown; kind?: unknown; tableId?: unknown };
    if (typeof data.deviceId !== 'string') continue;
    devices.set(data.deviceId, {
      kind: typeof data.kind === 'string' ? data.kind : 'console',
      tableId: typeof data.tableId === 'string' ? data.tableId : null,
    });
  }
  return devices;
}

/** A hand or a draw for the button, and what verify knows of who sent it. */
export interface DealtFrom {
  readonly tableId: string;
  /** The table's rule when it was dealt; null where the rules record none (any source). */
  readonly rule: DeckSourceRule | null;
  readonly shuffle: ShuffleRecord | ShuffleMethod;
  readonly dealing: 'hand' | 'draw';
  /** The registered device in the command's metadata (null: none). */
  readonly device: string | null;
}

/**
 * Why a deal's source is not one its table allowed, or null. `devices`: the registry from the audit stream, null
 * where the log at hand has none (a table's own export): then a shuffler's deck is checked for a device id only.
 */
export function deckSourceProblem(dealt: DealtFrom, devices: DeviceRegistry | null): string | null {
  const { rule, shuffle } = dealt;
  if (rule === null || rule === 'training' || shuffle.kind === 'live') return null;
  const houseSeeded = shuffle.kind === 'seeded' && shuffle.prng === DRBG_PRNG;
  const what = shuffle.kind === 'supplied' ? 'its deck was supplied' : `it was shuffled from a ${shuffle.prng} seed`;
  if (rule === 'house') return houseSeeded ? null : `its table is shuffled by the house only (deckSource house), but ${what}`;
  if (dealt.dealing === 'draw' && houseSeeded) return null;
  if (shuffle.kind !== 'supplied') return `its table deals only its certified shuffler's decks (deckSource shuffler), but ${what}`;
  if (dealt.device === null)
    return "its table deals only its certified shuffler's decks (deckSource shuffler), but this deck was sent from no registered device";
  if (devices === null) return null;
  const device = devices.get(dealt.device);
  if (device?.kind !== 'shuffler' || device.tableId !== dealt.tableId)
    return `its table deals only its certified shuffler's decks (deckSource shuffler), but device ${dealt.device} is ${device ? `a ${device.kind}${device.tableId ? ` for table ${device.tableId}` : ''}` : 'not registered in the audit stream'}`;
  return null;
}

/** A hand where a dealer's entry contradicted a reader's record (table stream version of the entry). */
export interface ReaderConflictAt {
  readonly streamId: string;
  readonly tableId: string;
  readonly handNumber: number;
  readonly version: number;
}

/** The conflicts with no ReaderConflict audit event for their table and hand. */
export function unrecordedReaderConflicts(
  conflicts: readonly ReaderConflictAt[],
  audit: readonly Pick<RecordedEvent, 'type' | 'data'>[],
): ReaderConflictAt[] {
  const recorded = new Set<string>();
  for (const e of audit) {
    if (e.type !== 'ReaderConflict') continue;
    const data = e.data as { tableId?: unknown; handNumber?: unknown };
    recorded.add(`${String(data.tableId)}\u0000${String(data.handNumber)}`);
  }
  return conflicts.filter((c) => !recorded.has(`${c.tableId}\u0000${c.handNumber}`));
}
