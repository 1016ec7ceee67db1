import type { TableEventItem } from './table-types.js';
import { shownName } from './player-aliases.js';

// An event's data as the live feed sends it (JSON); each sentence reads the fields of its own event type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Readonly<Record<string, any>>;
/** "Seat 3 (carol)": who sits in a seat, as the page knows it. */
export type SeatName = (seat: number) => string;

/** Forced bets as the floor says them ("kill-pot" never shows). */
export const FORCED_BET_WORDS: Readonly<Record<string, string>> = {
  'small-blind': 'the small blind',
  'big-blind': 'the big blind',
  ante: 'an ante',
  'make-up-big': 'a missed big blind',
  'make-up-small': 'a missed small blind (dead)',
  'new-player': "a new player's big blind",
  straddle: 'a straddle',
  'kill-blind': 'the kill blind',
  'bomb-pot': "the bomb pot's ante",
  'kill-pot': 'a kill',
};

const STREET_WORDS: Readonly<Record<string, string>> = { flop: 'Flop', turn: 'Turn', river: 'River' };

function sentences(name: SeatName): Record<string, (d: Data) => string> {
  return {
    TableOpened: (d) => `Table ${d.tableId} opened`,
    TableClosed: () => 'Table closed',
    PlayerSeated: (d) => `${shownName(d.playerId)} sat down in seat ${d.seat} with ${d.buyIn}`,
    PlayerLeft: (d) => `${shownName(d.playerId)} left seat ${d.seat}${d.cashOut > 0 ? `, cashing out ${d.cashOut}` : ' (no chips left)'}`,
    PlayerSatOut: (d) => `${name(d.seat)} sat out`,
    PlayerSatIn: (d) => `${name(d.seat)} came back${d.waitForBigBlind ? ' (waits for the big blind)' : ''}`,
    ChipsAdded: (d) => `${name(d.seat)} added ${d.amount} chips`,
    SeatChanged: (d) =>
      `${shownName(d.playerId)} moved from seat ${d.from} to seat ${d.to}${d.newPlayer ? (d.postToEnter ? ' (posts a big blind to play at once)' : ' (waits for the big blind there)') : ''}`,
    ButtonDrawn: (d) => `Button drawn to seat ${d.button}`,
    ButtonPlaced: (d) => `Button placed on seat ${d.seat}`,
    HandStarted: (d) => `Hand ${d.handNumber} started (button seat ${d.button})`,
    BlindPosted: (d) => `${name(d.seat)} posted ${FORCED_BET_WORDS[d.kind] ?? d.kind} of ${d.amount}${d.allIn ? ' (all in)' : ''}`,
    KillPotPosted: (d) => `${name(d.seat)} killed the pot for ${d.amount}`,
    HoleCardsDealt: () => 'Cards dealt',
    HoleCardsReported: (d) => `The reader read ${name(d.seat)}'s cards`,
    PlayerFolded: (d) => `${name(d.seat)} folded`,
    PlayerChecked: (d) => `${name(d.seat)} checked`,
    PlayerCalled: (d) => `${name(d.seat)} called ${d.amount}${d.allIn ? ' (all in)' : ''}`,
    BetPlaced: (d) => `${name(d.seat)} bet ${d.amount}${d.allIn ? ' (all in)' : ''}`,
    RaisePlaced: (d) => `${name(d.seat)} raised to ${d.to}${d.allIn ? ' (all in)' : ''}`,
    BlindsChopped: (d) => `Blinds chopped${d.fee ? ` (fee ${d.fee})` : ''}`,
    RakeTaken: (d) => `Rake of ${d.amount} taken`,
    KillButtonChanged: (d) =>
      d.killer
        ? `Seat ${d.killer.seat} kills the next hand`
        : d.holder
          ? `Seat ${d.holder.seat} holds the kill button`
          : 'Kill button cleared',
    RulesChanged: () => 'Table rules changed',
    UncalledBetReturned: (d) => `Uncalled ${d.amount} returned to ${name(d.seat)}`,
    BoardDealt: (d) => `${STREET_WORDS[d.street] ?? d.street}: ${(d.cards as unknown[]).map(cardText).join(' ')}`,
    ShowdownStarted: () => 'Showdown',
    HandShown: (d) => `${name(d.seat)} shows ${(d.cards as unknown[]).map(cardText).join(' ')}`,
    HandMucked: (d) => `${name(d.seat)} mucks`,
    PotAwarded: (d) =>
      `${potName(d.pot)} of ${d.amount} awarded: ${(d.winners as Data[]).map((w) => `${name(w.seat)} wins ${w.amount}`).join(', ')}`,
    HandEnded: (d) => `Hand ${d.handNumber} over`,
    HandVoided: (d) => `Hand ${d.handNumber} voided (${d.reason}): every chip went back`,
    ActionCorrected: (d) =>
      `Floor correction in hand ${d.handNumber}: ${(d.retracted as Data[]).length} action${(d.retracted as Data[]).length === 1 ? '' : 's'} taken back (${d.reason})`,
    DeckSealed: (d) => `Hand ${d.handNumber}: deck sealed`,
    DeckRevealed: (d) => `Hand ${d.handNumber}: deck revealed for audit`,
    HoleCardsRevealed: (d) => `Hand ${d.handNumber}: hole cards unsealed for audit`,
    BombPotCalled: (d) => `Bomb pot called for hand ${d.handNumber}`,
    RunItTwiceAgreed: (d) => `Run it twice: ${(d.consents as Data[]).map((c) => name(c.seat as number)).join(', ')} agreed`,
    RunItOnceChosen: () => 'The board is run once',
    SecondBoardDealt: (d) => `Second run, ${STREET_WORDS[d.street] ?? d.street}: ${(d.cards as unknown[]).map(cardText).join(' ')}`,
    ClockStarted: (d) => `${name(d.seat)} is on the clock: ${d.seconds} s`,
    ClockPaused: (d) => `Clock paused by the floor (${Math.ceil((d.remainingMs as number) / 1000)} s left)`,
    ClockResumed: () => 'Clock resumed',
    TimeBankUsed: (d) => `${name(d.seat)} used a time bank: +${d.seconds} s (${d.extensionsLeft} left)`,
    ClockExpired: (d) => `${name(d.seat)}'s time ran out: ${d.outcome === 'check' ? 'checked' : 'the hand is dead'}`,
    RunsAwarded: (d) =>
      `Runs: ${(d.pots as Data[]).map((p) => (p.runs as Data[]).map((r) => `run ${r.run} paid ${r.amount} to ${(r.winners as Data[]).map((w) => name(w.seat as number)).join(' and ')}`).join(', ')).join('; ')}`,
  };
}

export function potName(pot: number): string {
  return pot === 0 ? 'Main pot' : `Side pot ${pot}`;
}

/** One line a floor supervisor reads in the table's activity log. */
export function eventSentence(event: TableEventItem, name: SeatName = (seat) => `Seat ${seat}`): string {
  const sentence = sentences(name)[event.type];
  return sentence ? sentence(event.data) : event.type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Events carry cards as numbers, rank * 4 + suit (libs/engine cards/card.ts); the log shows "As". */
export function cardText(card: unknown): string {
  return typeof card === 'number' && card >= 0 && card < 52 ? '23456789TJQKA'[card >> 2]! + 'cdhs'[card & 3]! : '?';
}

/** The table view's cards ("AsKd7h") as separate cards. */
export function splitCards(cards: string): string[] {
  return cards.match(/../g) ?? [];
}
