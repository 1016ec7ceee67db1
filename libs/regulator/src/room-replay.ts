import { ROOM_EVENT_SCHEMA_VERSION, ROOM_EVENT_TYPES, roomCommandFor, roomDecider, type GameState, type RoomEvent } from '@felt/room';
import type { StreamEvent } from '@felt/event-store';
import { jsonEqual } from './json-equal';
import type { Violation } from './violations';

/** Room streams are "game-<gameId>" (libs/room game-stream.ts). */
export { GAME_STREAM_PREFIX } from '@felt/room';

const KNOWN = new Set<string>(ROOM_EVENT_TYPES);

/**
 * The room's counterpart of the engine checks (docs/room.md): a game stream's events, grouped by the command that
 * appended them, each group's command rebuilt from its first event (roomCommandFor) and decided again on the game
 * folded so far; the room must derive exactly the recorded events (automatic ones included). A call that skipped a
 * player without a recorded reason, a seat offered twice, a no-show before its deadline would show here as a
 * `rules` violation. The hash chain is checked beside it by the StreamVerifier, as for every stream.
 */
export class RoomReplay {
  private state: GameState = roomDecider.initialState;
  private group: StreamEvent[] = [];
  private readonly violations: Violation[] = [];

  constructor(readonly streamId: string) {}

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
    const version = recorded[0]!.streamVersion;
    const unreadable = recorded.find((e) => !KNOWN.has(e.type) || e.schemaVersion !== ROOM_EVENT_SCHEMA_VERSION);
    if (unreadable)
      return this.violation(
        unreadable.streamVersion,
        'unreadable',
        `${unreadable.type} v${unreadable.schemaVersion} is not a room event this verifier reads`,
      );
    const events = recorded.map((e) => ({ ...(e.data as object), type: e.type }) as RoomEvent);
    const command = roomCommandFor(events[0]!);
    if (command === null) this.violation(version, 'rules', `${events[0]!.type} is recorded without the command that causes it`);
    else {
      const decision = roomDecider.decide(command, this.state);
      if (!decision.ok)
        this.violation(
          version,
          'rules',
          `${command.type} is recorded, but the room refuses it here: ${decision.rejection.code} (${decision.rejection.message})`,
        );
      else if (!jsonEqual(decision.events, events))
        this.violation(
          version,
          'rules',
          `recorded ${JSON.stringify(events)}, but ${command.type} produces ${JSON.stringify(decision.events)}`,
        );
    }
    // Fold what was recorded, so one bad decision is reported once, not after every later one.
    for (const e of events) this.state = roomDecider.evolve(this.state, e);
  }

  private violation(version: number, kind: Violation['kind'], message: string): void {
    this.violations.push({ streamId: this.streamId, version, kind, message });
  }
}
