import { DEFAULT_MODULES, type AnyRuleModule, type DeckSourceRule, type TableEvent, type TableRules } from '@felt/engine';
import {
  forcedBetFormats,
  handNotes,
  moduleNotes,
  handSteps,
  houseRuleNotes,
  notePlace,
  NOTE_END,
  postsToTotal,
  sortByPlace,
  tableHands,
  type HandNote,
  type HandRecord,
  type ModuleNoteKind,
} from '@felt/projections';

/**
 * PHH export: a table's hands, read from its events, as PHH (the TOML hand histories pokerkit reads; the format
 * `felt phh` imports). Players are numbered in the dealing order, p1 first left of the button and the last player
 * on the button, as PHH numbers them; heads-up the blinds and antes are written in PHH's reversed order (the
 * button's first). Amounts are the table's chips. Each action is the engine's event: `d dh` for the hole cards dealt
 * (`????` where the log holds no cards, as on a table dealt with live cards), `f`, `cc` (check or call), `cbr` with
 * the bet's or raise's total for the street, `d db` for the board, and `sm` for a hand shown (with its cards) or
 * mucked (without). Hole cards come from HoleCardsDealt, a reader's HoleCardsReported (written in the deal's line)
 * and HandShown; events the export does not know are passed over.
 *
 * Where Felt's table and PHH's variants differ, the hand is written as an equivalent pokerkit replays to the same
 * stacks, or marked with a note (the `_felt_notes` field, a user-defined field in PHH's sense, and a `# felt:`
 * comment); each note has a kind, counted in PhhExport.counts (docs/regulators.md):
 * - `new-player-post`: a live post to come in (new player, live make-up): a negative blinds_or_straddles entry,
 *   PHH's "post bet" (pokerkit: what a player who just sat down pays to play at once).
 * - `dead-post`: dead money (a dead small blind made up): an `antes` entry for that player, which PHH, like the
 *   table, puts in the pot without counting it toward a call.
 * - `raise-nobody-can-call`: a bet or raise when no other player in the hand could put in more than the bet
 *   already faced; pokerkit refuses it ("every other player has either folded or gone all-in"), so it is written
 *   as a call: the table returned everything above the call as an uncalled bet, so the stacks are the same.
 * - `check-for-pokerkit`: a fold or an all-in call for less leaves one player with chips, who has not acted since the last bet and faces
 *   none: the table asks nothing more of them (nobody could answer a bet), pokerkit asks them to act, so their free check (`cc`) is written.
 * - `rake`: the house's rake, in `_felt_rake` (chips) and `_felt_rake_by_pot` ([pot before rake and drops, rake] per pot);
 *   `finishing_stacks` are after the rake. PHH has no rake field; pokerkit takes the rake as a function, which a
 *   reader builds from `_felt_rake_by_pot`.
 * - `odd-chip` (marked): a split pot with an odd chip, which the table gives to the first winner left of the
 *   button; pokerkit's default split may give it to another winner (one chip apart).
 * - `fixed-limit-beyond-cap` (marked, not equivalent): more than four bets on a street (heads-up fixed limit is
 *   uncapped at the table; PHH's FT caps every street at four).
 * - `other-post` (marked): any other forced bet, as a blind, unless its module (`formats`) says otherwise: the kills
 *   (marked: PHH has no kill, nor its fixed-limit limits); a bomb pot's live antes as blinds (PHH's antes are dead),
 *   noted on the hand, each player with chips checking before the flop (pokerkit has preflop betting): same stacks.
 * - `corrected`: the floor took back a mis-keyed action (ActionCorrected): the hand is written as finally played,
 *   the retracted actions left out; the note names them and the floor's reason.
 * - `run-it-twice`: the board run twice (house-options/run-it-twice.ts): both runs' cards as `d db` in the order
 *   dealt, the second run's with the comment `# run 2`, and `_felt_runs = 2`. PHH's actions cannot say the players
 *   chose two runouts; a reader that selects them in pokerkit (`select_runout_count(2)`) replays the same stacks.
 * - `house-rule` (marked): what a casino's house option did that PHH cannot say (its module's exportNotes hook, given
 *   with `modules`: a bounty paid after the pots); finishing_stacks include it.
 * - `training`: a hand of a training table (HandStarted's deckSource): its deck anyone could choose, so it is no
 *   game's record; `_felt_deck_source` names the table's deck source rule on every hand whose rules record one.
 * Hands PHH cannot hold at all are left out and listed (PhhExport.skipped; toPhhText writes them in a header):
 * chopped blinds, voided hands, structures PHH has no Texas hold'em variant for.
 */
