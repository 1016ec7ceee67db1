import type { Decider } from '@felt/engine';
import type { StreamEvent } from '@felt/event-store';
import { jsonEqual } from './json-equal';
import type { Violation } from './violations';

/** What a replay needs to know of one kind of decided stream (a room's game, a tournament). */
export interface ReplayedKind<C, S, E extends { readonly type: string }, R extends { code: string; message: string }> {
  /** What the stream's events are called in a violation ("room", "tournament"). */
  readonly name: string;
  readonly decider: Decider<C, S, E, R>;
  readonly eventTypes: ReadonlySet<string>;
  readonly schemaVersion: number;
  /** The command that appended `events` (one command's group), rebuilt from them and the state before; null: none does. */
  commandFor(events: readonly E[], state: S): C | null;
}

/**
 * Re-decides a stream whose decider is pure (docs/regulators.md): its events, grouped by the command that appended
 * them (metadata.commandId), each group's command rebuilt from its events (and the state folded so far) and decided
 * again; the decider must derive exactly the recorded events, automatic ones included. The hash chain is checked
 * beside it by the StreamVerifier, as for every stream.
 */
export class DecidedReplay<C, S, E extends { readonly type: string }, R extends { code: string; message: string }> {
  private state: S;
  private group: StreamEvent[] = [];
  private readonly violations: Violation[] = [];

  constructor(
    readonly streamId: string,
    private readonly kind: ReplayedKind<C, S, E, R>,
  ) {
    this.state = kind.decider.initialState;
  }

  push(event: StreamEvent): void {
    const commandId = event.metadata?.commandId;
    const current = this.group[0]?.metadata?.commandId;
    if (this.group.length > 0 && (commandId === undefined || commandId !== current)) this.endGroup();
    this.group.push(event);
  }

  finish(): Violation[] {
    this.endGroup();
    return this.violations;
  }

  private endGroup(): void {
    const recorded = this.group;
    this.group = [];
    if (recorded.length === 0) return;
    const { decider, name } = this.kind;
    const version = recorded[0]!.streamVersion;
    const unreadable = recorded.find((e) => !this.kind.eventTypes.has(e.type) || e.schemaVersion !== this.kind.schemaVersion);
    if (unreadable)
      return this.violation(
        unreadable.streamVersion,
        'unreadable',
        `${unreadable.type} v${unreadable.schemaVersion} is not a ${name} event this verifier reads`,
      );
    const events = recorded.map((e) => ({ ...(e.data as object), type: e.type }) as unknown as E);
    const command = this.kind.commandFor(events, this.state);
    if (command === null) this.violation(version, 'rules', `${events[0]!.type} is recorded without the command that causes it`);
    else {
      const type = (command as { type?: string }).type;
      const decision = decider.decide(command, this.state);
      if (!decision.ok)
        this.violation(
          version,
          'rules',
          `${type} is recorded, but the ${name} refuses it here: ${decision.rejection.code} (${decision.rejection.message})`,
        );
      else this.compare(type, decision.events, events, recorded);
    }
    // Fold what was recorded, so one bad decision is reported once, not after every later one.
    for (const e of events) this.state = decider.evolve(this.state, e);
  }

  /** Names the first event where what was recorded and what the command produces part. */
  private compare(type: string | undefined, derived: readonly E[], events: readonly E[], recorded: readonly StreamEvent[]): void {
    const n = Math.max(derived.length, events.length);
    for (let i = 0; i < n; i++) {
      const want = derived[i];
      const got = events[i];
      if (jsonEqual(want, got)) continue;
      if (got === undefined)
        this.violation(
          recorded[recorded.length - 1]!.streamVersion + 1,
          'rules',
          `${type} also produces ${JSON.stringify(want)}, which is not recorded after this event`,
        );
      else if (want === undefined)
        this.violation(
          recorded[i]!.streamVersion,
          'rules',
          `${got.type} is recorded but ${type} does not produce it: ${JSON.stringify(got)}`,
        );
      else
        this.violation(
          recorded[i]!.streamVersion,
          'rules',
          `recorded ${JSON.stringify(got)}, but ${type} produces ${JSON.stringify(want)}`,
        );
      return;
    }
  }

  private violation(version: number, kind: Violation['kind'], message: string): void {
    this.violations.push({ streamId: this.streamId, version, kind, message });
  }
}
