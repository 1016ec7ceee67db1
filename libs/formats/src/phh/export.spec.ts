import { join } from 'node:path';
import { tableDecider, type TableCommand, type TableEvent } from '@felt/engine';
import { collectPhhFiles, parsePhh, replayPhhHand, type PhhAction, type PhhHand } from '../index';
import { readFileSync } from 'node:fs';
import { phhHandToml, phhHandsFromEvents, toPhhText } from './export';
import { MIXED_TABLES, mixedLog } from '../../../../test/exports/mixed-log';

/**
 * Round trip over the whole conformance corpus: each hand is replayed through the importer (capturing the commands
 * it sends), the commands are decided again to get the engine's events, the events are exported to PHH text, and
 * that text is parsed and replayed again. The actions (betting and board) and the final stacks must be the same.
 */
const root = join(__dirname, '../../../../test/fixtures/phh');

function eventsOf(commands: readonly TableCommand[]): TableEvent[] {
  let state = tableDecider.initialState;
  const events: TableEvent[] = [];
  for (const c of commands) {
    const d = tableDecider.decide(c, state);
    if (!d.ok) throw new Error(`${c.type} refused on the second run: ${d.rejection.code}`);
    for (const e of d.events) {
      state = tableDecider.evolve(state, e);
      events.push(e);
    }
  }
  return events;
}

/** What must survive the round trip: betting actions with their amounts, and the board. */
function played(hand: PhhHand): string[] {
  return hand.actions
    .filter((a): a is Extract<PhhAction, { kind: 'fold' | 'check-call' | 'bet-raise' | 'deal-board' }> =>
      ['fold', 'check-call', 'bet-raise', 'deal-board'].includes(a.kind),
    )
    .map((a) =>
      a.kind === 'deal-board'
        ? `d db ${a.cards.map((c) => c ?? '??').join('')}`
        : a.kind === 'bet-raise'
          ? `p${a.player} cbr ${a.amount}`
          : `p${a.player} ${a.kind === 'fold' ? 'f' : 'cc'}`,
    );
}

const hands: PhhHand[] = [];
for (const file of collectPhhFiles([root])) for (const e of parsePhh(readFileSync(file, 'utf8'), file)) if (e.ok) hands.push(e.hand);