export type PhhNoteKind =
  | 'new-player-post'
  | 'dead-post'
  | 'raise-nobody-can-call'
  | 'check-for-pokerkit'
  | 'rake'
  | 'odd-chip'
  | 'fixed-limit-beyond-cap'
  | 'other-post'
  | 'corrected'
  | 'run-it-twice'
  | 'training'
  | 'house-rule'
  | ModuleNoteKind;
export type PhhSkipKind = 'chopped' | 'voided' | 'no-variant';

/** Notes that change nothing pokerkit computes (the default modules' too): the file still replays to the same final stacks. */
export const EQUIVALENT_NOTE_KINDS: readonly PhhNoteKind[] = [
  'new-player-post',
  'dead-post',
  'raise-nobody-can-call',
  'check-for-pokerkit',
  'rake',
  'corrected',
  'run-it-twice',
  'training',
  ...moduleNotes(DEFAULT_MODULES).flatMap((n) => (n.replaysDifferently ? [] : [n.kind])),
];

export interface PhhExportNote {
  readonly kind: PhhNoteKind;
  readonly text: string;
}

export interface PhhExportHand {
  readonly handNumber: number;
  readonly variant: 'NT' | 'FT';
  readonly antes: number[];
  readonly blindsOrStraddles: number[];
  readonly minBet: number | null;
  readonly smallBet: number | null;
  readonly bigBet: number | null;
  readonly startingStacks: number[];
  readonly actions: string[];
  /** Player ids in PHH order, and their seats. */
  readonly players: string[];
  readonly seats: number[];
  readonly finishingStacks: number[];
  readonly table: string | null;
  /** The house's rake: the total and [pot before rake, rake] per pot; null when none was taken. */
  readonly rake: { readonly total: number; readonly byPot: readonly (readonly [number, number])[] } | null;
  /** Where the hand departs from a literal transcription (see the kinds above). */
  readonly notes: PhhExportNote[];
  /** 2 when the board was run twice (`_felt_runs`); null for one run. */
  readonly runs: 2 | null;
  /** The table's deck source rule (`_felt_deck_source`), where HandStarted names one. */
  readonly deckSource: DeckSourceRule | null;
}

/** A hand that cannot be written as PHH (chopped blinds, a voided hand, a structure PHH has no variant for). */
export interface PhhExportSkip {
  readonly handNumber: number;
  readonly kind: PhhSkipKind;
  readonly reason: string;
}

export interface PhhExport {
  readonly hands: PhhExportHand[];
  readonly skipped: PhhExportSkip[];
  /** Hands per note kind (a hand counts once per kind) and per kind left out. */
  readonly counts: Partial<Record<PhhNoteKind | PhhSkipKind, number>>;
}

/**
 * Reads every hand the events complete. `include` picks hands by number (default: all); `modules`, the table's
 * house options (its engine's; default the engine's default modules), write and note their forced bets as they say
 * (`formats`) and add their exportNotes.
 */
export function phhHandsFromEvents(
  events: readonly TableEvent[],
  include: (handNumber: number) => boolean = () => true,
  modules: readonly AnyRuleModule[] = DEFAULT_MODULES,
): PhhExport {
  const hands: PhhExportHand[] = [];
  const skipped: PhhExportSkip[] = [];
  for (const hand of tableHands(events, include, modules)) {
    const { rules, record } = hand;
    if (rules === null) continue;
    const p = (seat: number) => `p${record.players.findIndex((x) => x.seat === seat) + 1}`;
    const written = phhHand(record, rules, houseRuleNotes(hand, modules, 'phh', p), modules);
    if (written === null) continue;
    if ('kind' in written) skipped.push(written);
    else hands.push(written);
  }
  const counts: Partial<Record<PhhNoteKind | PhhSkipKind, number>> = {};
  for (const h of hands) for (const kind of new Set(h.notes.map((n) => n.kind))) counts[kind] = (counts[kind] ?? 0) + 1;
  for (const s of skipped) counts[s.kind] = (counts[s.kind] ?? 0) + 1;
  return { hands, skipped, counts };
}

