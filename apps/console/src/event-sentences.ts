import type { TableEventItem } from './table-types.js';

type Data = Readonly<Record<string, any>>;

const SENTENCES: Record<string, (d: Data) => string> = {
  TableOpened: (d) => `Table ${d.tableId} opened`,
  TableClosed: () => 'Table closed',
  PlayerSeated: (d) => `${d.playerId} sat in seat ${d.seat} with ${d.buyIn}`,
  PlayerLeft: (d) => `${d.playerId} left seat ${d.seat} with ${d.cashOut}`,
  PlayerSatOut: (d) => `Seat ${d.seat} sat out`,
  PlayerSatIn: (d) => `Seat ${d.seat} sat in`,
  ChipsAdded: (d) => `Seat ${d.seat} added ${d.amount}`,
  ButtonDrawn: (d) => `Button drawn to seat ${d.button}`,
  ButtonPlaced: (d) => `Button placed on seat ${d.seat}`,
  HandStarted: (d) => `Hand ${d.handNumber} started`,
  BlindPosted: (d) => `Seat ${d.seat} posted ${d.kind} ${d.amount}`,
  KillPotPosted: (d) => `Seat ${d.seat} killed the pot for ${d.amount}`,
  HoleCardsDealt: () => 'Hole cards dealt',
  HoleCardsReported: (d) => `Reader read seat ${d.seat}'s hole cards`,
  PlayerFolded: (d) => `Seat ${d.seat} folded`,
  PlayerChecked: (d) => `Seat ${d.seat} checked`,
  PlayerCalled: (d) => `Seat ${d.seat} called ${d.amount}${d.allIn ? ' (all in)' : ''}`,
  BetPlaced: (d) => `Seat ${d.seat} bet ${d.amount}${d.allIn ? ' (all in)' : ''}`,
  RaisePlaced: (d) => `Seat ${d.seat} raised to ${d.to}${d.allIn ? ' (all in)' : ''}`,
  BlindsChopped: () => 'Blinds chopped',
  RakeTaken: (d) => `Rake ${d.amount}`,
  RulesChanged: () => 'Rules changed',
  UncalledBetReturned: (d) => `Uncalled ${d.amount} returned to seat ${d.seat}`,
  BoardDealt: (d) => `${String(d.street)[0]?.toUpperCase()}${String(d.street).slice(1)}: ${(d.cards as unknown[]).map(cardText).join(' ')}`,
  ShowdownStarted: () => 'Showdown',
  HandShown: (d) => `Seat ${d.seat} shows ${(d.cards as unknown[]).map(cardText).join(' ')}`,
  HandMucked: (d) => `Seat ${d.seat} mucks`,
  PotAwarded: (d) => `${d.pot === 0 ? 'Pot' : `Side pot ${d.pot}`} of ${d.amount} awarded: ${(d.winners as Data[]).map((w) => `seat ${w.seat} wins ${w.amount}`).join(', ')}`,
  HandEnded: (d) => `Hand ${d.handNumber} ended`,
  HandVoided: (d) => `Hand ${d.handNumber} voided: ${d.reason}`,
  DeckSealed: (d) => `Hand ${d.handNumber}: deck sealed`,
  DeckRevealed: (d) => `Hand ${d.handNumber}: deck revealed`,
  BombPotCalled: (d) => `Bomb pot called for hand ${d.handNumber}`,
  RunItTwiceAgreed: (d) => `Run it twice: seats ${(d.consents as Data[]).map((c) => c.seat).join(', ')} agreed`,
  RunItOnceChosen: () => 'The board is run once',
  SecondBoardDealt: (d) => `Second run, ${String(d.street)}: ${(d.cards as unknown[]).map(cardText).join(' ')}`,
  RunsAwarded: (d) => `Runs: ${(d.pots as Data[]).map((p) => (p.runs as Data[]).map((r) => `run ${r.run} ${r.amount} to seat ${(r.winners as Data[]).map((w) => w.seat).join('/')}`).join(', ')).join('; ')}`,
};

/** One line a floor supervisor reads in the table's activity log. */
export function eventSentence(event: TableEventItem): string {
  const sentence = SENTENCES[event.type];
  return sentence ? sentence(event.data) : event.type;
}

/** Events carry cards as numbers, rank * 4 + suit (libs/engine cards/card.ts); the log shows "As". */
function cardText(card: unknown): string {
  return typeof card === 'number' && card >= 0 && card < 52 ? '23456789TJQKA'[card >> 2]! + 'cdhs'[card & 3]! : '?';
}

/** The table view's cards ("AsKd7h") as separate cards. */
export function splitCards(cards: string): string[] {
  return cards.match(/../g) ?? [];
}
