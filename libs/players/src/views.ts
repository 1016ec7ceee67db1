import type { PlayerStatus } from './events';
import type { Ban } from './player-decider';
import type { ExclusionCause } from './seat-check';

/**
 * What the registry's read routes answer (docs/players.md "Routes"): the API builds them, the console reads them.
 * Types only, so the console's bundle takes nothing of the registry's code with them.
 */

/** A floor supervisor's note about a player: in the erasable record, never in the log. */
export interface PlayerNote {
  readonly noteId: string;
  readonly at: string;
  readonly by: string;
  readonly text: string;
}

/** Whether the player may sit now, and why not (the floor's answers only). */
export interface PlayerStanding {
  readonly status: PlayerStatus;
  readonly mayBeSeated: boolean;
  readonly exclusions: readonly ExclusionCause[];
}

/** One row of GET /players?q= (floor). */
export interface PlayerFound extends PlayerStanding {
  readonly playerId: string;
  readonly name: string;
  readonly alias: string;
}

/** GET /players/:id as the floor sees it; the personal fields are absent once the player is erased. */
export interface PlayerPage extends PlayerStanding {
  readonly playerId: string;
  readonly version: number;
  readonly erased: boolean;
  readonly name?: string;
  readonly alias?: string;
  readonly birthDate?: string | null;
  readonly contact?: Readonly<Record<string, string>>;
  readonly notes?: readonly PlayerNote[];
  /** Whether the record still matches the digest the log last recorded (null once erased). */
  readonly recordIntact: boolean | null;
  readonly bans: readonly Ban[];
}

/** GET /players/:id as a dealer sees it: the alias only (null when erased). */
export interface PlayerAlias {
  readonly playerId: string;
  readonly alias: string | null;
}
