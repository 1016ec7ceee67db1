import { GENESIS_HASH, type StreamEvent } from '@felt/event-store';
import { fastEventHash } from './event-hash-fast';
import type { Violation } from './violations';

/**
 * The hash chain of one stream, event by event. Unlike verifyEvents it does not stop at the first break: it names
 * the event that broke and resynchronises on the stored hashes, so one tampered row gives one violation:
 * - a changed payload: that event's hash does not recompute;
 * - a deleted row: the next version is not the one expected;
 * - two rows swapped: a version out of place (or, if their versions were swapped too, hashes that do not recompute);
 * - a row whose hash was recomputed alone: the next event still links to the old hash, and recomputes from it; the
 *   rehashed row is the one named.
 */
export class ChainChecker {
  private version: number;
  private hash: string;
  private previous: StreamEvent | null = null;
  readonly violations: Violation[] = [];

  /** Starts at genesis, or (for an excerpt) just before `first`, trusting its prevHash as the anchor. */
  constructor(
    readonly streamId: string,
    start: { version: number; hash: string } = { version: 0, hash: GENESIS_HASH },
  ) {
    this.version = start.version;
    this.hash = start.hash;
  }

  get head(): { version: number; hash: string } {
    return { version: this.version, hash: this.hash };
  }

  check(event: StreamEvent): void {
    const expected = this.version + 1;
    const problem = (version: number, message: string) =>
      this.violations.push({ streamId: this.streamId, version, kind: 'chain', message });
    if (event.streamVersion < expected) {
      // Already past it: report the row and keep the chain where it was, so what follows still links up.
      problem(
        event.streamVersion,
        `version ${event.streamVersion} comes again after version ${this.version} (rows out of order or duplicated)`,
      );
      return;
    }
    if (event.streamVersion > expected) {
      problem(
        expected,
        `version ${expected} is missing: the next event recorded is version ${event.streamVersion} (a row deleted, or rows out of order)`,
      );
    } else if (event.prevHash !== this.hash) {
      // Which side broke the link: if this event recomputes from its own prevHash, the previous row was rewritten.
      const selfConsistent = safeHash(event.prevHash, event) === event.hash;
      if (selfConsistent && this.previous)
        problem(
          this.previous.streamVersion,
          `its hash ${short(this.hash)} is not the one version ${expected} links to (${short(event.prevHash)}): the row was changed and its hash recomputed`,
        );
      else problem(expected, `prevHash ${short(event.prevHash)} is not the hash of version ${this.version} (${short(this.hash)})`);
    } else {
      const hash = safeHash(this.hash, event);
      if (hash !== event.hash)
        problem(
          expected,
          `the stored hash ${short(event.hash)} does not recompute (${short(hash)}): the event was changed after it was written`,
        );
    }
    // Resynchronise on what is stored, so the rows after a break are checked against it.
    this.version = event.streamVersion;
    this.hash = event.hash;
    this.previous = event;
  }
}

function safeHash(prevHash: string, event: StreamEvent): string {
  try {
    return fastEventHash(prevHash, event);
  } catch (error) {
    return `(cannot hash: ${(error as Error).message})`;
  }
}

function short(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}
