import {
  EQUIVALENT_NOTE_KINDS,
  ohhExportFromEvents,
  phhHandsFromEvents,
  replayPhhText,
  toOhhText,
  toPhhText,
  type PhhNoteKind,
} from '@felt/formats';
import { MIXED_TABLES, mixedLog } from './mixed-log';
import { checkOhhHand, checkPhhHand, ohhObjects, phhTables } from './independent-check';

/**
 * The exports of a mixed log (every house option, new players posting, sit-outs, voided hands, fixed limit
 * heads-up, pot limit), checked by a reader that does not use Felt's engine (independent-check.ts): PHH's own
 * arithmetic and OHH's balance, hand by hand, and the two formats against each other. Nothing is left out
 * silently: every hand started is written or listed as left out. pokerkit's replay of the same exports is
 * bench/pokerkit-exports.ts (it needs Python and pokerkit's source).
 */
const HANDS_PER_TABLE = 80;
const logs = MIXED_TABLES.map((t, i) => mixedLog(t, HANDS_PER_TABLE, 1000 + i));

describe('exports of a mixed log, checked without the engine', () => {
  const counts: Record<string, number> = {};
  let written = 0;
  let phhProblems: string[] = [];
  let ohhProblems: string[] = [];
  const crossProblems: string[] = [];
  let started = 0;
  let leftOutPhh = 0;
  let leftOutOhh = 0;

  beforeAll(() => {
    for (const log of logs) {
      started += log.events.filter((e) => e.type === 'HandStarted').length;
      const phh = phhHandsFromEvents(log.events);
      const ohh = ohhExportFromEvents(log.events);
      for (const [kind, n] of Object.entries(phh.counts)) counts[kind] = (counts[kind] ?? 0) + n!;
      written += phh.hands.length;
      leftOutPhh += phh.skipped.length;
      leftOutOhh += ohh.skipped.length;
      const phhText = toPhhText(phh.hands, phh.skipped);
      const ohhText = toOhhText(ohh.hands, ohh.skipped);
      const tables = phh.hands.length ? phhTables(phhText) : [];
      phhProblems = phhProblems.concat(tables.flatMap(({ key, hand }) => checkPhhHand(`${log.name} ${key}`, hand)));
      const objects = ohhObjects(ohhText);
      if (ohh.skipped.length)
        expect((objects[0] as { felt_export: { left_out: unknown[] } }).felt_export.left_out).toHaveLength(ohh.skipped.length);
      const hands = objects.filter((o) => 'ohh' in o);
      expect(hands).toHaveLength(ohh.hands.length);
      const phhByHand = new Map(tables.map(({ hand }) => [Number(hand.hand), hand]));
      for (const h of hands) {
        const { problems, finalStacks } = checkOhhHand(h);
        ohhProblems = ohhProblems.concat(problems);
        // Where both formats hold the hand, OHH's results are PHH's finishing stacks.
        const number = Number(
          String((h.ohh as { game_number: string }).game_number)
            .split('-')
            .pop(),
        );
        const p = phhByHand.get(number);
        if (!p) continue;
        (p.seats as number[]).forEach((seat, k) => {
          const phhFinal = (p.finishing_stacks as number[])[k];
          if (finalStacks.get(seat) !== phhFinal)
            crossProblems.push(`${log.name} hand ${number} seat ${seat}: OHH ${finalStacks.get(seat)} PHH ${phhFinal}`);
        });
      }
    }
  });

  it('accounts for every hand: written, or left out with a reason in the header', () => {
    expect(started).toBeGreaterThan(500);
    expect(written + leftOutPhh).toBe(started);
    // OHH holds every structure and chopped hands; only voided hands are left out of it.
    expect(leftOutOhh).toBe(counts.voided);
    expect(counts.voided).toBeGreaterThan(0);
    expect(counts.chopped).toBeGreaterThan(0);
    expect(counts['no-variant']).toBeGreaterThan(0);
  });

  it('writes PHH whose own arithmetic holds for every hand: chips conserved with the rake, folded players exact', () => {
    expect(phhProblems.slice(0, 5)).toEqual([]);
    for (const kind of [
      'rake',
      'new-player-post',
      'dead-post',
      'raise-nobody-can-call',
      'check-for-pokerkit',
      'bomb-pot',
      'run-it-twice',
    ] as PhhNoteKind[])
      expect([kind, (counts[kind] ?? 0) > 0]).toEqual([kind, true]);
    expect(EQUIVALENT_NOTE_KINDS).toContain('rake');
  });

  it('writes OHH that balances for every hand, chops included: stakes = pots = wins + rake', () => {
    expect(ohhProblems.slice(0, 5)).toEqual([]);
  });

  it('agrees across formats: each OHH player ends with the PHH finishing stack', () => {
    expect(crossProblems.slice(0, 5)).toEqual([]);
  });
});

