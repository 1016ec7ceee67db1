import { readFileSync } from 'node:fs';
import { DEFAULT_MODULES, tableDecider, type AnyRuleModule } from '@felt/engine';
import type { Command } from 'commander';
import { HOUSE_RULES_HELP, houseRulesEngine } from './house-rules-option';
import { describeFailure, parseTableScriptJson, runTableScript, tableView, type HandSummary, type TableScriptRun } from '@felt/formats';

/**
 * `felt play FILE [--json]`: runs a table script (docs/table-scripts.md) and prints each hand.
 * Exit codes: 0 the script ran and its expectations held; 1 a command was refused that the script did not expect
 * (or an expectation failed); 2 the file could not be read or is not a valid table script.
 */
export function registerPlayCommand(program: Command): void {
  program
    .command('play')
    .description('run a table script (JSON) through the engine and print each hand')
    .argument('<file>', 'the table script, e.g. examples/fl-1-fixed-limit-cap.json')
    .option('--json', 'print {"hands": [...], "finalStacks": {...}} as JSON instead of text')
    .option('--house-rules <module>', HOUSE_RULES_HELP)
    .action((file: string, options: PlayOptions, command: Command) => play(file, options, command));
}

interface PlayOptions {
  readonly json?: boolean;
  readonly houseRules?: string;
}

function play(file: string, options: PlayOptions, command: Command): void {
  const write = (text: string) => command.configureOutput().writeOut!(text);

  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder, not a file' : (error as Error).message;
    command.error(
      `felt play: cannot read ${file}: ${why}. Give the path of a table script (JSON), e.g. examples/hu-1-heads-up-blinds.json.`,
      {
        exitCode: 2,
        code: 'felt.file',
      },
    );
  }
  // The casino's modules first: a script may send their own commands (examples/house-rules/).
  const engine = houseRulesEngine(options.houseRules, command, 'play') ?? tableDecider;
  const parsed = parseTableScriptJson(text!, engine);
  if (!parsed.ok) {
    const lines = parsed.issues.map((i) => `  - ${i.path === '' ? '(the file)' : i.path}: ${i.message}`);
    command.error(
      `felt play: ${file} is not a valid table script:\n${lines.join('\n')}\nFix the file (docs/table-scripts.md describes the format) and run it again.`,
      {
        exitCode: 2,
        code: 'felt.script',
      },
    );
  }
  const script = parsed.ok ? parsed.script : (undefined as never);
  const run = runTableScript(script, engine);

  if (options.json) write(JSON.stringify(jsonReport(run, engine.modules), null, 2) + '\n');
  else write(textReport(script.name, script.source, run));

  if (run.failure) {
    command.error(`felt play: ${file}: ${describeFailure(run.failure)}`, { exitCode: 1, code: 'felt.rejected' });
  }
  if (run.expectationFailures.length > 0) {
    command.error(
      `felt play: ${file}: the script's expectations do not hold:\n${run.expectationFailures.map((f) => `  - ${f}`).join('\n')}`,
      {
        exitCode: 1,
        code: 'felt.expectation',
      },
    );
  }
}

/** `modules`: the table's house options (its engine's), whose owed posts the hands list (ForcedBetFormat.owed). */
export function jsonReport(run: TableScriptRun, modules: readonly AnyRuleModule[] = DEFAULT_MODULES): object {
  const owed = new Set(modules.flatMap((m) => Object.entries(m.formats?.forcedBets ?? {}).flatMap(([kind, f]) => (f.owed ? [kind] : []))));
  return {
    hands: run.hands.map((h) => ({
      handNumber: h.handNumber,
      status: h.status,
      button: h.button,
      smallBlind: h.smallBlind,
      bigBlind: h.bigBlind,
      players: h.players,
      actions: h.actions.map((a) => a.text),
      board: h.board,
      pots: h.pots,
      stacks: h.stacks,
      ...(h.rake > 0 ? { rake: h.rake } : {}),
      ...(h.notes ? { notes: h.notes } : {}),
      ...handTable(run, h.handNumber, owed),
    })),
    finalStacks: run.finalStacks,
    ...(run.setupHands > 0 ? { setupHands: run.setupHands } : {}),
    table: tableView(run.state),
    ...(run.rejections.length > 0 ? { rejections: run.rejections } : {}),
    ...(run.failure ? { failure: { ...run.failure, message: describeFailure(run.failure) } } : {}),
    ...(run.expectationFailures.length > 0 ? { expectationFailures: run.expectationFailures } : {}),
  };
}

const STREET_LABEL = { preflop: 'Preflop', flop: 'Flop', turn: 'Turn', river: 'River', showdown: 'Showdown' } as const;