/** Four characters per hand: the two cards, or `????` where the log holds none (live cards). */
function holeText(cards: readonly string[]): string {
  return cards.length === 0 ? '????' : cards.join('');
}

type PlacedNote = PhhExportNote & { readonly place: number };

/** One hand (the record, as finally played) as PHH; a hand PHH cannot hold as a skip; null while the hand is in progress. */
function phhHand(
  hand: HandRecord,
  rules: TableRules,
  houseNotes: readonly HandNote[],
  modules: readonly AnyRuleModule[],
): PhhExportHand | PhhExportSkip | null {
  const { handNumber } = hand;
  if (hand.chopFee !== undefined) return { handNumber, kind: 'chopped', reason: 'the blinds chopped: PHH has no notation for it' };
  if (hand.status === 'voided') return { handNumber, kind: 'voided', reason: `the hand was voided (${hand.voidReason})` };
  if (hand.status !== 'complete') return null;
  const s = rules.structure;
  if (s.kind !== 'no-limit' && s.kind !== 'fixed-limit')
    return { handNumber, kind: 'no-variant', reason: `PHH has no Texas hold'em variant for ${s.kind}` };
  const w = transcribe(hand, forcedBetFormats(modules));
  const notes: PlacedNote[] = [...handNotes(hand, modules), ...houseNotes, ...w.notes];
  if (s.kind === 'fixed-limit' && w.maxBets > 4)
    notes.push({
      kind: 'fixed-limit-beyond-cap',
      place: notePlace.end(hand, NOTE_END.format),
      text: `${w.maxBets} bets on a street: the table's fixed limit allowed them (uncapped heads-up, or capped only with three players able to bet); PHH's FT caps a street at four, so pokerkit refuses the hand`,
    });
  // A live post is a negative entry; a seat that also posted a blind, straddle or kill gets one blind of the total.
  w.posts.forEach((post, k) => {
    if (post === 0) return;
    if (w.blinds[k]! > 0) {
      notes.push({
        kind: 'other-post',
        place: notePlace.end(hand, NOTE_END.formatLast),
        text: `p${k + 1} posted ${post} to come in and ${w.blinds[k]} more as a blind or straddle: written as one blind of ${post + w.blinds[k]!}`,
      });
      w.blinds[k]! += post;
    } else w.blinds[k] = -post;
  });
  const pots = [...hand.pots].sort((a, b) => a.pot - b.pot);
  const rake = hand.rake;
  // Heads-up PHH lists the forced bets with the button's first.
  const phhOrder = (xs: number[]) => (xs.length === 2 ? [xs[1]!, xs[0]!] : xs);
  return {
    handNumber,
    variant: s.kind === 'no-limit' ? 'NT' : 'FT',
    antes: phhOrder(w.antes),
    blindsOrStraddles: phhOrder(w.blinds),
    minBet: s.kind === 'no-limit' ? rules.bigBlind : null,
    smallBet: s.kind === 'fixed-limit' ? s.smallBet : null,
    bigBet: s.kind === 'fixed-limit' ? s.bigBet : null,
    startingStacks: hand.players.map((p) => p.startingStack),
    actions: w.actions,
    players: hand.players.map((p) => p.playerId),
    seats: hand.players.map((p) => p.seat),
    finishingStacks: hand.players.map((p) => p.finalStack ?? 0),
    table: hand.tableId,
    rake: rake > 0 ? { total: rake, byPot: pots.map((p) => [p.amount + (p.rake ?? 0) + (p.drop ?? 0), p.rake ?? 0] as const) } : null,
    notes: sortByPlace(notes).map(({ kind, text }) => ({ kind, text })),
    runs: hand.secondBoard ? 2 : null,
    deckSource: hand.deckSource ?? null,
  };
}

/**
 * The hand's PHH actions and forced bets, in PHH order (p1 first left of the button), and the notes of the
 * transcription itself: pokerkit's engine asks what the table did not (a check nobody needed) and refuses what the
 * table allowed (a raise nobody could call), so those are written as the equivalent pokerkit accepts.
 */