describe('the independent checkers catch a broken file', () => {
  const log = mixedLog(MIXED_TABLES[0]!, 20, 5);
  const phh = phhHandsFromEvents(log.events);
  const raked = phh.hands.find((h) => h.rake !== null)!;

  it('PHH: a rake left out breaks conservation; a folded player paid breaks the arithmetic', () => {
    const [{ key, hand }] = phhTables(toPhhText([{ ...raked, rake: null }]));
    expect(checkPhhHand(key!, hand!).join()).toMatch(/starting \d+ - rake 0 != finishing/);
    const folded = phh.hands.find((h) => h.actions.some((a) => / f$/.test(a)))!;
    const who = Number(/p(\d+) f$/.exec(folded.actions.find((a) => / f$/.test(a))!)![1]) - 1;
    const paid = {
      ...folded,
      finishingStacks: folded.finishingStacks.map((s, k) => (k === who ? s + 1 : k === (who + 1) % s ? s - 1 : s)),
    };
    const [{ key: k2, hand: h2 }] = phhTables(toPhhText([paid]));
    expect(checkPhhHand(k2!, h2!).join()).toMatch(/folded after putting in/);
  });

  it('OHH: a pot without its rake does not balance', () => {
    const ohh = ohhExportFromEvents(log.events).hands.find((h) => h.ohh.pots.some((p) => p.rake > 0))!;
    const broken = JSON.parse(JSON.stringify(ohh));
    broken.ohh.pots.find((p: { rake: number }) => p.rake > 0).rake = 0;
    expect(checkOhhHand(broken).problems.join()).toMatch(/pays .* \+ rake 0/);
  });
});

describe('felt phh reads the export back', () => {
  it('replays the exported hands it can set up (blinds in place, no dead money, no post on the button, no marking note) to the same stacks', () => {
    const wrong: string[] = [];
    let replayed = 0;
    let freeChecks = 0;
    for (const log of logs) {
      const phh = phhHandsFromEvents(log.events);
      // The importer sets a table up from the file alone: hands dealt with a dead small blind (no small blind
      // posted: p1 is the big blind) or with dead money need a table history it cannot rebuild (docs/phh.md).
      // A post on the button needs the house's permission, which a PHH file does not carry. A make-up post in the
      // small blind's seat (rules version 2: a moving button's skipped blinds are owed) is a negative first entry,
      // which the importer has no post for either.
      const setUp = (h: (typeof phh.hands)[number]) => {
        const b = h.blindsOrStraddles;
        if (b[0]! < 0) return false;
        return b.length === 2 || (b[1] === (h.minBet ?? h.smallBet) && b[b.length - 1]! >= 0);
      };
      const plain = phh.hands.filter(
        (h) =>
          setUp(h) && h.notes.every((n) => ['new-player-post', 'raise-nobody-can-call', 'check-for-pokerkit', 'rake'].includes(n.kind)),
      );
      if (plain.length === 0) continue;
      for (const r of replayPhhText(toPhhText(plain), log.name)) {
        replayed++;
        if (r.note?.includes('checks where the engine needs no action')) freeChecks++;
        if (r.status !== 'matched') wrong.push(`${r.status}: ${r.error}`);
      }
    }
    expect(replayed).toBeGreaterThan(200);
    // The checks pokerkit asks for, which the engine does not need, are read as no action.
    expect(freeChecks).toBeGreaterThan(0);
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
