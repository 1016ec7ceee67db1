import { DEFAULT_MODULES, type AnyRuleModule, type ForcedBetFormat, type ModuleNote } from '@felt/engine';
import { postsToTotal, type HandPot, type HandRecord } from './hand-record';
import type { TableHand } from './table-hands';

type RunPaid = NonNullable<HandPot['runs']>[number];

/**
 * Where a hand departs from what a plain Texas hold'em engine (pokerkit, say) would replay from a transcription of
 * its actions: one rule, read by every export (libs/formats PHH and OHH), so a hand is noted the same way whatever
 * the format. Each note has a kind (docs/regulators.md lists them) and a place among the hand's actions, so a
 * format that adds notes of its own (PHH's transcription: a raise nobody could call, pokerkit's extra check) keeps
 * them in the order things happened.
 * - `training`: the deck came from a training table's source, so anyone could choose the cards.
 * - `new-player-post`, `dead-post`, `other-post`: forced bets beyond the blinds, antes and straddles; a house
 *   option's own forced bet is noted as its module says (`formats.forcedBets`: the kill game's and kill pot's `kill`,
 *   and on the whole hand the bomb pot's antes and no betting before the flop).
 * - `run-it-twice`: the board run twice; the pots are paid per run.
 * - `corrected`: the floor took back mis-keyed actions; the hand is written as finally played.
 * - `odd-chip`: a split with an odd chip, which the table gives to the first winner left of the button (and, when a
 *   pot is halved between two runs, to the run whose winner sits first left of the button); another engine's rule
 *   may give it elsewhere, one chip apart.
 * - `rake`: the house took chips from the pots.
 * - `house-rule`: what a casino's house option did that no format can say (its module's exportNotes hook: a bounty).
 */
export type HandNoteKind =
  | 'training'
  | 'new-player-post'
  | 'dead-post'
  | 'other-post'
  | 'run-it-twice'
  | 'corrected'
  | 'odd-chip'
  | 'rake'
  | 'house-rule'
  | ModuleNoteKind;

/** A note kind a house option's module names (its `formats.forcedBets` notes: the kills', the bomb pot's). */
export type ModuleNoteKind = string & {};

export interface HandNote {
  readonly kind: HandNoteKind;
  readonly text: string;
  /** Its place: notePlace's numbering (before the first action, at an action or a deal, after the last). */
  readonly place: number;
}

/**
 * Kinds whose hands another engine replays to other stacks, whatever the notation (the rest a notation can write as
 * an equivalent): the core's and the modules' notes that say so (ForcedBetNote.replaysDifferently).
 */
export function replaysDifferently(modules: readonly AnyRuleModule[]): readonly HandNoteKind[] {
  const kinds = moduleNotes(modules).flatMap((n) => (n.replaysDifferently ? [n.kind] : []));
  return [...new Set<HandNoteKind>(['odd-chip', 'house-rule', ...kinds])];
}

/** Every note the modules' forced bets may add (ForcedBetFormat.note and dealNote). */
export function moduleNotes(modules: readonly AnyRuleModule[]): ModuleNote[] {
  return [...forcedBetFormats(modules).values()].flatMap((f) => [...(f.note ? [f.note] : []), ...(f.dealNote ? [f.dealNote] : [])]);
}

/** The default modules' (replaysDifferently). */
export const REPLAYS_DIFFERENTLY: readonly HandNoteKind[] = replaysDifferently(DEFAULT_MODULES);

/** The modules' forced-bet formats by kind (`formats.forcedBets`). */
export function forcedBetFormats(modules: readonly AnyRuleModule[]): ReadonlyMap<string, ForcedBetFormat> {
  return new Map(modules.flatMap((m) => Object.entries(m.formats?.forcedBets ?? {})));
}

/** The places notes sort by: before everything, at an action, at a deal that came before action `at`, after everything (in `k` order). */
export const notePlace = {
  start: -1,
  action: (i: number) => 2 * i + 1,
  deal: (at: number) => 2 * at,
  end: (hand: HandRecord, k: number) => 2 * hand.actions.length + 2 + k,
};