describe('PHH export round trip (the whole corpus)', () => {
  it('exports every corpus hand so that it imports again with the same actions and final stacks', () => {
    expect(hands).toHaveLength(1745);
    const wrong: string[] = [];
    for (const hand of hands) {
      const commands: TableCommand[] = [];
      const first = replayPhhHand(hand, { commands });
      const exported = phhHandsFromEvents(eventsOf(commands));
      if (exported.hands.length !== 1) {
        wrong.push(`${hand.file}: ${exported.hands.length} hands exported (${exported.skipped.map((s) => s.reason).join('; ')})`);
        continue;
      }
      const text = toPhhText(exported.hands);
      const [entry] = parsePhh(text, `${hand.file} (exported)`);
      if (!entry?.ok) {
        wrong.push(`${hand.file}: the export does not parse: ${entry?.ok === false ? entry.error : 'no hand'}\n${text}`);
        continue;
      }
      const again = replayPhhHand(entry.hand);
      const scaled = first.finalStacks!.map((s) => s * hand.scale);
      if (again.status !== 'matched') wrong.push(`${hand.file}: the export replays ${again.status}: ${again.error}`);
      else if (JSON.stringify(again.finalStacks) !== JSON.stringify(scaled))
        wrong.push(`${hand.file}: final stacks ${again.finalStacks} != ${scaled}`);
      else if (JSON.stringify(entry.hand.finishingStacks) !== JSON.stringify(scaled))
        wrong.push(`${hand.file}: finishing_stacks ${entry.hand.finishingStacks} != ${scaled}`);
      const before = played(hand);
      const after = played(entry.hand);
      // Unknown board cards (??) in the source are the ones the importer filled in.
      const same =
        before.length === after.length &&
        before.every((a, i) => a === after[i] || (a.includes('??') && a.replace(/\?\?/g, '..').length === after[i]!.length));
      if (!same) wrong.push(`${hand.file}: actions differ:\n  ${before.join(', ')}\n  ${after.join(', ')}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('writes a readable .phh with the fields pokerkit reads', () => {
    const hand = hands.find((h) => h.file.endsWith('dwan-ivey-2009.phh'))!;
    const commands: TableCommand[] = [];
    replayPhhHand(hand, { commands });
    const text = toPhhText(phhHandsFromEvents(eventsOf(commands)).hands);
    expect(text).toContain('variant = "NT"');
    expect(text).toContain('antes = [500, 500, 500]');
    expect(text).toContain('blinds_or_straddles = [1000, 2000, 0]');
    expect(text).toContain('min_bet = 2000');
    expect(text).toContain('starting_stacks = [1125600, 2000000, 553500]');
    expect(text).toContain('"d dh p1 Ac2d"');
    expect(text).toContain('"p3 cbr 7000"');
    expect(text).toContain('"d db Jc3d5c"');
    expect(text).toContain(`finishing_stacks = [${1125600 - 553500}, ${2000000 - 2500}, ${553500 * 2 + 2500}]`);
  });

  it('writes several hands as a .phhs document that imports hand by hand', () => {
    const some = hands.slice(0, 3);
    const exported = some.flatMap((hand) => {
      const commands: TableCommand[] = [];
      replayPhhHand(hand, { commands });
      return phhHandsFromEvents(eventsOf(commands)).hands.map((h, i) => ({ ...h, handNumber: some.indexOf(hand) + 1 + i }));
    });
    const entries = parsePhh(toPhhText(exported), 'three.phhs');
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.ok && replayPhhHand(e.hand).status === 'matched')).toBe(true);
  });
});

describe('PHH export: rake, notes and hands left out', () => {
  const log = mixedLog(
    MIXED_TABLES.find((t) => t.name === 'nl-rake')!,
    150,
    1000,
  );
  const exported = phhHandsFromEvents(log.events);

  it('writes the rake as _felt_rake and _felt_rake_by_pot, finishing stacks after it', () => {
    const raked = exported.hands.find((h) => h.rake !== null)!;
    const rake = log.events.find(
      (e, i) => e.type === 'RakeTaken' && log.events.slice(0, i).filter((x) => x.type === 'HandStarted').length === raked.handNumber,
    ) as Extract<TableEvent, { type: 'RakeTaken' }>;
    const text = phhHandToml(raked);
    expect(text).toContain(`_felt_rake = ${rake.amount}\n`);
    expect(text).toMatch(/_felt_rake_by_pot = \[\[\d+, \d+\]/);
    expect(text).toContain('_felt_notes = ["rake: ');
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(raked.startingStacks) - rake.amount).toBe(sum(raked.finishingStacks));
  });

  it('lists the hands left out in the header and counts every kind', () => {
    const voided = exported.skipped.filter((s) => s.kind === 'voided');
    expect(voided.length).toBe(log.events.filter((e) => e.type === 'HandVoided').length);
    const text = toPhhText(exported.hands, exported.skipped);
    for (const s of exported.skipped) expect(text).toContain(`# felt export: hand ${s.handNumber} left out (${s.kind}): `);
    expect(exported.counts.voided).toBe(voided.length);
    expect(exported.counts.rake).toBe(exported.hands.filter((h) => h.rake !== null).length);
  });

  it('writes a raise nobody could answer as a call, with its note', () => {
    const hand = exported.hands.find((h) => h.notes.some((n) => n.kind === 'raise-nobody-can-call'))!;
    expect(hand).toBeDefined();
    const note = hand.notes.find((n) => n.kind === 'raise-nobody-can-call')!;
    const who = /^(p\d+) /.exec(note.text)![1];
    expect(hand.actions).toContain(`${who} cc`);
  });

  it('writes the check pokerkit asks of a straddler left alone with chips by an all-in call for less', () => {
    // p2 calls all in for 14 of p3's straddle of 20: the table returns 6 and asks p3 nothing; pokerkit asks p3 to act.
    const text = [
      'variant = "NT"',
      'antes = [0, 0, 0, 0]',
      'blinds_or_straddles = [5, 10, 20, 0]',
      'min_bet = 10',
      'starting_stacks = [270, 14, 1430, 290]',
      'actions = ["d dh p1 8hKh", "d dh p2 Ts4h", "d dh p3 6dTc", "d dh p4 9sJd", "p4 f", "p1 f", "p2 cc", "p3 cc", "p2 sm Ts4h", "p3 sm 6dTc", "d db QdJh7s", "d db Kd", "d db 5c"]',
    ].join('\n');
    const [entry] = parsePhh(text, 'straddle-all-in-call');
    if (!entry?.ok) throw new Error('does not parse');
    const commands: TableCommand[] = [];
    expect(replayPhhHand(entry.hand, { commands }).status).toBe('matched');
    const [hand] = phhHandsFromEvents(eventsOf(commands)).hands;
    expect(hand!.actions.slice(6, 8)).toEqual(['p2 cc', 'p3 cc']);
    expect(hand!.notes.map((n) => n.kind)).toContain('check-for-pokerkit');
    expect(hand!.notes.find((n) => n.kind === 'check-for-pokerkit')!.text).toMatch(/^p3 checks after p2's all-in call/);
  });

  it('writes ???? for hole cards the log does not hold (a table dealt with live cards)', () => {
    const events = log.events.map((e) =>
      e.type === 'HoleCardsDealt' ? { ...e, hands: e.hands.map((h) => ({ ...h, cards: null as never })) } : e,
    );
    const hand = phhHandsFromEvents(events).hands[0]!;
    expect(hand.actions.filter((a) => a.startsWith('d dh')).every((a) => a.endsWith(' ????'))).toBe(true);
  });
});