export function handText(hand: HandSummary): string {
  const lines: string[] = [];
  const blinds =
    hand.bigBlind === null
      ? `button seat ${hand.button}, no blinds`
      : `button seat ${hand.button}, small blind ${hand.smallBlind === null ? 'none' : `seat ${hand.smallBlind}`}, big blind seat ${hand.bigBlind}`;
  lines.push(`Hand #${hand.handNumber} (${blinds})${hand.status === 'complete' ? '' : ` [${hand.status}]`}`);
  lines.push(
    `  Players: ${hand.players.map((p) => `${p.playerId} (seat ${p.seat}) ${p.stack}${p.holeCards ? ` [${p.holeCards}]` : ''}`).join(', ')}`,
  );
  let street: string | null = null;
  let line: string[] = [];
  const flush = () => {
    if (street !== null && line.length > 0) lines.push(`  ${street}: ${line.join('; ')}`);
    line = [];
  };
  const boardAt = (s: keyof typeof STREET_LABEL) => {
    const n = s === 'flop' ? 3 : s === 'turn' ? 4 : s === 'river' ? 5 : 0;
    return n > 0 && hand.board.length >= n ? ` [${hand.board.slice(0, n).join(' ')}]` : '';
  };
  for (const a of hand.actions) {
    const label = STREET_LABEL[a.street] + boardAt(a.street);
    if (label !== street) {
      flush();
      street = label;
    }
    line.push(a.text);
  }
  flush();
  if (hand.board.length > 0) lines.push(`  Board${hand.secondBoard ? ' (run 1)' : ''}: ${hand.board.join(' ')}`);
  if (hand.secondBoard) lines.push(`  Board (run 2): ${hand.secondBoard.join(' ')}`);
  hand.pots.forEach((pot) => {
    const name = pot.pot === 0 ? 'Main pot' : `Side pot ${pot.pot}`;
    const winners = Object.entries(pot.winners);
    const result = winners.length > 0 ? winners.map(([id, n]) => `${id} wins ${n}`).join(', ') : `in play among ${pot.eligible.join(', ')}`;
    lines.push(`  ${name} ${pot.amount}${pot.rake ? ` (rake ${pot.rake})` : ''}: ${result}`);
    pot.runs?.forEach((run, i) =>
      lines.push(
        `    run ${i + 1}: ${Object.entries(run)
          .map(([id, n]) => `${id} wins ${n}`)
          .join(', ')}`,
      ),
    );
  });
  for (const note of hand.notes ?? []) lines.push(`  ${note}`);
  lines.push(
    `  Stacks${hand.status === 'in-progress' ? ' (behind)' : ''}: ${Object.entries(hand.stacks)
      .map(([id, n]) => `${id} ${n}`)
      .join(', ')}`,
  );
  return lines.join('\n');
}

export function textReport(name: string, source: string | undefined, run: TableScriptRun): string {
  const out: string[] = [`${name}${source ? ` (${source})` : ''}`];
  for (const hand of run.hands) out.push('', handText(hand));
  const expected = run.rejections.filter((r) => r.expected);
  if (expected.length > 0) {
    out.push('', 'Refused as expected:');
    for (const r of expected) out.push(`  commands[${r.index}]: ${r.code}: ${r.message}`);
  }
  out.push(
    '',
    `Final stacks: ${Object.entries(run.finalStacks)
      .map(([id, n]) => `${id} ${n}`)
      .join(', ')}`,
  );
  if (run.ok) out.push('Expectations: ' + (run.expectationFailures.length === 0 ? 'all met' : 'not met'));
  return out.join('\n') + '\n';
}

/**
 * What a hand started with: the blinds owed and made up (and the modules' `owed` posts: a kill blind), and a kill
 * (by player id); empty keys are left out.
 */
function handTable(run: TableScriptRun, handNumber: number, owed: ReadonlySet<string>): object {
  const started = run.events.find((e) => e.type === 'HandStarted' && e.handNumber === handNumber + run.setupHands);
  if (!started || started.type !== 'HandStarted') return {};
  const id = (seat: number) =>
    started.players.find((p) => p.seat === seat)?.playerId ?? run.state.seats[seat - 1]?.playerId ?? `seat ${seat}`;
  const makeUps = started.forcedBets.filter((f) => f.kind.startsWith('make-up') || f.kind === 'new-player' || owed.has(f.kind));
  return {
    ...(started.missedBlinds.length > 0 ? { missedBlinds: started.missedBlinds.map((m) => ({ player: id(m.seat), blind: m.blind })) } : {}),
    ...(makeUps.length > 0
      ? { owedPosts: makeUps.map((f) => ({ player: id(f.seat), kind: f.kind, amount: f.amount, live: f.live })) }
      : {}),
    ...(started.kill ? { kill: { player: id(started.kill.seat), limitPercent: started.kill.limitPercent } } : {}),
  };
}