function transcribe(hand: HandRecord, formats: ReturnType<typeof forcedBetFormats>) {
  const i = (seat: number) => hand.players.findIndex((x) => x.seat === seat);
  const p = (seat: number) => `p${i(seat) + 1}`;
  const zeros = () => hand.players.map(() => 0);
  const w = { actions: [] as string[], notes: [] as PlacedNote[], antes: zeros(), blinds: zeros(), posts: zeros(), maxBets: 0 };
  // Per player, in PHH order: chips behind, live chips this street, folded, acted since the last bet or raise.
  const behind = hand.players.map((x) => x.startingStack);
  let live = zeros();
  const folded = hand.players.map(() => false);
  let acted = hand.players.map(() => false);
  let betsThisStreet = 0;
  let place = 0;
  const note = (kind: PhhNoteKind, text: string) => w.notes.push({ kind, text, place });
  const putIn = (seat: number, amount: number, isLive: boolean) => {
    behind[i(seat)] -= amount;
    if (isLive) live[i(seat)] += amount;
  };
  // The table needs nothing more from the only player left with chips when nobody can answer them; pokerkit still
  // asks them to act if they have not since the last bet, so their free check is written (after a fold, or an
  // all-in call for less that leaves them alone with chips).
  const checkForPokerkit = (seat: number, after: 'fold' | 'all-in call') => {
    const withChips = hand.players.map((_, k) => k).filter((k) => !folded[k] && behind[k]! > 0);
    const stillIn = folded.filter((f) => !f).length;
    const last = withChips[0];
    if (withChips.length === 1 && stillIn > 1 && !acted[last!] && live[last!] === Math.max(...live)) {
      w.actions.push(`p${last! + 1} cc`);
      acted[last!] = true;
      note(
        'check-for-pokerkit',
        `p${last! + 1} checks after p${i(seat) + 1}'s ${after}: nobody left could answer a bet, so the table asked nothing; pokerkit asks for the check`,
      );
    }
  };
  const betOrRaise = (seat: number, to: number) => {
    const me = i(seat);
    const facing = Math.max(...live);
    // pokerkit refuses a bet or raise when no other player still in could put in more than the bet faced.
    const answerable = hand.players.some((_, k) => k !== me && !folded[k] && behind[k]! + live[k]! > facing);
    acted = acted.map((_, k) => k === me);
    if (!answerable) {
      w.actions.push(`${p(seat)} cc`);
      note(
        'raise-nobody-can-call',
        `${p(seat)} ${facing === 0 ? 'bet' : 'raised to'} ${to} when nobody could put in more than ${facing}: written as a call, the rest was returned uncalled`,
      );
    } else {
      w.actions.push(`${p(seat)} cbr ${to}`);
      betsThisStreet++;
      w.maxBets = Math.max(w.maxBets, betsThisStreet);
    }
    putIn(seat, to - live[me]!, true);
  };
  for (const step of handSteps(hand)) {
    if ('deal' in step) {
      const { what, run } = step.deal;
      if (what === 'hole') {
        for (const x of hand.players) w.actions.push(`d dh ${p(x.seat)} ${holeText(x.unknownUntilShown ? [] : x.holeCards)}`);
        // pokerkit has a preflop round: every player with chips checks it, p1 first, unless at most one has chips.
        const withChips = hand.players.map((_, k) => k).filter((k) => behind[k]! > 0);
        if (hand.bombPot && withChips.length > 1) for (const k of withChips) w.actions.push(`p${k + 1} cc`);
      } else if (run === 2) {
        w.actions.push(`d db ${(hand.secondBoard ?? hand.board)[what].join('')} # run 2`);
      } else {
        live = zeros();
        acted = acted.map(() => false);
        betsThisStreet = 0;
        w.actions.push(`d db ${hand.board[what].join('')}`);
      }
      continue;
    }
    const { action: a, index } = step;
    // As finally played: the actions a floor correction took back are left out (the correction's note names them).
    if (a.retracted) continue;
    place = notePlace.action(index);
    const k = i(a.seat);
    if (postsToTotal(a)) {
      putIn(a.seat, a.amount! - live[k]!, true); // a module's post to a live total (a kill pot): a blind posted counts toward it
      w.blinds[k] = a.amount!;
      continue;
    }
    switch (a.action) {
      case 'post': {
        const amount = a.amount ?? 0;
        const kind = a.kind ?? '';
        // A module's forced bet may be live whatever its BlindPosted says (a bomb pot's ante: a blind from every player).
        const isLive = formats.get(kind)?.live === true || !a.dead;
        putIn(a.seat, amount, isLive);
        if (kind === 'ante') w.antes[k]! += amount;
        else if (isLive && ['new-player', 'make-up-big', 'make-up-small'].includes(kind)) w.posts[k]! += amount;
        else if (!isLive) w.antes[k]! += amount;
        else w.blinds[k]! += amount;
        break;
      }
      case 'fold':
        folded[k] = true;
        acted[k] = true;
        w.actions.push(`${p(a.seat)} f`);
        checkForPokerkit(a.seat, 'fold');
        break;
      case 'check':
        acted[k] = true;
        w.actions.push(`${p(a.seat)} cc`);
        break;
      case 'call':
        acted[k] = true;
        putIn(a.seat, a.amount!, true);
        w.actions.push(`${p(a.seat)} cc`);
        // An all-in call for less (of a straddle, say) may leave one player with chips who has not acted yet.
        if (behind[k] === 0) checkForPokerkit(a.seat, 'all-in call');
        break;
      case 'bet':
        betOrRaise(a.seat, a.amount!);
        break;
      case 'raise':
        betOrRaise(a.seat, a.to!);
        break;
      case 'uncalled-returned':
        behind[k] += a.amount!;
        live[k] -= a.amount!;
        break;
      case 'show':
        w.actions.push(`${p(a.seat)} sm ${holeText(hand.players[k]!.holeCards)}`);
        break;
      case 'muck':
        w.actions.push(`${p(a.seat)} sm`);
        break;
    }
  }
  return w;
}

