import { formatCard, withoutRetracted, type Card, type DeckSourceRule, type TableEvent, type TableRules } from '@felt/engine';

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
 * - `check-for-pokerkit`: a fold or an all-in call for less leaves one player with chips, who has not acted since
 *   the last bet and faces none: the table asks nothing more of them (nobody could answer a bet), pokerkit asks them to act, so their
 *   free check (`cc`) is written.
 * - `rake`: the house's rake, in `_felt_rake` (chips) and `_felt_rake_by_pot` ([pot before rake, rake] per pot);
 *   `finishing_stacks` are after the rake. PHH has no rake field; pokerkit takes the rake as a function, which a
 *   reader builds from `_felt_rake_by_pot`.
 * - `odd-chip` (marked): a split pot with an odd chip, which the table gives to the first winner left of the
 *   button; pokerkit's default split may give it to another winner (one chip apart).
 * - `fixed-limit-beyond-cap` (marked, not equivalent): more than four bets on a street (heads-up fixed limit is
 *   uncapped at the table; PHH's FT caps every street at four).
 * - `kill` (marked): a kill blind or kill pot, written as a blind; PHH has no kill, and a kill's raised limits in
 *   fixed limit cannot be written.
 * - `other-post` (marked): any other forced bet, written as a blind.
 * - `corrected`: the floor took back a mis-keyed action (ActionCorrected): the hand is written as finally played,
 *   the retracted actions left out; the note names them and the floor's reason.
 * - `bomb-pot`: a bomb pot (house-options/bomb-pot.ts): each player's ante, live at the table, is a
 *   `blinds_or_straddles` entry (PHH's antes are dead, and a short player all in for less would win every ante),
 *   and since pokerkit has no hand without preflop betting, each player with chips checks before the flop (`cc`,
 *   in pokerkit's order, p1 first): the same stacks.
 * - `run-it-twice`: the board run twice (house-options/run-it-twice.ts): both runs' cards as `d db` in the order
 *   dealt, the second run's with the comment `# run 2`, and `_felt_runs = 2`. PHH's actions cannot say the players
 *   chose two runouts; a reader that selects them in pokerkit (`select_runout_count(2)`) replays the same stacks.
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
  | 'kill'
  | 'other-post'
  | 'corrected'
  | 'bomb-pot'
  | 'run-it-twice'
  | 'training';
export type PhhSkipKind = 'chopped' | 'voided' | 'no-variant';

/** Notes that change nothing pokerkit computes: the file still replays to the same final stacks. */
export const EQUIVALENT_NOTE_KINDS: readonly PhhNoteKind[] = ['new-player-post', 'dead-post', 'raise-nobody-can-call', 'check-for-pokerkit', 'rake', 'corrected', 'bomb-pot', 'run-it-twice', 'training'];

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

interface Building {
  handNumber: number;
  rules: TableRules;
  order: number[];
  players: string[];
  stacks: number[];
  antes: number[];
  /** Live blinds, straddles and kills; live posts to come in apart (a negative entry unless the seat has a blind). */
  blinds: number[];
  posts: number[];
  actions: string[];
  notes: PhhExportNote[];
  /** Per player, in PHH order: chips behind, live chips this street, folded. */
  behind: number[];
  live: number[];
  folded: boolean[];
  /** Acted since the last bet or raise on this street (pokerkit asks the others again). */
  acted: boolean[];
  /** Bets and raises on this street (the fixed-limit cap), the largest this street and, before it, the pot's rake. */
  betsThisStreet: number;
  maxBets: number;
  rake: { total: number; byPot: readonly number[] } | null;
  potsRaked: [number, number][];
  /** A bomb pot: no preflop betting at the table. */
  bombPot: boolean;
  runs: 2 | null;
  deckSource: DeckSourceRule | null;
}

/** Reads every hand the events complete. `include` picks hands by number (default: all). */
export function phhHandsFromEvents(events: readonly TableEvent[], include: (handNumber: number) => boolean = () => true): PhhExport {
  const hands: PhhExportHand[] = [];
  const skipped: PhhExportSkip[] = [];
  let rules: TableRules | null = null;
  let tableId: string | null = null;
  let hand: Building | null = null;

  for (const e of withoutRetracted(events)) {
    switch (e.type) {
      case 'TableOpened':
        rules = e.rules;
        tableId = e.tableId;
        break;
      case 'RulesChanged':
        rules = e.rules;
        break;
      case 'HandStarted':
        hand = include(e.handNumber) && rules
          ? {
              handNumber: e.handNumber,
              rules,
              order: e.players.map((x) => x.seat),
              players: e.players.map((x) => x.playerId),
              stacks: e.players.map((x) => x.stack),
              antes: e.players.map(() => 0),
              blinds: e.players.map(() => 0),
              posts: e.players.map(() => 0),
              actions: [],
              notes: e.deckSource === 'training' ? [TRAINING_NOTE] : [],
              behind: e.players.map((x) => x.stack),
              live: e.players.map(() => 0),
              folded: e.players.map(() => false),
              acted: e.players.map(() => false),
              betsThisStreet: 0,
              maxBets: 0,
              rake: null,
              potsRaked: [],
              bombPot: e.bombPot != null,
              runs: null,
              deckSource: e.deckSource ?? null,
            }
          : null;
        break;
      default:
        if (hand) hand = step(hand, e, hands, skipped, tableId);
    }
  }
  const counts: Partial<Record<PhhNoteKind | PhhSkipKind, number>> = {};
  for (const h of hands) for (const kind of new Set(h.notes.map((n) => n.kind))) counts[kind] = (counts[kind] ?? 0) + 1;
  for (const s of skipped) counts[s.kind] = (counts[s.kind] ?? 0) + 1;
  return { hands, skipped, counts };
}

const TRAINING_NOTE: PhhExportNote = Object.freeze({ kind: 'training', text: "a training table's hand: its deck was supplied or shuffled from a demo seed, so anyone could choose the cards; not a game's record" });

/** Four characters per hand: the two cards, or `????` where the log holds none (live cards). */
function holeText(cards: readonly (Card | null)[] | null | undefined): string {
  if (!cards || cards.length === 0) return '????';
  return cards.map((c) => (c === null || c === undefined ? '??' : formatCard(c))).join('');
}

function step(hand: Building, e: TableEvent, hands: PhhExportHand[], skipped: PhhExportSkip[], tableId: string | null): Building | null {
  const i = (seat: number) => hand.order.indexOf(seat);
  const p = (seat: number) => `p${i(seat) + 1}`;
  const putIn = (seat: number, amount: number, live: boolean) => {
    hand.behind[i(seat)] -= amount;
    if (live) hand.live[i(seat)] += amount;
  };
  const note = (kind: PhhNoteKind, text: string) => hand.notes.push({ kind, text });
  // The table needs nothing more from the only player left with chips when nobody can answer them; pokerkit still
  // asks them to act if they have not since the last bet, so their free check is written (after a fold, or an
  // all-in call for less that leaves them alone with chips).
  const checkForPokerkit = (seat: number, after: 'fold' | 'all-in call') => {
    const withChips = hand.order.map((_, k) => k).filter((k) => !hand.folded[k] && hand.behind[k] > 0);
    const stillIn = hand.folded.filter((f) => !f).length;
    const last = withChips[0];
    if (withChips.length === 1 && stillIn > 1 && !hand.acted[last!] && hand.live[last!] === Math.max(...hand.live)) {
      hand.actions.push(`p${last! + 1} cc`);
      hand.acted[last!] = true;
      note('check-for-pokerkit', `p${last! + 1} checks after p${i(seat) + 1}'s ${after}: nobody left could answer a bet, so the table asked nothing; pokerkit asks for the check`);
    }
  };
  const betOrRaise = (seat: number, to: number) => {
    const me = i(seat);
    const facing = Math.max(...hand.live);
    // pokerkit refuses a bet or raise when no other player still in could put in more than the bet faced.
    const answerable = hand.order.some((_, k) => k !== me && !hand.folded[k] && hand.behind[k] + hand.live[k] > facing);
    hand.acted = hand.acted.map((_, k) => k === me);
    if (!answerable) {
      hand.actions.push(`${p(seat)} cc`);
      note('raise-nobody-can-call', `${p(seat)} ${facing === 0 ? 'bet' : 'raised to'} ${to} when nobody could put in more than ${facing}: written as a call, the rest was returned uncalled`);
    } else {
      hand.actions.push(`${p(seat)} cbr ${to}`);
      hand.betsThisStreet++;
      hand.maxBets = Math.max(hand.maxBets, hand.betsThisStreet);
    }
    putIn(seat, to - hand.live[me], true);
  };
  switch (e.type) {
    case 'BlindPosted': {
      if (e.kind === 'bomb-pot') {
        // Live, as at the table: PHH's antes are dead money any player may win, so a short player all in for less
        // than the ante would win everyone's whole ante. A blind from every player keeps the side pot.
        putIn(e.seat, e.amount, true);
        hand.blinds[i(e.seat)] += e.amount;
        break;
      }
      putIn(e.seat, e.amount, e.live);
      if (e.kind === 'ante') hand.antes[i(e.seat)] += e.amount;
      else if (e.live && (e.kind === 'small-blind' || e.kind === 'big-blind' || e.kind === 'straddle')) {
        hand.blinds[i(e.seat)] += e.amount;
        // A straddle counts as a bet on the street in pokerkit's cap only when it is a blind: it is, so nothing to count.
      } else if (e.live && (e.kind === 'new-player' || e.kind === 'make-up-big' || e.kind === 'make-up-small')) {
        hand.posts[i(e.seat)] += e.amount;
        note('new-player-post', `${p(e.seat)} posts ${e.kind} ${e.amount} live: a negative blinds_or_straddles entry (PHH's post)`);
      } else if (!e.live) {
        hand.antes[i(e.seat)] += e.amount;
        note('dead-post', `${p(e.seat)} posts ${e.kind} ${e.amount} dead: written as an ante (dead money)`);
      } else if (e.kind === 'kill-blind') {
        hand.blinds[i(e.seat)] += e.amount;
        note('kill', `${p(e.seat)} posts a kill blind of ${e.amount}, written as a blind; PHH has no kill (nor a kill's raised limits)`);
      } else {
        hand.blinds[i(e.seat)] += e.amount;
        note('other-post', `${p(e.seat)} posts ${e.kind} ${e.amount}${e.live ? '' : ' (dead)'}, written as a blind`);
      }
      break;
    }
    case 'KillPotPosted':
      // The kill is the killer's live total (a blind already posted counts toward it).
      putIn(e.seat, e.amount - hand.live[i(e.seat)]!, true);
      hand.blinds[i(e.seat)] = e.amount;
      note('kill', `${p(e.seat)} kills the pot for ${e.amount}, written as a straddle; PHH has no kill`);
      break;
    case 'HoleCardsDealt': {
      const bySeat = new Map(e.hands.map((h) => [h.seat, h.cards as readonly (Card | null)[] | null]));
      for (const seat of hand.order) if (bySeat.has(seat)) hand.actions.push(`d dh ${p(seat)} ${holeText(bySeat.get(seat))}`);
      if (hand.bombPot) {
        // pokerkit has a preflop round: every player with chips checks it, p1 first, unless at most one has chips.
        const withChips = hand.order.map((_, k) => k).filter((k) => hand.behind[k]! > 0);
        if (withChips.length > 1) for (const k of withChips) hand.actions.push(`p${k + 1} cc`);
        note('bomb-pot', `a bomb pot: each player's live ante of ${Math.max(...hand.blinds)} as a blind, and a check from each player with chips before the flop (the table has no preflop betting in a bomb pot)`);
      }
      break;
    }
    case 'HoleCardsReported': {
      // A reader's record of a live hand: the cards that were dealt, so they go in the deal's line.
      const dealt = hand.actions.indexOf(`d dh ${p(e.seat)} ????`);
      if (dealt >= 0) hand.actions[dealt] = `d dh ${p(e.seat)} ${holeText(e.cards)}`;
      break;
    }
    case 'PlayerFolded': {
      hand.folded[i(e.seat)] = true;
      hand.acted[i(e.seat)] = true;
      hand.actions.push(`${p(e.seat)} f`);
      checkForPokerkit(e.seat, 'fold');
      break;
    }
    case 'PlayerChecked':
      hand.acted[i(e.seat)] = true;
      hand.actions.push(`${p(e.seat)} cc`);
      break;
    case 'PlayerCalled':
      hand.acted[i(e.seat)] = true;
      putIn(e.seat, e.amount, true);
      hand.actions.push(`${p(e.seat)} cc`);
      // An all-in call for less (of a straddle, say) may leave one player with chips who has not acted yet.
      if (hand.behind[i(e.seat)] === 0) checkForPokerkit(e.seat, 'all-in call');
      break;
    case 'BetPlaced':
      betOrRaise(e.seat, e.amount);
      break;
    case 'RaisePlaced':
      betOrRaise(e.seat, e.to);
      break;
    case 'UncalledBetReturned':
      hand.behind[i(e.seat)] += e.amount;
      hand.live[i(e.seat)] -= e.amount;
      break;
    case 'BoardDealt':
      hand.live = hand.live.map(() => 0);
      hand.acted = hand.acted.map(() => false);
      hand.betsThisStreet = 0;
      hand.actions.push(`d db ${e.cards.map(formatCard).join('')}`);
      break;
    case 'RunItTwiceAgreed':
      hand.runs = 2;
      note('run-it-twice', `the players in the pot agreed to run the board twice: the second run's cards are marked "# run 2"; _felt_runs = 2 asks a reader to select two runouts in pokerkit`);
      break;
    case 'SecondBoardDealt':
      hand.actions.push(`d db ${e.cards.map(formatCard).join('')} # run 2`);
      break;
    case 'HandShown':
      hand.actions.push(`${p(e.seat)} sm ${holeText(e.cards)}`);
      break;
    case 'HandMucked':
      hand.actions.push(`${p(e.seat)} sm`);
      break;
    case 'ActionCorrected': {
      const taken = e.retracted.map((a) => `${a.type} by seat ${a.seat}`).join(', ');
      note('corrected', `the floor took back ${taken} (${e.reason}): written as finally played, without them`);
      break;
    }
    case 'RakeTaken':
      if (e.amount > 0) hand.rake = { total: e.amount, byPot: e.byPot };
      break;
    case 'PotAwarded': {
      const rake = hand.rake?.byPot[e.pot] ?? 0;
      const won = e.amount;
      // A pot run twice is split per run: RunsAwarded, next, says whether an odd chip went astray of pokerkit's rule.
      if (hand.runs === null && e.winners.length > 1 && won % e.winners.length !== 0)
        note('odd-chip', `pot ${e.pot} of ${won} split ${e.winners.length} ways: the odd chip went to the first winner left of the button, where pokerkit's rule may give it to another`);
      hand.potsRaked[e.pot] = [e.amount + rake, rake];
      break;
    }
    case 'RunsAwarded':
      for (const { pot, runs } of e.pots) {
        for (const run of runs)
          if (run.winners.length > 1 && run.amount % run.winners.length !== 0)
            note('odd-chip', `pot ${pot}, run ${run.run}: ${run.amount} split ${run.winners.length} ways; the odd chip went to the first winner left of the button, where pokerkit's rule may give it to another`);
        // pokerkit gives a halving's odd chip to the first run; the table, to the run whose winner sits first left of the button.
        const [first, second] = runs;
        if (first && second && second.amount > first.amount && first.winners.map((w) => w.seat).join() !== second.winners.map((w) => w.seat).join())
          note('odd-chip', `pot ${pot} halved: the odd chip went with the second run (its winner sits first left of the button); pokerkit gives it to the first run`);
      }
      break;
    case 'BlindsChopped':
      skipped.push({ handNumber: hand.handNumber, kind: 'chopped', reason: 'the blinds chopped: PHH has no notation for it' });
      return null;
    case 'HandVoided':
      skipped.push({ handNumber: hand.handNumber, kind: 'voided', reason: `the hand was voided (${e.reason})` });
      return null;
    case 'HandEnded': {
      const s = hand.rules.structure;
      if (s.kind !== 'no-limit' && s.kind !== 'fixed-limit') {
        skipped.push({ handNumber: hand.handNumber, kind: 'no-variant', reason: `PHH has no Texas hold'em variant for ${s.kind}` });
        return null;
      }
      if (s.kind === 'fixed-limit' && hand.maxBets > 4)
        note('fixed-limit-beyond-cap', `${hand.maxBets} bets on a street: the table's fixed limit allowed them (uncapped heads-up, or capped only with three players able to bet); PHH's FT caps a street at four, so pokerkit refuses the hand`);
      if (hand.rake !== null)
        note('rake', `the house took ${hand.rake.total} in rake: _felt_rake and _felt_rake_by_pot; finishing_stacks are after it`);
      // A live post is a negative entry; a seat that also posted a blind, straddle or kill gets one blind of the total.
      hand.posts.forEach((post, k) => {
        if (post === 0) return;
        if (hand.blinds[k]! > 0) {
          note('other-post', `p${k + 1} posted ${post} to come in and ${hand.blinds[k]} more as a blind or straddle: written as one blind of ${post + hand.blinds[k]!}`);
          hand.blinds[k]! += post;
        } else hand.blinds[k] = -post;
      });
      const finishing = hand.order.map((seat) => e.stacks.find((x) => x.seat === seat)?.stack ?? 0);
      // Heads-up PHH lists the forced bets with the button's first.
      const phhOrder = (xs: number[]) => (xs.length === 2 ? [xs[1]!, xs[0]!] : xs);
      hands.push({
        handNumber: hand.handNumber,
        variant: s.kind === 'no-limit' ? 'NT' : 'FT',
        antes: phhOrder(hand.antes),
        blindsOrStraddles: phhOrder(hand.blinds),
        minBet: s.kind === 'no-limit' ? hand.rules.bigBlind : null,
        smallBet: s.kind === 'fixed-limit' ? s.smallBet : null,
        bigBet: s.kind === 'fixed-limit' ? s.bigBet : null,
        startingStacks: hand.stacks,
        actions: hand.actions,
        players: hand.players,
        seats: hand.order,
        finishingStacks: finishing,
        table: tableId,
        rake: hand.rake === null ? null : { total: hand.rake.total, byPot: hand.potsRaked.filter((x) => x !== undefined) },
        notes: hand.notes,
        runs: hand.runs,
        deckSource: hand.deckSource,
      });
      return null;
    }
  }
  return hand;
}

const tomlString = (s: string) => JSON.stringify(s);
const tomlArray = (xs: readonly (number | string | readonly number[])[]): string =>
  `[${xs.map((x) => (typeof x === 'string' ? tomlString(x) : typeof x === 'number' ? String(x) : tomlArray(x))).join(', ')}]`;

/** One hand's PHH fields, as TOML lines. */
export function phhHandToml(hand: PhhExportHand): string {
  const lines = [`variant = ${tomlString(hand.variant)}`, `antes = ${tomlArray(hand.antes)}`, `blinds_or_straddles = ${tomlArray(hand.blindsOrStraddles)}`];
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
