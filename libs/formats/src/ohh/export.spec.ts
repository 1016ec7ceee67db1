import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableDecider, type TableCommand, type TableEvent } from '@felt/engine';
import { collectPhhFiles, parsePhh, phhHandsFromEvents, replayPhhHand } from '../index';
import { ohhExportFromEvents, ohhHandsFromEvents, toOhhText } from './export';
import { MIXED_TABLES, mixedLog } from '../../../../test/exports/mixed-log';

const root = join(__dirname, '../../../../test/fixtures/phh');

function eventsOfFile(file: string): TableEvent[] {
  const [entry] = parsePhh(readFileSync(file, 'utf8'), file);
  if (!entry?.ok) throw new Error('fixture does not parse');
  const commands: TableCommand[] = [];
  replayPhhHand(entry.hand, { commands });
  let state = tableDecider.initialState;
  const events: TableEvent[] = [];
  for (const c of commands) {
    const d = tableDecider.decide(c, state);
    if (!d.ok) throw new Error(d.rejection.code);
    for (const e of d.events) {
      events.push(e);
      state = tableDecider.evolve(state, e);
    }
  }
  return events;
}

const STAKES = ['Post SB', 'Post BB', 'Post Ante', 'Straddle', 'Post Dead', 'Post Extra Blind', 'Call', 'Bet', 'Raise'];

/** The action names the OHH specification lists (hh-specs.handhistory.org, action_obj.action). */
const OHH_ACTIONS = [
  'Dealt Cards',
  'Mucks Cards',
  'Shows Cards',
  'Post Ante',
  'Post SB',
  'Post BB',
  'Straddle',
  'Post Dead',
  'Post Extra Blind',
  'Fold',
  'Check',
  'Bet',
  'Raise',
  'Call',
  'Added Chips',
  'Sits Down',
  'Stands Up',
];

describe('OHH export', () => {
  it('writes Dwan-Ivey as one OHH object: players, rounds with the board, pots and winners', () => {
    const events = eventsOfFile(join(root, 'historical/dwan-ivey-2009.phh'));
    const [hand, ...rest] = ohhHandsFromEvents(events, { startedAt: new Map([[1, '2009-03-01T00:00:00.000Z']]) });
    expect(rest).toEqual([]);
    const o = hand!.ohh;
    expect(o).toMatchObject({
      game_type: 'Holdem',
      bet_limit: { bet_type: 'NL' },
      small_blind_amount: 1000,
      big_blind_amount: 2000,
      ante_amount: 500,
      start_date_utc: '2009-03-01T00:00:00.000Z',
    });
    expect(o.players.map((p) => p.starting_stack)).toEqual([1125600, 2000000, 553500]);
    expect(o.rounds.map((r) => r.street)).toEqual(['Preflop', 'Flop', 'Turn', 'River', 'Showdown']);
    expect(o.rounds[1]!.cards).toEqual(['Jc', '3d', '5c']);
    const preflop = o.rounds[0]!.actions.filter((a) => a.action !== 'Dealt Cards').map((a) => `${a.player_id} ${a.action} ${a.amount}`);
    expect(preflop).toEqual(expect.arrayContaining(['2 Raise 7000', '0 Raise 22000', '1 Fold 0']));
    expect(o.pots.flatMap((p) => p.player_wins.map((w) => w.player_id))).toEqual([2]);
    expect(JSON.parse(toOhhText([hand!]))).toEqual(hand);
  });

  it('accounts for every chip over the corpus: stakes less returns plus wins are each player’s result', () => {
    const files = collectPhhFiles([root]).filter((_, i) => i % 20 === 0);
    for (const file of files) {
      const events = eventsOfFile(file);
      const ended = events.find((e): e is Extract<TableEvent, { type: 'HandEnded' }> => e.type === 'HandEnded')!;
      const [hand] = ohhHandsFromEvents(events);
      const o = hand!.ohh;
      for (const p of o.players) {
        const actions = o.rounds.flatMap((r) => r.actions).filter((a) => a.player_id === p.id);
        const staked = actions.filter((a) => STAKES.includes(a.action)).reduce((n, a) => n + a.amount, 0);
        const returned = actions.reduce((n, a) => n + (a.uncalled_returned ?? 0), 0);
        const won = o.pots
          .flatMap((pot) => pot.player_wins)
          .filter((w) => w.player_id === p.id)
          .reduce((n, w) => n + w.win_amount, 0);
        const final = ended.stacks.find((s) => s.seat === p.seat)!.stack;
        expect([file, p.starting_stack - staked + returned + won]).toEqual([file, final]);
      }
      // Only the specification's action names (OHH 1.4.x action_obj.action), and no Bet before the flop.
      for (const round of o.rounds)
        for (const a of round.actions) {
          expect([file, OHH_ACTIONS.includes(a.action)]).toEqual([file, true]);
          if (round.street === 'Preflop') expect([file, a.action]).not.toEqual([file, 'Bet']);
        }
    }
  });
});