/** The end places: the pots' odd chips, then a format's own (PHH: the fixed-limit cap), then the rake, then a format's last. */
export const END = { oddChip: 0, format: 1, rake: 2, formatLast: 3, houseRule: 4 } as const;

/**
 * The notes of the house options on at the hand's table (each enabled module's exportNotes hook, given the hand's
 * events), after every other note. `playerOf` names a seat as the format does.
 */
export function houseRuleNotes(
  hand: TableHand,
  modules: readonly AnyRuleModule[],
  format: 'phh' | 'ohh',
  playerOf: (seat: number) => string,
): HandNote[] {
  if (hand.rules === null) return [];
  const notes: HandNote[] = [];
  for (const m of modules) {
    const params = m.params(hand.rules);
    if (params === null || !m.exportNotes) continue;
    for (const text of m.exportNotes({ events: hand.events, format, playerOf }, params))
      notes.push({ kind: 'house-rule', text, place: notePlace.end(hand.record, END.houseRule) });
  }
  return notes;
}

const TRAINING =
  "a training table's hand: its deck was supplied or shuffled from a demo seed, so anyone could choose the cards; not a game's record";
const NEW_PLAYER_KINDS = new Set(['new-player', 'make-up-big', 'make-up-small']);
const BLIND_KINDS = new Set(['small-blind', 'big-blind']);

/**
 * The notes of a hand, in the order of their places. Players are named p1.. in dealing order (the record's order).
 * `modules`: the table's house options, whose forced bets are noted as they say.
 */
export function handNotes(hand: HandRecord, modules: readonly AnyRuleModule[] = DEFAULT_MODULES): HandNote[] {
  const formats = forcedBetFormats(modules);
  const notes: HandNote[] = [];
  const p = (seat: number) => `p${hand.players.findIndex((x) => x.seat === seat) + 1}`;
  const note = (kind: HandNoteKind, place: number, text: string) => notes.push({ kind, text, place });
  if (hand.deckSource === 'training') note('training', notePlace.start, TRAINING);
  const deals = hand.deals ?? [];
  const hole = deals.find((d) => d.what === 'hole');
  if (hole)
    for (const [kind, { dealNote }] of formats) {
      const most = dealNote ? mostPosted(hand, kind, hole.at) : 0;
      if (dealNote && most > 0) note(dealNote.kind, notePlace.deal(hole.at), dealNote.text(most));
    }
  hand.actions.forEach((a, i) => {
    const place = notePlace.action(i);
    if (a.action === 'correction')
      note(
        'corrected',
        place,
        `the floor took back ${(a.took ?? []).map((t) => `${t.type} by seat ${t.seat}`).join(', ')} (${a.reason}): written as finally played, without them`,
      );
    // A module's post to a live total (a kill pot) is recorded as its own action, of its module's kind.
    else if (a.action === 'post' || postsToTotal(a)) {
      const kind = a.kind ?? '';
      const format = formats.get(kind);
      const live = format?.live === true || !a.dead;
      if (kind === 'ante' || (live && (BLIND_KINDS.has(kind) || format?.note === null))) return;
      if (live && NEW_PLAYER_KINDS.has(kind))
        note('new-player-post', place, `${p(a.seat)} posts ${kind} ${a.amount} live: a negative blinds_or_straddles entry (PHH's post)`);
      else if (!live) note('dead-post', place, `${p(a.seat)} posts ${kind} ${a.amount} dead: written as an ante (dead money)`);
      else if (format?.note) note(format.note.kind, place, format.note.text(p(a.seat), a.amount ?? 0));
      else note('other-post', place, `${p(a.seat)} posts ${kind} ${a.amount}, written as a blind`);
    }
  });
  if (hand.secondBoard)
    note(
      'run-it-twice',
      runTwiceAgreedPlace(hand),
      `the players in the pot agreed to run the board twice: the second run's cards are marked "# run 2"; _felt_runs = 2 asks a reader to select two runouts in pokerkit`,
    );
  oddChips(hand, (text) => note('odd-chip', notePlace.end(hand, END.oddChip), text));
  if (hand.rake - (hand.chopFee ?? 0) > 0)
    note(
      'rake',
      notePlace.end(hand, END.rake),
      `the house took ${hand.rake - (hand.chopFee ?? 0)} in rake: _felt_rake and _felt_rake_by_pot; finishing_stacks are after it`,
    );
  return sortByPlace(notes);
}

