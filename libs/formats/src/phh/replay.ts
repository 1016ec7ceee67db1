import {
  tableDecider,
  playerToAct,
  legalActions,
  formatCard,
  parseCard,
  FULL_DECK,
  MAX_SEATS,
  type TableCommand,
  type TableEvent,
  type TableState,
  type TableRulesInput,
  type AnteKind,
  type HandState,
  type ForcedBetDue,
} from '@felt/engine';
import { handLabel, type PhhAction, type PhhCard, type PhhHand } from './parse';

/**
 * Replays one PHH hand through the engine and compares the final stacks with the file's `finishing_stacks` (or,
 * when a file has none, what each player collected from the pots with its `winnings`, as online logs record).
 *
 * Seats 1..n follow the PHH player order: p1 is the small blind and the last player has the button; heads-up the
 * blinds and antes are reversed (p1 posts the big blind, p2 has the button and posts the small blind). The deck
 * is built so that the engine deals each player's known hole cards and the known board in its own dealing order
 * (table/deck.ts); unknown cards (`??`) are filled with unused cards, which is only sound where no showdown
 * needs them, and the replay fails when one does. `d dh` and `d db` are checked against what the engine dealt;
 * `f`, `cc` and `cbr` become Fold, Check/Call and Bet/Raise; `sm` answers the engine's showdown in its order.
 * Antes: the same from everyone, or one from the big blind or the button. Straddles (blinds_or_straddles entries
 * after the big blind) are posted with the engine's straddle house option; posts to come in (negative entries) as
 * the engine's new player's post. A well-formed hand the engine's rules cannot play (an ante, straddle or post it
 * does not take) is mismatched, with the reason; a hand that cannot be played at all (contradictory cards, an
 * illegal action, a showdown of unknown cards) fails. Nothing is approximated.
 */

export type PhhStatus = 'matched' | 'mismatched' | 'failed';

export interface PhhReplayResult {
  readonly file: string;
  /** 1-based position of the hand in its file. */
  readonly index: number;
  readonly key: string | null;
  readonly status: PhhStatus;
  /** The engine's final stacks in PHH player order and the file's units; null when the hand was not played. */
  readonly finalStacks: number[] | null;
  /** The file's `finishing_stacks`, or null when it has none. */
  readonly expectedStacks: number[] | null;
  /** Why the replay failed, why the engine cannot play the hand, or how the stacks differ; names the file, the hand and the action. */
  readonly error?: string;
  /**
   * When the file records `winnings` (what each player collected from the pots, as HandHQ logs do) and no
   * finishing stacks: the engine's pot winnings and the file's, compared instead of the stacks.
   */
  readonly finalWinnings?: number[];
  readonly expectedWinnings?: number[];
  /** Why a hand counts as matched without being equal (odd chip, rake), or that there was nothing to compare. */
  readonly note?: string;
}

/** Player ids by seat: p1, p2, ... (built once rather than for every seat of every hand). */
const NO_ANTE = { kind: 'none', amount: 0 } as const;

const PLAYER_IDS: readonly string[] = Array.from({ length: MAX_SEATS + 1 }, (_, seat) => `p${seat}`);

/** Where the board's cards lie in the deck after the hole cards: burn, flop (3), burn, turn, burn, river. */
const BOARD_OFFSETS: readonly number[] = [1, 2, 3, 5, 7];
const boardPosition = (players: number, boardIndex: number) => 2 * players + BOARD_OFFSETS[boardIndex];
/**
 * A board run twice (Felt's export: the second run's `d db` after the first's, `_felt_runs = 2`): where the second
 * run's cards lie after the first run's river, a burn before each street, by how many cards it has (5, 2 or 1).
 */
const SECOND_RUN_OFFSETS: Readonly<Record<number, readonly number[] | undefined>> = { 5: [9, 10, 11, 13, 15], 2: [9, 11], 1: [9] };

/**
 * A replay that cannot go on; the message is completed with the hand's label. `mismatched`: the file is well formed
 * and the engine's rules have no way to play it as the file's table did (an ante, straddle or post the engine does
 * not take); `failed`: the file cannot be played at all (its cards contradict each other, an action is illegal, the
 * showdown needs cards it does not give).
 */
class ReplayFailure extends Error {
  constructor(
    message: string,
    readonly status: 'failed' | 'mismatched' = 'failed',
  ) {
    super(message);
  }
}

/**
 * The engine functions a replay calls for every command and card, read once. @felt/engine's compiled index
 * re-exports through getters on an exports object in dictionary mode (tsc's CommonJS output), so each
 * `playerToAct(...)` or `tableDecider.decide(...)` at the call site was a hash lookup and a getter call: dealing
 * the cards alone (parseCard) took a fifth of a replay's time.
 */
const engine = {
  decide: tableDecider.decide,
  evolve: tableDecider.evolve,
  initialState: tableDecider.initialState,
  playerToAct,
  legalActions,
  parseCard,
  /** The modules' events that deal cards (a second run), by type: their `formats.deals`. */
  deals: new Map(tableDecider.modules.flatMap((m) => Object.entries(m.formats?.deals ?? {}))),
} as const;

/** The 52 card codes in the engine's card order, for filling unknown cards. */
const CARD_CODES: readonly string[] = FULL_DECK.map(formatCard);

const fail = (why: string): never => {
  throw new ReplayFailure(why);
};
/** A well-formed hand the engine's rules cannot play as the file's table did: mismatched, with the reason. */
const unplayable = (why: string): never => {
  throw new ReplayFailure(`the engine cannot play this hand as written: ${why}`, 'mismatched');
};
const at = (a: PhhAction) => `action ${a.index} "${a.text}"`;

export interface PhhReplayOptions {
  /** Receives every command sent to the engine, in order (accepted or not): the hand as engine commands. */
  readonly commands?: TableCommand[];
}

