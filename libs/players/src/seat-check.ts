import type { ExclusionEntry, ExclusionEvent, PlayerEvent } from './events';
import { evolveExclusions, INITIAL_EXCLUSION_LIST, type ExclusionListState } from './exclusion-decider';
import { bansInForce, evolvePlayer, INITIAL_PLAYER_STATE, type PlayerState } from './player-decider';

/** Why a seat is refused, as the floor sees it (the dealer sees only the code and DEALER_SENTENCE). */
export type ExclusionCause =
  | { readonly kind: 'house-ban'; readonly banId: string; readonly reason: string; readonly until: string | null }
  | { readonly kind: 'exclusion-list'; readonly listId: string; readonly entryId: string };

export interface SeatRefusal {
  readonly code: 'PLAYER_EXCLUDED';
  /** The same sentence whoever asks and whatever the cause: it names no list and no entry. */
  readonly message: string;
  readonly causes: readonly ExclusionCause[];
}

/**
 * The index as JSON (what a snapshot keeps): each player's state and each list's entries in force and lifts asked.
 * The card-number and match-key maps are rebuilt from the entries. `format` changes when this shape does; a
 * snapshot of another format is not read (the registry folds its streams from the start instead).
 */
export interface RegistryIndexJson {
  readonly format: typeof INDEX_FORMAT;
  readonly players: readonly (readonly [string, PlayerState])[];
  readonly lists: readonly (readonly [
    string,
    { readonly entries: readonly ExclusionEntry[]; readonly liftsAsked: readonly (readonly [string, string])[] },
  ])[];
}

const INDEX_FORMAT = 1;

export const DEALER_SENTENCE = 'This player may not be seated, listed or called here; call a floor supervisor.';

/**
 * Every player and every exclusion list folded into one index for the seat check: by card number and by identity
 * key, so a check is a few map lookups whatever the size of the register or the lists. Deterministic (no clock:
 * the time of the check comes in); it is the fold of the registry's streams, mutated in place for speed.
 */
export class RegistryIndex {
  private readonly players = new Map<string, PlayerState>();
  private readonly lists = new Map<string, ExclusionListState>();
  /** card number → "listId\u0000entryId" of entries in force that name it; likewise by identity key. */
  private readonly byPlayerId = new Map<string, Set<string>>();
  private readonly byMatchKey = new Map<string, Set<string>>();

  player(playerId: string): PlayerState {
    return this.players.get(playerId) ?? INITIAL_PLAYER_STATE;
  }

  list(listId: string): ExclusionListState {
    return this.lists.get(listId) ?? INITIAL_EXCLUSION_LIST;
  }

  get size(): { players: number; entries: number } {
    let entries = 0;
    for (const l of this.lists.values()) entries += l.entries.size;
    return { players: this.players.size, entries };
  }

  applyPlayer(playerId: string, event: PlayerEvent): void {
    this.players.set(playerId, evolvePlayer(this.player(playerId), event));
  }

  applyList(listId: string, event: ExclusionEvent): void {
    const before = this.list(listId);
    const after = evolveExclusions(before, event);
    this.lists.set(listId, after);
    if (event.type === 'ExclusionEntriesAdded') for (const e of event.entries) this.index(listId, e, true);
    if (event.type === 'ExclusionEntryLifted') {
      const entry = before.entries.get(event.entryId);
      if (entry) this.index(listId, entry, false);
    }
  }

  toJson(): RegistryIndexJson {
    return {
      format: INDEX_FORMAT,
      players: [...this.players],
      lists: [...this.lists].map(([listId, l]) => [listId, { entries: [...l.entries.values()], liftsAsked: [...l.liftsAsked] }] as const),
    };
  }

  /** The index a snapshot kept, or null if it is of another format. */
  static fromJson(json: unknown): RegistryIndex | null {
    const kept = json as Partial<RegistryIndexJson> | null;
    if (kept?.format !== INDEX_FORMAT || !Array.isArray(kept.players) || !Array.isArray(kept.lists)) return null;
    const { players, lists } = kept as RegistryIndexJson;
    const index = new RegistryIndex();
    for (const [playerId, state] of players) index.players.set(playerId, state);
    for (const [listId, list] of lists) {
      index.lists.set(listId, { entries: new Map(list.entries.map((e) => [e.entryId, e])), liftsAsked: new Map(list.liftsAsked) });
      for (const entry of list.entries) index.index(listId, entry, true);
    }
    return index;
  }

  /** Null: the player may sit (or be listed, called, moved) at `at`; else why not. */
  seatCheck(playerId: string, at: number): SeatRefusal | null {
    const causes: ExclusionCause[] = [];
    const player = this.players.get(playerId);
    if (player) {
      for (const b of bansInForce(player, at)) causes.push({ kind: 'house-ban', banId: b.banId, reason: b.reason, until: b.end });
    }
    const keys = [...(this.byPlayerId.get(playerId) ?? []), ...(player?.matchKey ? (this.byMatchKey.get(player.matchKey) ?? []) : [])];
    for (const key of new Set(keys)) {
      const [listId, entryId] = key.split('\u0000') as [string, string];
      causes.push({ kind: 'exclusion-list', listId, entryId });
    }
    return causes.length === 0 ? null : { code: 'PLAYER_EXCLUDED', message: DEALER_SENTENCE, causes };
  }

  private index(listId: string, entry: ExclusionEntry, add: boolean): void {
    const key = `${listId}\u0000${entry.entryId}`;
    if (entry.playerId !== null) edit(this.byPlayerId, entry.playerId, key, add);
    if (entry.matchKey !== null) edit(this.byMatchKey, entry.matchKey, key, add);
  }
}

function edit(map: Map<string, Set<string>>, id: string, key: string, add: boolean): void {
  const set = map.get(id);
  if (add) {
    if (set) set.add(key);
    else map.set(id, new Set([key]));
  } else if (set) {
    set.delete(key);
    if (set.size === 0) map.delete(id);
  }
}