describe('OHH export: chops, rake, voided hands', () => {
  // Tables where blinds chop (fee 1) and a rake is taken, from the mixed logs of the export checks.
  const chopLog = mixedLog(
    MIXED_TABLES.find((t) => t.name === 'nl-straddle-chop')!,
    150,
    1001,
  );
  const rakeLog = mixedLog(
    MIXED_TABLES.find((t) => t.name === 'nl-rake')!,
    150,
    1000,
  );

  it('fills a chopped hand’s pot: both blinds, the returns as wins, the fee as the small blind’s rake', () => {
    const chop = chopLog.events.find((e): e is Extract<TableEvent, { type: 'BlindsChopped' }> => e.type === 'BlindsChopped')!;
    expect(chop).toBeDefined();
    const handNumber = chopLog.events.slice(0, chopLog.events.indexOf(chop)).filter((e) => e.type === 'HandStarted').length;
    const hand = ohhExportFromEvents(chopLog.events).hands.find((h) => h.ohh.game_number.endsWith(`-${handNumber}`))!;
    const [pot, ...others] = hand.ohh.pots;
    expect(others).toEqual([]);
    expect(pot!.rake).toBe(chop.fee);
    expect(pot!.amount).toBe(chop.returned.reduce((n, r) => n + r.amount, 0) + chop.fee);
    const started = chopLog.events.filter((e): e is Extract<TableEvent, { type: 'HandStarted' }> => e.type === 'HandStarted')[
      handNumber - 1
    ]!;
    const idOf = (seat: number) => hand.ohh.players.find((p) => p.seat === seat)!.id;
    expect(pot!.player_wins).toEqual(
      chop.returned.map((r) => ({
        player_id: idOf(r.seat),
        win_amount: r.amount,
        contributed_rake: r.seat === started.smallBlindSeat ? chop.fee : 0,
      })),
    );
  });

  it('puts each pot’s rake in its winners’ contributed_rake', () => {
    const raked = ohhExportFromEvents(rakeLog.events)
      .hands.flatMap((h) => h.ohh.pots)
      .filter((p) => p.rake > 0);
    expect(raked.length).toBeGreaterThan(10);
    for (const pot of raked) expect(pot.player_wins.reduce((n, w) => n + w.contributed_rake, 0)).toBe(pot.rake);
  });

  it('leaves voided hands out and lists them in a first object without an ohh key', () => {
    const exported = ohhExportFromEvents(rakeLog.events);
    const voided = rakeLog.events.filter((e) => e.type === 'HandVoided').length;
    expect(voided).toBeGreaterThan(0);
    expect(exported.skipped).toHaveLength(voided);
    const [header, first] = toOhhText(exported.hands, exported.skipped)
      .split('\n\n')
      .map((t) => JSON.parse(t));
    expect(header).toEqual({
      felt_export: { left_out: exported.skipped.map((s) => ({ hand: s.handNumber, kind: 'voided', reason: s.reason })) },
    });
    expect(first.ohh).toBeDefined();
  });

  it('notes, as PHH does, the hands another engine replays differently (the one rule of libs/projections hand-notes.ts)', () => {
    const events = mixedLog(
      MIXED_TABLES.find((t) => t.name === 'nl-antes-killpot')!,
      60,
      2026,
    ).events;
    const ohh = ohhHandsFromEvents(events);
    const phh = phhHandsFromEvents(events);
    const noted = (notes: readonly { kind: string }[] | undefined) =>
      (notes ?? []).filter((n) => n.kind === 'odd-chip' || n.kind === 'kill').map((n) => n.kind);
    const byHand = new Map(phh.hands.map((h) => [h.handNumber, noted(h.notes)]));
    const marked = ohh.filter((h) => h.ohh.felt_notes);
    expect(marked.length).toBeGreaterThan(0);
    for (const h of ohh) {
      const n = Number(h.ohh.game_number.split('-').pop());
      if (byHand.has(n)) expect(noted(h.ohh.felt_notes)).toEqual(byHand.get(n));
    }
  });
});
