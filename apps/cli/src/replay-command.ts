import type { Command } from 'commander';
import { tableDecider, type TableEvent } from '@felt/engine';
import { summarizeHands } from '@felt/formats';
import { tableEventOf, tableStreamId, withHoleCardsRevealed } from '@felt/regulator';
import { addSourceOptions, openEventLog, readStreamFrom, type SourceOptions } from './event-log-source';
import { handText } from './play-command';
import { eventLine, stateLine } from './replay-step';

interface ReplayOptions extends SourceOptions {
  table: string;
  hand?: string;
  step?: boolean;
}

/**
 * `felt replay --table ID [--hand N] [--step]`: folds a table's events with the engine and prints each hand:
 * actions by street, board, pots and winners, stacks. With --step, every event and the state it leads to.
 * Replay shows what the log says; `felt verify` says whether the rules would have produced it.
 * Exit codes: 0 printed; 1 an event cannot be applied; 2 the log or the table cannot be read.
 */
export function registerReplayCommand(program: Command): void {
  const command = program
    .command('replay')
    .description("fold a table's event log with the engine and print each hand (or every step)")
    .requiredOption('--table <id>', 'the table (its stream table-<id>)')
    .option('--hand <n>', 'only this hand number')
    .option('--step', 'print every event and the state after it');
  addSourceOptions(command).action((options: ReplayOptions, cmd: Command) => runReplay(options, cmd));
}

async function runReplay(options: ReplayOptions, command: Command): Promise<void> {
  const write = (text: string) => command.configureOutput().writeOut!(text);
  const handNumber = options.hand === undefined ? null : Number(options.hand);
  if (handNumber !== null && !(Number.isSafeInteger(handNumber) && handNumber >= 1))
    return command.error(`felt replay: --hand must be a hand number (1, 2, ...), not "${options.hand}".`, {
      exitCode: 2,
      code: 'felt.options',
    });
  const streamId = tableStreamId(options.table);
  const log = await openEventLog(options, command, 'replay');
  let recorded;
  try {
    recorded = await readStreamFrom(log, streamId);
  } finally {
    await log.close();
  }
  if (recorded.length === 0)
    return command.error(`felt replay: there is no table ${options.table} (no event in ${streamId}).`, { exitCode: 2, code: 'felt.table' });

  let state = tableDecider.initialState;
  const events: TableEvent[] = [];
  let current: number | null = null;
  // Hole cards of hands that are over open with their HoleCardsRevealed; a live hand's stay sealed (seen as unknown).
  for (const r of withHoleCardsRevealed(recorded)) {
    const event = tableEventOf(r);
    if (event.type === 'HandStarted') current = event.handNumber;
    // The API stores DeckSealed encrypted: the replay folds what the log shows (the dealt cards are in their events).
    if (event.type === 'DeckSealed' && !Array.isArray(event.deck)) continue;
    try {
      state = tableDecider.evolve(state, event);
    } catch (error) {
      return command.error(
        `felt replay: ${streamId} v${r.streamVersion} (${r.type}) cannot be applied: ${(error as Error).message}. Run felt verify.`,
        {
          exitCode: 1,
          code: 'felt.replay.evolve',
        },
      );
    }
    events.push(event);
    if (options.step && (handNumber === null || current === handNumber))
      write(`${eventLine(r.streamVersion, event)}\n${stateLine(state)}\n`);
    if (event.type === 'HandEnded' || event.type === 'HandVoided') current = null;
  }

  const hands = summarizeHands(events, state).filter((h) => handNumber === null || h.handNumber === handNumber);
  if (handNumber !== null && hands.length === 0)
    return command.error(`felt replay: table ${options.table} has no hand ${handNumber} (${state.handsPlayed} played).`, {
      exitCode: 2,
      code: 'felt.hand',
    });
  const out = [`Table ${options.table} (${streamId}, ${recorded.length} events, ${state.handsPlayed} hands)`];
  for (const hand of hands) out.push('', handText(hand));
  write(`${options.step ? '\n' : ''}${out.join('\n')}\n`);
}