/** Notes of several sources in the order of their places (a stable sort: the same place keeps the order given). */
export function sortByPlace<N extends { readonly place: number }>(notes: readonly N[]): N[] {
  return notes
    .map((n, i) => [n, i] as const)
    .sort((a, b) => a[0].place - b[0].place || a[1] - b[1])
    .map(([n]) => n);
}

/** The most one player posted of this kind before the deal (0: nobody posted it). */
function mostPosted(hand: HandRecord, kind: string, before: number): number {
  const bySeat = new Map<number, number>();
  for (const a of hand.actions.slice(0, before))
    if (a.action === 'post' && a.kind === kind) bySeat.set(a.seat, (bySeat.get(a.seat) ?? 0) + (a.amount ?? 0));
  return Math.max(0, ...bySeat.values());
}

/** The players agreed before the first deal of a street both runs deal. */
function runTwiceAgreedPlace(hand: HandRecord): number {
  const deals = hand.deals ?? [];
  const twice = new Set(deals.filter((d) => d.run === 2).map((d) => d.what));
  const first = deals.find((d) => d.run === undefined && twice.has(d.what));
  return first ? notePlace.deal(first.at) : notePlace.end(hand, END.oddChip);
}

function oddChips(hand: HandRecord, note: (text: string) => void): void {
  const oddSplit = (amount: number, winners: number) => winners > 1 && amount % winners !== 0;
  const sameWinners = (a: RunPaid, b: RunPaid) => a.winners.map((w) => w.seat).join() === b.winners.map((w) => w.seat).join();
  // Pots halved between two runs with different winners and an odd chip.
  const oddHalvings = hand.pots.filter(
    (p) => p.runs?.length === 2 && p.runs[0]!.amount !== p.runs[1]!.amount && !sameWinners(p.runs[0]!, p.runs[1]!),
  ).length;
  for (const pot of hand.pots) {
    if (!hand.secondBoard) {
      if (oddSplit(pot.amount, pot.winners.length))
        note(
          `pot ${pot.pot} of ${pot.amount} split ${pot.winners.length} ways: the odd chip went to the first winner left of the button, where pokerkit's rule may give it to another`,
        );
      continue;
    }
    const runs = pot.runs ?? [];
    for (const run of runs)
      if (oddSplit(run.amount, run.winners.length))
        note(
          `pot ${pot.pot}, run ${run.run}: ${run.amount} split ${run.winners.length} ways; the odd chip went to the first winner left of the button, where pokerkit's rule may give it to another`,
        );
    const [first, second] = runs;
    if (!first || !second || first.amount === second.amount || sameWinners(first, second)) continue;
    // pokerkit gives a halving's odd chip to the first run; the table, to the run whose winner sits first left of the button.
    if (second.amount > first.amount)
      note(
        `pot ${pot.pot} halved: the odd chip went with the second run (its winner sits first left of the button); pokerkit gives it to the first run`,
      );
    // The table halves each pot by itself; pokerkit halves the pots it merged (adjacent pots the same players
    // contend), so two odd chips here may be an even halving there: one chip to the other run's winner.
    else if (oddHalvings > 1)
      note(
        `pot ${pot.pot} halved: the odd chip went with the first run, as did another pot's; an engine that halves pots merged with their neighbours (pokerkit) may halve them evenly, one chip to the second run's winner`,
      );
  }
}