export function replayPhhHand(hand: PhhHand, options: PhhReplayOptions = {}): PhhReplayResult {
  const expectedStacks = hand.finishingStacks ? hand.finishingStacks.slice() : null;
  let outcome: Outcome;
  try {
    outcome = new HandReplay(hand, options.commands ?? null).run();
  } catch (e) {
    const why = e instanceof ReplayFailure ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
    const status = e instanceof ReplayFailure ? e.status : 'failed';
    return {
      file: hand.file,
      index: hand.index,
      key: hand.key,
      expectedStacks,
      status,
      finalStacks: null,
      error: `${handLabel(hand.file, hand.key)}: ${why}`,
    };
  }
  const finalStacks = outcome.stacks.map((s) => s / hand.scale);
  let verdict: Verdict;
  let finalWinnings: number[] | undefined;
  let expectedWinnings: number[] | undefined;
  if (hand.finishingStacks !== null)
    verdict = compare(hand, outcome, outcome.stacks, hand.finishingStacks, 'final stacks', 'finishing_stacks');
  else if (hand.winnings !== null) {
    // Sites differ on an uncalled bet: most return it and count only the pot as won, some count a walk's whole
    // pot (the big blind's uncalled half included) as collected. Each player's figure follows the file's reading.
    const won = outcome.won.map((w, i) => {
      const withReturned = w + outcome.returned[i];
      const recorded = hand.winnings![i] * hand.scale;
      return Math.abs(recorded - withReturned) < Math.abs(recorded - w) ? withReturned : w;
    });
    verdict = compare(hand, { ...outcome, won }, won, hand.winnings, 'pot winnings', 'winnings');
    finalWinnings = won.map((w) => w / hand.scale);
    expectedWinnings = [...hand.winnings];
  } else verdict = { ok: true, note: 'no finishing_stacks or winnings in the file: replayed without error, nothing to compare' };
  // Built key by key in the order the JSON report shows them (object spreads here cost a tenth of a replay).
  const result: Mutable<PhhReplayResult> = {
    file: hand.file,
    index: hand.index,
    key: hand.key,
    expectedStacks,
    status: verdict.ok ? 'matched' : 'mismatched',
    finalStacks,
  };
  if (finalWinnings !== undefined) {
    result.finalWinnings = finalWinnings;
    result.expectedWinnings = expectedWinnings;
  }
  if (!verdict.ok) result.error = `${handLabel(hand.file, hand.key)}: ${verdict.why}`;
  const verdictNote = verdict.ok ? verdict.note : undefined;
  if (verdictNote !== undefined || outcome.notes.length > 0)
    result.note = (verdictNote === undefined ? outcome.notes : [verdictNote, ...outcome.notes]).join('; ');
  return result;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface Outcome {
  /** Final stacks in minor units, PHH player order. */
  readonly stacks: number[];
  /** What each player collected from the pots (uncalled bets returned are not winnings), minor units. */
  readonly won: number[];
  /** Uncalled bets returned to each player, minor units. */
  readonly returned: number[];
  readonly awards: readonly Extract<TableEvent, { type: 'PotAwarded' }>[];
  readonly button: number;
  readonly notes: string[];
}

/** Forced bets per player, p1 first. Heads-up PHH writes them reversed (the entry at index 0 is p2's), so they are swapped. */
function effective(values: readonly number[]): readonly number[] {
  return values.length === 2 ? [values[1], values[0]] : values;
}

class HandReplay {
  private state: TableState = engine.initialState;
  private readonly n: number;
  private readonly button: number;
  private readonly sbSeat: number;
  private readonly bbSeat: number;
  /** Blinds (and straddles) and antes per player, p1 first (heads-up swapped back). */
  private readonly blinds: readonly number[];
  private readonly antes: readonly number[];
  private readonly hole: PhhCard[][];
  private readonly board: PhhCard[] = [];
  /** The board's cards past the fifth: a second run (running it twice), dealt after the first run's river. */
  private readonly secondRun: PhhCard[] = [];
  /** The second run's cards as the engine dealt them (a module's event that deals a run: running it twice). */
  private readonly secondDealt: number[] = [];
  /** Cards the file does not give that were placed where hole cards or the board are dealt: card-number bit masks. */
  private fillerLow = 0;
  private fillerHigh = 0;
  private readonly awards: Extract<TableEvent, { type: 'PotAwarded' }>[] = [];
  private readonly returned: number[];
  /** Seats whose hands were tabled, in order. */
  private readonly shown: number[] = [];
  private readonly straddles: { seat: number; amount: number }[] = [];
  /** Players who post to come in (negative blinds_or_straddles entries): the engine's new players. */
  private readonly posters: number[] = [];
  private ended: Extract<TableEvent, { type: 'HandEnded' }> | null = null;
  private readonly notes: string[] = [];

  constructor(
    private readonly hand: PhhHand,
    private readonly log: TableCommand[] | null,
  ) {
    this.n = hand.playerCount;
    const headsUp = this.n === 2;
    this.button = this.n;
    this.sbSeat = headsUp ? 2 : 1;
    this.bbSeat = headsUp ? 1 : 2;
    this.hole = new Array<PhhCard[]>(this.n);
    for (let p = 0; p < this.n; p++) this.hole[p] = [null, null];
    this.returned = new Array<number>(this.n).fill(0);
    this.blinds = effective(hand.blindsOrStraddles);
    this.antes = effective(hand.antes);
    // A negative small blind entry (3 or more players) is p1's post: a new player in the small blind's seat.
    for (let seat = 1; seat <= this.n; seat++)
      if (this.blinds[seat - 1] < 0 && seat !== this.bbSeat && (seat !== this.sbSeat || this.n > 2)) this.posters.push(seat);
  }

  run(): Outcome {
    const hand = this.hand;
    if (this.n > MAX_SEATS) unplayable(`${this.n} players: a table seats at most ${MAX_SEATS}`);
    const rules = this.rules();
    this.readCards();

    if (this.posters.length === 0) {
      this.send({ type: 'OpenTable', tableId: 'phh', rules }, 'opening the table');
      for (let seat = 1; seat <= this.n; seat++)
        this.send({ type: 'SeatPlayer', seat, playerId: PLAYER_IDS[seat], buyIn: hand.startingStacks[seat - 1] }, () => `seating p${seat}`);
      // The last player has the button (heads-up p2, who posts the small blind); checked when the hand starts.
      this.send({ type: 'PlaceButton', seat: this.button }, 'placing the button');
    } else this.seatWithNewPlayers(rules);
    this.send({ type: 'StartHand', deck: this.deck() }, 'starting the hand');
    this.postForcedBets();

    const decisions = new Map<number, 'show' | 'muck'>();
    let boardSeen = 0;
    for (const a of hand.actions) {
      switch (a.kind) {
        case 'deal-hole':
          break; // Placed in the deck before the hand started.
        case 'deal-board': {
          // A second run in the file: once the hands are tabled the engine asks the players; every one agreed.
          if (this.secondRun.length > 0 && this.current().phase === 'showdown' && this.current().board.length === boardSeen)
            this.agreeToRunTwice(a);
          if (boardSeen >= 5) {
            a.cards.forEach((c, i) => {
              const card = this.secondDealt[boardSeen - 5 + i];
              if (card === undefined) fail(`${at(a)}: the engine has not dealt a second run`);
              if (c !== null && c !== CARD_CODES[card]) fail(`${at(a)}: the engine dealt ${CARD_CODES[card]} in the second run, not ${c}`);
            });
            boardSeen += a.cards.length;
            break;
          }
          const dealt = this.current().board;
          if (dealt.length < boardSeen + a.cards.length) {
            const h = this.current();
            const toAct = h.phase === 'betting' ? engine.playerToAct(h) : null;
            fail(`${at(a)}: the engine has not dealt these board cards${toAct ? `: it waits for p${toAct.seat} to act` : ''}`);
          }
          a.cards.forEach((c, i) => {
            const card = CARD_CODES[dealt[boardSeen + i]];
            if (c !== null && c !== card) fail(`${at(a)}: the engine dealt ${card}, not ${c}`);
          });
          boardSeen += a.cards.length;
          break;
        }
        case 'fold':
        case 'check-call':
        case 'bet-raise':
          this.bettingAction(a);
          break;
        case 'show-muck': {
          const h = this.current();
          if (h.phase === 'complete') break; // The engine tabled the hands itself (all-in) or needed no more.
          if (h.phase !== 'showdown') {
            const toAct = h.phase === 'betting' ? engine.playerToAct(h) : null;
            fail(`${at(a)}: the hand is not at the showdown${toAct ? `; the engine waits for p${toAct.seat} to act` : ''}`);
          }
          const tabled = a.showsDealt || (a.cards !== null && a.cards.some((c) => c !== null));
          decisions.set(a.player, tabled ? 'show' : 'muck');
          this.answerShowdown(decisions, a);
          break;
        }
      }
    }

    const h = this.current();
    if (h.phase === 'showdown') {
      // The file stops before every contender showed or mucked: known cards are tabled, unknown ones mucked.
      for (let guard = 0; guard < this.n && this.current().phase === 'showdown'; guard++) {
        const seat = engine.legalActions(this.state).seat;
        if (seat === null) break;
        if (!decisions.has(seat)) {
          const known = this.hole[seat - 1].every((c) => c !== null);
          decisions.set(seat, known ? 'show' : 'muck');
          this.notes.push(`p${seat} neither shows nor mucks in the file: ${known ? 'tabled' : 'mucked'} by the importer`);
        }
        this.answerShowdown(decisions, null);
      }
    } else if (h.phase !== 'complete') {
      const toAct = h.phase === 'betting' ? engine.playerToAct(h) : null;
      fail(`the actions end before the hand does${toAct ? `: the engine waits for p${toAct.seat} to act` : ''}`);
    }
    if (this.ended === null) fail('the engine did not end the hand');
    this.checkUnknownCardsAtShowdown();

    const stacks = new Array<number>(this.n).fill(0);
    for (const s of this.ended!.stacks) stacks[s.seat - 1] = s.stack;
    const won = new Array<number>(this.n).fill(0);
    for (const a of this.awards) for (const w of a.winners) won[w.seat - 1] += w.amount;
    return { stacks, won, returned: this.returned, awards: this.awards, button: this.button, notes: this.notes };
  }

  /**
   * Players who post to come in (negative blinds_or_straddles entries) are the engine's new players: seated with
   * `postToEnter` at a game already running, they owe the new player's post (house-options/missed-blinds.ts), a
   * live big blind, and act in turn with the option. A game runs once a hand has been played, so the others first
   * play a setup hand that moves no chip: the button on the last of them before the file's button, everyone folds to
   * the blinds and the blinds chop (no fee, no antes: the setup table's rules), which leaves the next hand's button
   * on the file's button, its blinds on p1 and p2. Then the table takes the file's rules and the new players sit
   * down. The setup hand is ordinary events; an export of the replay leaves it out as a chopped hand. A post on the
   * button needs two setup hands (setUpForAPostOnTheButton).
   */
  private seatWithNewPlayers(rules: TableRulesInput): void {
    const hand = this.hand;
    const bb = this.blinds[this.bbSeat - 1];
    for (const seat of this.posters) {
      const amount = -this.blinds[seat - 1];
      // pokerkit posts what the stack allows: a file may write the big blind or the short stack's all-in post.
      const allIn = hand.startingStacks[seat - 1] - this.antes[seat - 1];
      if (amount !== bb && !(amount < bb && amount === allIn))
        unplayable(
          `p${seat} posts ${amount / hand.scale} to come in (blinds_or_straddles); the engine's new player's post is the big blind (${bb / hand.scale}), or all the chips of a shorter stack`,
        );
    }
    const regulars = [];
    for (let seat = 1; seat <= this.n; seat++) if (!this.posters.includes(seat)) regulars.push(seat);
    const setupRules: TableRulesInput = {
      structure: rules.structure,
      smallBlind: rules.smallBlind,
      bigBlind: rules.bigBlind,
      maxSeats: rules.maxSeats,
      houseOptions: { chop: { version: 1, fee: 0, allowHeadsUp: true } },
    };
    if (!(rules.smallBlind > 0))
      unplayable('a new player posts, and the replay needs a small blind to set the game up (its setup hand chops the blinds)');
    this.send({ type: 'OpenTable', tableId: 'phh', rules: setupRules }, 'opening the table for the setup hand');
    const onButton = this.posters.includes(this.button);
    const inSmallBlind = this.posters.includes(this.sbSeat);
    if (onButton && inSmallBlind)
      unplayable(
        `p${this.sbSeat} and p${this.button} both post to come in: the replay sets up a post in the small blind or on the button, not both`,
      );
    if (onButton) this.setUpForAPostOnTheButton(regulars);
    else if (inSmallBlind) this.setUpForAPostInTheSmallBlind(regulars);
    else {
      for (const seat of regulars)
        this.send({ type: 'SeatPlayer', seat, playerId: PLAYER_IDS[seat], buyIn: hand.startingStacks[seat - 1] }, () => `seating p${seat}`);
      this.playChoppedSetupHand(regulars[regulars.length - 2], this.button, 1);
    }
    // A post on the button or in the small blind: the house lets a new player in there (RRoP Explanations #3), as
    // the file's table did.
    const fileRules: TableRulesInput =
      onButton || inSmallBlind ? { ...rules, missedBlinds: { allowEntryBetweenBlindsAndButton: true } } : rules;
    this.send({ type: 'ChangeRules', rules: fileRules }, "taking the file's rules");
    for (const seat of this.posters)
      this.send(
        { type: 'SeatPlayer', seat, playerId: PLAYER_IDS[seat], buyIn: hand.startingStacks[seat - 1], postToEnter: true },
        () => `seating p${seat}, who posts to come in`,
      );
  }

  /** A setup hand with the button placed on `button`: everyone folds to the blinds, which chop; no chip moves. */
  private playChoppedSetupHand(button: number, smallBlind: number, bigBlind: number): void {
    this.send({ type: 'PlaceButton', seat: button }, 'placing the button for the setup hand');
    this.send({ type: 'StartHand', deck: CARD_CODES.slice() }, 'starting the setup hand');
    const setup = this.current();
    if (setup.smallBlindSeat !== smallBlind || setup.bigBlindSeat !== bigBlind)
      fail(`the setup hand put the blinds on p${setup.smallBlindSeat} and p${setup.bigBlindSeat}, not p${smallBlind} and p${bigBlind}`);
    for (const f of setup.forcedBetsDue)
      this.send({ type: 'PostBlind', seat: f.seat, blind: f.kind }, () => `posting p${f.seat}'s ${f.kind} in the setup hand`);
    for (let guard = 0; guard < this.n && this.current().phase === 'betting'; guard++) {
      const toAct = engine.playerToAct(this.current());
      if (toAct === null || toAct.seat === smallBlind || toAct.seat === bigBlind) break;
      this.send({ type: 'Fold', seat: toAct.seat }, () => `p${toAct.seat} folds in the setup hand`);
    }
    this.send(
      {
        type: 'ChopBlinds',
        consents: [
          { seat: smallBlind, by: PLAYER_IDS[smallBlind] },
          { seat: bigBlind, by: PLAYER_IDS[bigBlind] },
        ],
      },
      'chopping the blinds of the setup hand',
    );
  }

  /**
   * A post in the small blind's seat (a negative first entry): the file's hand has no small blind, p1 posts to come
   * in and p2 has the big blind, so the hand before it had its big blind on p1 and its small blind on the button.
   * The poster-to-be sits down for a setup hand in which they take the big blind (the blinds chop), then leaves, and
   * sits down again as a new player: the small blind's seat then holds a new player, so the small blind is dead
   * (dead button, docs/rules.md) and the new player posts the big blind, live.
   */
  private setUpForAPostInTheSmallBlind(regulars: readonly number[]): void {
    const hand = this.hand;
    const poster = this.sbSeat;
    for (const seat of [poster, ...regulars])
      this.send({ type: 'SeatPlayer', seat, playerId: PLAYER_IDS[seat], buyIn: hand.startingStacks[seat - 1] }, () => `seating p${seat}`);
    this.playChoppedSetupHand(regulars[regulars.length - 2], regulars[regulars.length - 1], poster);
    this.send({ type: 'LeaveTable', seat: poster }, () => `p${poster} leaves after the setup hand`);
  }

  /**
   * A post on the button (the last player): the file's hand has its button on a new player, so the hand before it
   * had its small blind on that seat, with the big blind on p1 (dead button, docs/rules.md). The setup takes two
   * hands that move no chip: first the poster-to-be sits down and takes the big blind (the blinds chop), then leaves;
   * in the second hand the big blind moves to p1, the small blind is dead on the empty seat, and everyone folds to
   * p1, whose blind comes back uncalled. The poster then sits down again as a new player.
   */
  private setUpForAPostOnTheButton(regulars: readonly number[]): void {
    const hand = this.hand;
    const poster = this.button;
    if (regulars.length < 3)
      unplayable(
        `p${poster} posts on the button with ${regulars.length} other players not posting: the replay sets a post on the button up with three or more`,
      );
    for (const seat of [...regulars, poster])
      this.send({ type: 'SeatPlayer', seat, playerId: PLAYER_IDS[seat], buyIn: hand.startingStacks[seat - 1] }, () => `seating p${seat}`);
    this.playChoppedSetupHand(regulars[regulars.length - 2], regulars[regulars.length - 1], poster);
    this.send({ type: 'LeaveTable', seat: poster }, () => `p${poster} leaves after the first setup hand`);
    this.send({ type: 'StartHand', deck: CARD_CODES.slice() }, 'starting the second setup hand');
    const second = this.current();
    if (second.smallBlindSeat !== null || second.bigBlindSeat !== 1)
      fail(`the second setup hand put the blinds on p${second.smallBlindSeat} and p${second.bigBlindSeat}, not a dead small blind and p1`);
    for (const f of second.forcedBetsDue)
      this.send({ type: 'PostBlind', seat: f.seat, blind: f.kind }, () => `posting p${f.seat}'s ${f.kind} in the second setup hand`);
    for (let guard = 0; guard < this.n && this.current().phase === 'betting'; guard++) {
      const toAct = engine.playerToAct(this.current());
      if (toAct === null) break;
      this.send({ type: 'Fold', seat: toAct.seat }, () => `p${toAct.seat} folds in the second setup hand`);
    }
    if (this.current().phase !== 'complete') fail('the second setup hand did not end when everyone folded to the big blind');
  }

  /** Table rules from the PHH forced bets and betting structure, or a clear reason the engine cannot play them. */
  private rules(): TableRulesInput {
    const hand = this.hand;
    const blinds = this.blinds;
    const antes = this.antes;
    const sb = blinds[this.sbSeat - 1];
    const bb = blinds[this.bbSeat - 1];
    if (bb <= 0) unplayable('there is no big blind (blinds_or_straddles); the engine deals blind games only');
    if (sb < 0 && this.n === 2)
      unplayable('the small blind entry of blinds_or_straddles is negative heads-up: the engine has no post in place of a heads-up blind');
    if (sb > bb) unplayable(`the small blind (${sb / hand.scale}) is larger than the big blind (${bb / hand.scale})`);
    const straddle = this.straddleOption(blinds, bb);

    let ante: { kind: AnteKind; amount: number } = NO_ANTE;
    // Who antes: how many, the first of them (seat and amount), and whether they all ante the same.
    let anted = 0;
    let firstSeat = 0;
    let firstAmount = 0;
    let allSame = true;
    for (let i = 0; i < antes.length; i++) {
      if (!(antes[i] > 0)) continue;
      if (anted === 0) {
        firstSeat = i + 1;
        firstAmount = antes[i];
      } else if (antes[i] !== firstAmount) allSame = false;
      anted++;
    }
    if (anted === this.n && allSame) ante = { kind: 'everyone', amount: firstAmount };
    else if (anted === 1 && firstSeat === this.bbSeat) ante = { kind: 'big-blind', amount: firstAmount };
    else if (anted === 1 && firstSeat === this.button) ante = { kind: 'button', amount: firstAmount };
    else if (anted > 0)
      unplayable(
        `antes ${JSON.stringify(hand.antes.map((v) => v / hand.scale))}: the engine takes the same ante from everyone, ` +
          'or one ante from the big blind or from the button',
      );

    if (hand.variant === 'NT') {
      if (hand.minBet !== bb)
        unplayable(
          `min_bet ${hand.minBet! / hand.scale} differs from the big blind ${bb / hand.scale}; the engine's no-limit minimum bet is the big blind`,
        );
    }
    const structure: TableRulesInput['structure'] =
      hand.variant === 'NT'
        ? { kind: 'no-limit', minimumBet: 'big-blind' }
        : { kind: 'fixed-limit', smallBet: hand.smallBet!, bigBet: hand.bigBet! };
    // A post in the small blind's seat leaves the small blind dead: the file does not give its amount, and the table
    // needs one (the setup hand's blinds chop; the file's hand posts none), so it is half the big blind.
    const smallBlind = sb < 0 ? Math.floor(bb / 2) : sb;
    const rules: { -readonly [K in keyof TableRulesInput]: TableRulesInput[K] } = {
      structure,
      smallBlind,
      bigBlind: bb,
      ante,
      maxSeats: Math.max(2, this.n),
    };
    if (straddle !== null) rules.houseOptions = straddle;
    // More than five board cards: the board was run twice (Felt's export), so the table runs it twice.
    let boardCards = 0;
    for (const a of hand.actions) if (a.kind === 'deal-board') boardCards += a.cards.length;
    if (boardCards > 5) rules.houseOptions = { ...(rules.houseOptions ?? {}), runItTwice: true } as TableRulesInput['houseOptions'];
    return rules;
  }

  /**
   * Straddles: PHH lists them as blinds_or_straddles entries after the big blind (UTG 4 in 1/2: [1, 2, 4, 0, ...];
   * a button straddle sits on the last player). The engine's straddle house option takes them as Straddle
   * commands before the deal: each from the seat left of the previous one, each the same multiple of the forced
   * bet before it. The minimum raise after a straddle follows pokerkit (the big blind, not the straddle), the
   * permissive reading, so no raise the file recorded is refused for it.
   */
  private straddleOption(blinds: readonly number[], bb: number): TableRulesInput['houseOptions'] | null {
    const hand = this.hand;
    const posted = blinds
      .map((v, i) => ({ seat: i + 1, amount: v }))
      .filter((x) => x.amount > 0 && x.seat !== this.sbSeat && x.seat !== this.bbSeat);
    if (posted.length === 0) return null;
    const show = () => posted.map((x) => `${x.amount / hand.scale} for p${x.seat}`).join(', ');
    // Straddles go clockwise from the first straddler: p3 after the big blind, then p4, ...
    const clockwise = (seat: number) => (seat % this.n) + 1;
    for (let i = 1; i < posted.length; i++)
      if (posted[i].seat !== clockwise(posted[i - 1].seat))
        unplayable(`straddles ${show()}: the engine takes each re-straddle from the seat left of the previous straddler`);
    const multiple = posted[0].amount / bb;
    const sized = posted.every((x, i) => x.amount === (i === 0 ? bb : posted[i - 1].amount) * multiple);
    if (!Number.isInteger(multiple) || multiple < 2 || !sized)
      unplayable(`straddles ${show()}: the engine's straddles are each the same whole multiple (2 or more) of the forced bet before them`);
    this.straddles.push(...posted);
    const first = posted[0].seat;
    const positions = first === clockwise(this.bbSeat) ? 'utg' : first === this.button ? 'utg-or-button' : 'any';
    return {
      straddle: {
        positions,
        maxStraddles: posted.length,
        minPlayersDealt: 2,
        sizeMultiple: multiple,
        buttonStraddleOrder: 'left-of-straddler',
        minRaiseBasis: 'big-blind',
        allowInLimit: true,
      },
    };
  }

  /** Collects the known hole and board cards from `d dh`, `d db` and `sm`, checking that no card appears twice. */
  private readCards(): void {
    // Who holds each card so far, by card number: 0 nobody, BOARD the board, else the player number.
    const holder: number[] = new Array<number>(52).fill(0);
    const BOARD = -1;
    // A card may appear twice only as a player's hole card dealt and then shown.
    const use = (cards: readonly PhhCard[], a: PhhAction, whose: number) => {
      for (let i = 0; i < cards.length; i++) {
        const card = cards[i];
        if (card === null) continue;
        const number = engine.parseCard(card)!;
        const previous = holder[number];
        const again = cards.indexOf(card) !== i;
        if (again || (previous !== 0 && (previous !== whose || whose === BOARD)))
          fail(`${at(a)}: ${card} was already dealt (${again ? 'in this action' : previous === BOARD ? 'the board' : `p${previous}`})`);
        holder[number] = whose;
      }
    };
    const dealt: boolean[] = new Array<boolean>(this.n + 1).fill(false);
    for (const a of this.hand.actions) {
      if (a.kind === 'deal-hole') {
        if (a.cards.length !== 2) fail(`${at(a)}: Texas hold'em deals two hole cards, not ${a.cards.length}`);
        if (dealt[a.player]) fail(`${at(a)}: p${a.player} is dealt hole cards twice`);
        dealt[a.player] = true;
        use(a.cards, a, a.player);
        this.mergeHole(a.player, a.cards, a);
      } else if (a.kind === 'deal-board') {
        use(a.cards, a, BOARD);
        // Past the fifth card: the board's second run (Felt's export of a hand run twice).
        for (const c of a.cards) (this.board.length < 5 ? this.board : this.secondRun).push(c);
      } else if (a.kind === 'show-muck' && a.cards !== null) {
        if (a.cards.length !== 2) fail(`${at(a)}: a Texas hold'em hand has two hole cards, not ${a.cards.length}`);
        use(a.cards, a, a.player);
        this.mergeHole(a.player, a.cards, a);
      }
    }
  }

  private mergeHole(player: number, cards: readonly PhhCard[], a: PhhAction): void {
    const hole = this.hole[player - 1];
    for (const c of cards) {
      if (c === null || hole[0] === c || hole[1] === c) continue;
      const free = hole.indexOf(null);
      if (free < 0) fail(`${at(a)}: p${player} shows ${c}, which is not one of the cards dealt (${hole.join('')})`);
      hole[free] = c;
    }
  }

  /** The deck in the engine's dealing order (table/deck.ts), unknown cards filled with unused ones. */
  private deck(): string[] {
    const n = this.n;
    // Card numbers, -1 where the file gives no card; the cards in use as two 26-bit masks.
    const deck: number[] = new Array<number>(52).fill(-1);
    let usedLow = 0;
    let usedHigh = 0;
    const place = (at: number, card: PhhCard) => {
      if (card === null) return;
      const number = engine.parseCard(card)!;
      deck[at] = number;
      if (number < 26) usedLow |= 1 << number;
      else usedHigh |= 1 << (number - 26);
    };
    for (let p = 0; p < n; p++) {
      place(p, this.hole[p][0]);
      place(n + p, this.hole[p][1]);
    }
    for (let i = 0; i < this.board.length; i++) place(boardPosition(n, i), this.board[i]);
    if (this.secondRun.length > 0) {
      const offsets = SECOND_RUN_OFFSETS[this.secondRun.length];
      if (offsets === undefined || this.board.length < 5)
        fail(`a second run of ${this.secondRun.length} cards: a board is run twice from the flop (5), the turn (2) or the river (1)`);
      for (let i = 0; i < this.secondRun.length; i++) place(2 * n + offsets![i], this.secondRun[i]);
    }
    const isUsed = (card: number) => (card < 26 ? usedLow & (1 << card) : usedHigh & (1 << (card - 26))) !== 0;
    const isDealtPosition = (i: number) => i < 2 * n || BOARD_OFFSETS.includes(i - 2 * n);
    let next = 0;
    const codes: string[] = new Array<string>(52);
    for (let i = 0; i < 52; i++) {
      if (deck[i] < 0) {
        while (isUsed(next)) next++;
        const card = next++;
        deck[i] = card;
        if (isDealtPosition(i)) {
          if (card < 26) this.fillerLow |= 1 << card;
          else this.fillerHigh |= 1 << (card - 26);
        }
      }
      codes[i] = CARD_CODES[deck[i]];
    }
    return codes;
  }

  /** Posts the forced bets the engine lists, after checking they are the ones the file describes. */
  private postForcedBets(): void {
    const hand = this.hand;
    const h = this.current();
    if (h.button !== this.button || h.bigBlindSeat !== this.bbSeat)
      fail(`the engine put the button on p${h.button} and the big blind on p${h.bigBlindSeat}, not p${this.button} and p${this.bbSeat}`);
    const blinds = this.blinds;
    const antes = this.antes;
    const expected: ForcedBetDue[] = [];
    if (blinds[this.sbSeat - 1] > 0) expected.push({ seat: this.sbSeat, kind: 'small-blind', amount: blinds[this.sbSeat - 1], live: true });
    expected.push({ seat: this.bbSeat, kind: 'big-blind', amount: blinds[this.bbSeat - 1], live: true });
    // The engine asks a new player for the big blind; a shorter stack posts all it has (BlindPosted, allIn).
    for (const seat of this.posters) expected.push({ seat, kind: 'new-player', amount: blinds[this.bbSeat - 1], live: true });
    antes.forEach((v, i) => v > 0 && expected.push({ seat: i + 1, kind: 'ante', amount: v, live: false }));
    if (!sameForcedBets(h.forcedBetsDue, expected)) {
      const show = (f: ForcedBetDue) => `p${f.seat} ${f.kind} ${f.amount}`;
      fail(
        `the engine asks for the forced bets ${h.forcedBetsDue.map(show).join(', ')}, the file has ${expected.map(show).join(', ')} (minor units)`,
      );
    }
    for (const f of h.forcedBetsDue) this.send({ type: 'PostBlind', seat: f.seat, blind: f.kind }, () => `posting p${f.seat}'s ${f.kind}`);
    if (this.straddles.length === 0) return;
    for (const s of this.straddles) {
      this.send({ type: 'Straddle', seat: s.seat }, () => `p${s.seat}'s straddle`);
      const live = this.current().players.find((p) => p.seat === s.seat)!.live;
      if (live !== s.amount)
        fail(`the engine took a straddle of ${live / hand.scale} from p${s.seat}, the file has ${s.amount / hand.scale}`);
    }
    this.send({ type: 'Deal' }, 'dealing after the straddles');
  }

  private bettingAction(a: Extract<PhhAction, { kind: 'fold' | 'check-call' | 'bet-raise' }>): void {
    const h = this.current();
    if (a.kind === 'check-call' && this.isCheckNobodyNeeds(h, a.player)) {
      this.notes.push(
        `${at(a)}: p${a.player} checks where the engine needs no action (everyone else in the hand is all-in), as PHH writes it`,
      );
      return;
    }
    if (h.phase !== 'betting')
      fail(
        `${at(a)}: the betting is over (${h.phase === 'complete' ? 'the engine already ended the hand' : 'the hand is at the showdown'})`,
      );
    const toAct = engine.playerToAct(h);
    if (toAct === null) fail(`${at(a)}: nobody is to act`);
    if (toAct!.seat !== a.player) fail(`${at(a)}: it is p${toAct!.seat}'s turn, not p${a.player}'s`);
    const seat = a.player;
    let command: TableCommand;
    if (a.kind === 'fold') command = { type: 'Fold', seat };
    else if (a.kind === 'check-call') command = toAct!.live >= h.round.currentBet ? { type: 'Check', seat } : { type: 'Call', seat };
    else command = h.round.currentBet === 0 ? { type: 'Bet', seat, amount: a.amount } : { type: 'Raise', seat, to: a.amount };
    this.send(command, a);
  }

  /**
   * pokerkit asks the only player left with chips to act on a street even when nobody could answer a bet (after a
   * fold leaves the others all-in), so PHH files hold that check; the engine closes the street without it. Such a
   * `cc` is no action: the engine is not waiting for this player, who is still in with chips while every other
   * player in the hand is all-in.
   */
  private isCheckNobodyNeeds(h: HandState, player: number): boolean {
    if (h.phase === 'betting' && engine.playerToAct(h)?.seat === player) return false;
    const me = h.players.find((p) => p.seat === player);
    if (!me || me.folded || me.allIn || me.stack === 0) return false;
    return h.players.every((p) => p === me || p.folded || p.allIn) && h.players.some((p) => p !== me && !p.folded);
  }

  /** Answers the engine's showdown in its own order with the decisions the file gave so far. */
  private answerShowdown(decisions: Map<number, 'show' | 'muck'>, a: PhhAction | null): void {
    for (let guard = 0; guard <= this.n && this.current().phase === 'showdown'; guard++) {
      const seat = engine.legalActions(this.state).seat;
      if (seat === null) return;
      const decision = decisions.get(seat);
      if (decision === undefined) return;
      decisions.delete(seat);
      this.send({ type: decision === 'show' ? 'ShowHand' : 'MuckHand', seat }, a ?? (() => `p${seat}'s showdown`));
    }
  }

  /** Unknown cards were filled in; a showdown that compared them would be invented, so the replay fails. */
  private checkUnknownCardsAtShowdown(): void {
    if (this.fillerLow === 0 && this.fillerHigh === 0) return;
    const filled = (card: number) => (card < 26 ? this.fillerLow & (1 << card) : this.fillerHigh & (1 << (card - 26))) !== 0;
    const h = this.current();
    for (const seat of this.shown) {
      const p = h.players.find((x) => x.seat === seat)!;
      if (p.holeCards.some(filled)) fail(`the showdown needs p${seat}'s hole cards, which the file does not give (??)`);
    }
    if (this.shown.length >= 2 && h.board.some(filled)) fail('the showdown needs board cards the file does not give (??)');
  }

  private current(): HandState {
    const h = this.state.hand;
    if (h === null) return fail('no hand in progress');
    return h;
  }

  /** Sends a command; `what` names it in a failure (an action, or text built only when needed). */
  private send(command: TableCommand, what: string | PhhAction | (() => string)): void {
    // The log gets a copy. Keeping the very objects alive teaches V8 that the command literals of this file
    // survive, and it then allocates them in the old generation for the rest of the process: a replay after a
    // logged one (the benchmark records the commands once) ran 40% slower, promoting 180 KB per scavenge.
    if (this.log !== null) this.log.push({ ...command });
    const d = engine.decide(command, this.state);
    if (!d.ok) {
      const r = d.rejection;
      const where = typeof what === 'string' ? what : typeof what === 'function' ? what() : at(what);
      fail(`${where}: the engine refuses ${command.type} (${r.code}): ${r.message.replace(/\bseat (\d+)/gi, 'p$1')}`);
      return;
    }
    this.state = d.state;
    for (const e of d.events) {
      if (e.type === 'PotAwarded') this.awards.push(e);
      else if (e.type === 'UncalledBetReturned') this.returned[e.seat - 1] += e.amount;
      else if (e.type === 'HandShown') this.shown.push(e.seat);
      else if (e.type === 'HandEnded') this.ended = e;
      else {
        const deal = engine.deals.get(e.type);
        if (deal !== undefined) for (const c of deal(e).cards) this.secondDealt.push(c);
      }
    }
  }

  /** Every player still in the pot agrees to run it twice, as the file's second run says they did. */
  private agreeToRunTwice(a: PhhAction): void {
    const offer = engine.legalActions(this.state).actions.find((x) => x.type === 'RunItTwice');
    if (offer === undefined) fail(`${at(a)}: the file runs the board twice, and the engine does not offer it here`);
    const seats = (offer as Extract<typeof offer, { type: 'RunItTwice' }>).seats;
    this.send({ type: 'RunItTwice', consents: seats.map((seat) => ({ seat, by: `p${seat}` })) }, a);
    this.notes.push('the board was run twice (a second run in the file): every player in the pot agreed');
  }
}

/** The same forced bets (seat, kind and amount) in any order. */
function sameForcedBets(listed: readonly ForcedBetDue[], expected: readonly ForcedBetDue[]): boolean {
  if (listed.length !== expected.length) return false;
  const matched: boolean[] = new Array<boolean>(listed.length).fill(false);
  for (const e of expected) {
    let found = false;
    for (let i = 0; i < listed.length && !found; i++) {
      const f = listed[i];
      if (!matched[i] && f.seat === e.seat && f.kind === e.kind && f.amount === e.amount) matched[i] = found = true;
    }
    if (!found) return false;
  }
  return true;
}

type Verdict = { ok: true; note?: string } | { ok: false; why: string };

const EPSILON = 1e-6;
const EQUAL: Verdict = { ok: true };
/** The largest share of the pots a house rake may plausibly take (sites and card rooms take 10% at most). */
const MAX_RAKE_SHARE = 0.1;

/**
 * Compares the engine's figures (final stacks or pot winnings, minor units) with the file's (file units).
 * Equal figures match. Two known differences that are not the engine's errors match too, with a note:
 * - A split pot with an odd chip (README): the file may split it into fractions (Pluribus: 10112.5) or give it
 *   elsewhere, while the engine gives it to the first winner left of the button. It matches when every figure is
 *   within one chip, only split-pot winners differ, no chip is created or lost, and each odd chip went to the
 *   right players.
 * - A house rake: the file's winners received less than the pots, which the replay (taking no rake) pays in
 *   full. It matches when only pot winners differ, each collected something, and the shortfall is at most 10%
 *   of the pots.
 */
function compare(
  hand: PhhHand,
  outcome: Outcome,
  actual: readonly number[],
  recorded: readonly number[],
  what: string,
  field: string,
): Verdict {
  let equal = true;
  for (let i = 0; i < actual.length && equal; i++) equal = Math.abs(actual[i] - recorded[i] * hand.scale) < EPSILON;
  if (equal) return EQUAL;
  const expected = recorded.map((v) => v * hand.scale);
  const diffs = actual.map((a, i) => a - expected[i]);
  if (diffs.every((d) => Math.abs(d) < EPSILON)) return { ok: true };
  const show = (xs: readonly number[]) => `[${xs.map((x) => x / hand.scale).join(', ')}]`;
  const mismatch = `${what} ${show(actual)} differ from ${field} ${show(expected)}`;
  const oddChip = oddChipVerdict(hand, outcome, diffs, mismatch);
  if (oddChip !== null) return oddChip;
  const rake = rakeVerdict(hand, outcome, diffs, field);
  if (rake !== null) return rake;
  return { ok: false, why: mismatch };
}

function oddChipVerdict(hand: PhhHand, outcome: Outcome, diffs: readonly number[], mismatch: string): Verdict | null {
  const oddPots = outcome.awards.filter((a) => a.winners.length >= 2 && a.amount % a.winners.length !== 0);
  if (oddPots.length === 0) return null;
  const splitWinners = new Set(oddPots.flatMap((a) => a.winners.map((w) => w.seat)));
  const total = diffs.reduce((x, y) => x + y, 0);
  const withinOneChip = diffs.every(
    (d, i) => Math.abs(d) < EPSILON || (Math.abs(d) <= oddPots.length + EPSILON && splitWinners.has(i + 1)),
  );
  if (!withinOneChip || Math.abs(total) > EPSILON) return null;
  // The odd chips go one each to the winners nearest the button's left, clockwise (TDA 20; RRoP Ties).
  const clockwise = Array.from({ length: hand.playerCount }, (_, i) => ((outcome.button + i) % hand.playerCount) + 1);
  for (const pot of oddPots) {
    const share = Math.floor(pot.amount / pot.winners.length);
    const odd = pot.amount - share * pot.winners.length;
    const ordered = clockwise.filter((seat) => pot.winners.some((w) => w.seat === seat));
    for (const w of pot.winners) {
      const rightful = share + (ordered.indexOf(w.seat) < odd ? 1 : 0);
      if (w.amount !== rightful)
        return {
          ok: false,
          why: `${mismatch}; and the engine gave p${w.seat} ${w.amount / hand.scale} of a split pot of ${pot.amount / hand.scale}, not ${rightful / hand.scale}`,
        };
    }
  }
  const firsts = oddPots.map((pot) => clockwise.find((seat) => pot.winners.some((w) => w.seat === seat))!);
  return {
    ok: true,
    note: `odd chip: split pot within one chip of the file; the engine gave the odd chip to p${[...new Set(firsts)].join(', p')} (first winner left of the button)`,
  };
}

function rakeVerdict(hand: PhhHand, outcome: Outcome, diffs: readonly number[], field: string): Verdict | null {
  const pots = outcome.awards.reduce((n, a) => n + a.amount, 0);
  const shortfall = diffs.reduce((x, y) => x + y, 0);
  // Only pot winners fall short, and each still collected part of what the engine paid them.
  const onlyWinnersShort = diffs.every((d, i) => Math.abs(d) < EPSILON || (d > 0 && d < outcome.won[i]));
  if (!onlyWinnersShort || shortfall <= EPSILON || shortfall > pots * MAX_RAKE_SHARE + EPSILON) return null;
  const percent = Math.round((shortfall / pots) * 1000) / 10;
  return {
    ok: true,
    note: `rake: the file's ${field} are ${Math.round(shortfall) / hand.scale} short of the pots of ${pots / hand.scale} (${percent}%), a house rake the replay does not take`,
  };
}