const tomlString = (s: string) => JSON.stringify(s);
const tomlArray = (xs: readonly (number | string | readonly number[])[]): string =>
  `[${xs.map((x) => (typeof x === 'string' ? tomlString(x) : typeof x === 'number' ? String(x) : tomlArray(x))).join(', ')}]`;

/** One hand's PHH fields, as TOML lines. */
export function phhHandToml(hand: PhhExportHand): string {
  const lines = [
    `variant = ${tomlString(hand.variant)}`,
    `antes = ${tomlArray(hand.antes)}`,
    `blinds_or_straddles = ${tomlArray(hand.blindsOrStraddles)}`,
  ];
  if (hand.minBet !== null) lines.push(`min_bet = ${hand.minBet}`);
  if (hand.smallBet !== null) lines.push(`small_bet = ${hand.smallBet}`, `big_bet = ${hand.bigBet}`);
  lines.push(`starting_stacks = ${tomlArray(hand.startingStacks)}`);
  lines.push('actions = [', ...hand.actions.map((a) => `  ${tomlString(a)},`), ']');
  lines.push(`players = ${tomlArray(hand.players)}`, `seats = ${tomlArray(hand.seats)}`, `hand = ${hand.handNumber}`);
  // PHH's `table` is a number; a Felt table id is text, so it goes in a comment.
  if (hand.table !== null) lines.push(`# felt table: ${hand.table}`);
  lines.push(`finishing_stacks = ${tomlArray(hand.finishingStacks)}`);
  if (hand.rake !== null) lines.push(`_felt_rake = ${hand.rake.total}`, `_felt_rake_by_pot = ${tomlArray(hand.rake.byPot)}`);
  if (hand.runs !== null) lines.push(`_felt_runs = ${hand.runs}`);
  if (hand.deckSource !== null) lines.push(`_felt_deck_source = ${tomlString(hand.deckSource)}`);
  if (hand.notes.length > 0) lines.push(`_felt_notes = ${tomlArray(hand.notes.map((n) => `${n.kind}: ${n.text}`))}`);
  for (const n of hand.notes) lines.push(`# felt: ${n.text}`);
  return lines.join('\n') + '\n';
}

/**
 * A .phh document for one hand, or a .phhs document (a table [N] per hand, N the hand number) for several. Hands
 * left out are listed first, as comments.
 */
export function toPhhText(hands: readonly PhhExportHand[], leftOut: readonly PhhExportSkip[] = []): string {
  const header = leftOut.map((s) => `# felt export: hand ${s.handNumber} left out (${s.kind}): ${s.reason}\n`).join('');
  if (hands.length === 1) return header + phhHandToml(hands[0]!);
  return header + hands.map((h) => `[${h.handNumber}]\n${phhHandToml(h)}`).join('\n');
}
