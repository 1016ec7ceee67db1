import {
  isLiveCards,
  mulberry32,
  randomLegalCommand,
  tableDecider,
  type TableCommand,
  type TableEvent,
  type TableRulesInput,
  type TableState,
  type TableEngine,
} from '@felt/engine';
import { eventIdFor, GENESIS_HASH, type RecordedEvent } from '@felt/event-store';
import { fastEventHash } from './event-hash-fast';
import { newEventOf, tableStreamId } from './table-stream';

export interface RandomTableOptions {
  readonly tableId: string;
  readonly seed: number;
  /** Stop after the hand during which the log reaches this many events. */
  readonly events: number;
  readonly players?: number;
  readonly rules?: TableRulesInput;
  /** recordedAt of the first event (ms since the epoch); each command is one millisecond later. */
  readonly startMs?: number;
}

const DEFAULT_RULES: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };

/**
 * A table played by random legal players (randomLegalCommand with a seeded mulberry32), recorded as the store would
 * record it: one command per append (its events share a commandId), versions from 1, hashes chained. Pure and
 * fast: for tests of the verifier and for loading a benchmark database. Players who run out rebuy between hands.
 */
export function randomTableLog(options: RandomTableOptions): RecordedEvent[] {
  const random = mulberry32(options.seed);
  const players = options.players ?? 6;
  const table = new TableRecorder(options.tableId, options.startMs);
  const apply = (command: TableCommand) => table.apply(command);

  const rules = options.rules ?? DEFAULT_RULES;
  apply({ type: 'OpenTable', tableId: options.tableId, rules });
  const bb = table.state.rules!.bigBlind;
  for (let seat = 1; seat <= players; seat++)
    apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: bb * (20 + Math.floor(random() * 180)) });
  apply({ type: 'DrawForButton', seed: Math.floor(random() * 2 ** 32) });
  while (table.recorded.length < options.events) {
    for (const seat of table.state.seats) if (seat && seat.stack < bb) apply({ type: 'AddChips', seat: seat.seat, amount: bb * 100 });
    const seed = Math.floor(random() * 2 ** 32);
    // A live-cards table starts its hands without a deck; the random players enter the cards as dealt.
    apply(isLiveCards(table.state.rules) ? { type: 'StartHand' } : { type: 'StartHand', seed });
    for (let guard = 0; table.state.hand && table.state.hand.phase !== 'complete'; guard++) {
      if (guard > 500) throw new Error('random table: a hand did not end');
      const command = randomLegalCommand(table.state, random);
      if (command === null) throw new Error('random table: nothing legal to do');
      apply(command);
    }
  }
  return table.recorded;
}

/** Commands decided and recorded as the store records them: one commandId per command, versions from 1, hashes chained. */
export class TableRecorder {
  readonly streamId: string;
  readonly recorded: RecordedEvent[] = [];
  state: TableState;
  private prevHash = GENESIS_HASH;
  private n = 0;

  /** `table`: the engine the table plays with (a casino's own modules included); default the engine's default table. */
  constructor(
    tableId: string,
    private ms: number = Date.UTC(2026, 0, 1),
    private readonly table: TableEngine = tableDecider,
  ) {
    this.streamId = tableStreamId(tableId);
    this.state = table.initialState;
  }

  /** `metadata`: more of the command's envelope (a device id), beside the actor and command id every event gets. */
  apply(command: TableCommand, metadata: Record<string, string | null> = {}): void {
    const decision = this.table.decide(command, this.state);
    if (!decision.ok) throw new Error(`${command.type} refused (${decision.rejection.code}): ${decision.rejection.message}`);
    if (decision.events.length === 0) return;
    const commandId = `${this.streamId}/${++this.n}`;
    const recordedAt = new Date(this.ms++).toISOString();
    this.state = decision.state;
    decision.events.forEach((event: TableEvent, i: number) => {
      const { type, schemaVersion, data } = newEventOf(event);
      const fields = {
        eventId: eventIdFor(commandId, i),
        streamId: this.streamId,
        streamVersion: this.recorded.length + 1,
        type,
        schemaVersion,
        data: JSON.parse(JSON.stringify(data)),
        metadata: { actorId: 'dealer', actorRole: 'dealer', ...metadata, commandId },
        recordedAt,
      };
      const hash = fastEventHash(this.prevHash, fields);
      this.recorded.push({ ...fields, globalPosition: '0', txId: '0', prevHash: this.prevHash, hash });
      this.prevHash = hash;
    });
  }
}
