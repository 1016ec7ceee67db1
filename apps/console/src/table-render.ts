import { isLiveCards } from '@felt/engine';
import { cardFace } from './card-face.js';
import { playerName } from './action-bar.js';
import { element } from './elements.js';
import { forcedBetsLine, owedPosts, seatToAct } from './owed-posts.js';
import { splitCards } from './event-sentences.js';
import { boardCards, type HandRecord } from './table-event-log.js';
import type { HandPlayerView, LegalAction, Rules, SeatView, TableView } from './table-types.js';
import { shownName } from './player-aliases.js';

/** "NL 1/2", "FL 2/4" (a fixed-limit table by its bets, not its blinds), "PL 1/2 ante 1", "NL 1/2 · live cards". */
export function stakesText(rules: Rules | null): string {
  if (!rules) return '';
  const s = rules.structure;
  const kind = { 'no-limit': 'NL', 'pot-limit': 'PL', 'fixed-limit': 'FL', 'spread-limit': 'SL' }[s.kind] ?? s.kind;
  const amounts =
    s.kind === 'fixed-limit' && s.smallBet !== undefined && s.bigBet !== undefined
      ? `${s.smallBet}/${s.bigBet}`
      : s.kind === 'spread-limit' && s.min !== undefined && s.max !== undefined
        ? `${s.min}-${s.max}`
        : `${rules.smallBlind}/${rules.bigBlind}`;
  const ante = rules.ante.kind !== 'none' && rules.ante.amount > 0 ? ` ante ${rules.ante.amount}` : '';
  // A live-cards table is dealt from a real deck and its cards entered on the picker: said wherever the game is named.
  return `${kind} ${amounts}${ante}${rules.gameType === 'tournament' ? ' (tournament)' : ''}${isLiveCards(rules) ? ' · live cards' : ''}`;
}

const OPTION_WORDS: Readonly<Record<string, string>> = {
  straddle: 'straddle',
  killGame: 'kill game',
  killPot: 'kill pot',
  chop: 'chop',
  rake: 'rake',
  bombPot: 'bomb pot',
  runItTwice: 'run it twice',
  shotClock: 'shot clock',
};

export function houseOptionsText(rules: Rules | null): string {
  const on = rules
    ? Object.entries(rules.houseOptions)
        .filter(([, value]) => value !== null && value !== false)
        .map(([name]) => OPTION_WORDS[name] ?? name)
    : [];
  return on.length ? on.join(', ') : 'none';
}

/** The bomb pot of the hand on the table (its ante), from the hand's record; null for any other hand. */
export function bombPotOf(view: TableView, record: HandRecord | null): { readonly ante: number } | null {
  return view.hand && record?.handNumber === view.hand.handNumber ? (record.bombPot ?? null) : null;
}

/**
 * "Hand #3 — flop", "Hand #4 (bomb pot) — antes", "Hand #2 voided", "Hand #1 over — bomb pot called for hand #2": a
 * voided hand never reads as complete, and a bomb pot says so before and while it is dealt.
 */
export function handLabel(view: TableView, record: HandRecord | null, bombPotCalledFor: number | null = null): string {
  const hand = view.hand;
  const called = bombPotCalledFor !== null ? ` — bomb pot called for hand #${bombPotCalledFor}` : '';
  if (!hand) return `No hand yet${called}`;
  const bomb = bombPotOf(view, record) !== null;
  if (hand.phase !== 'complete') {
    const forced = bomb ? 'antes' : 'blinds';
    const phase = hand.phase === 'forced-bets' ? forced : hand.phase === 'showdown' ? 'showdown' : hand.round.street;
    return `Hand #${hand.handNumber}${bomb ? ' (bomb pot)' : ''} — ${phase}`;
  }
  return record?.status === 'voided' && record.handNumber === hand.handNumber
    ? `Hand #${hand.handNumber} voided${called}`
    : `Hand #${hand.handNumber}${bomb ? ' (bomb pot)' : ''} over${called}`;
}

/** The strip above the table: stakes, house options, status, hand, live state and the version on screen. */
export function tableSummary(view: TableView, record: HandRecord | null, bombPotCalledFor: number | null = null): HTMLElement {
  const item = (label: string, value: string, id: string) =>
    element(
      'span',
      { class: 'summary-item' },
      element('span', { class: 'label' }, `${label} `),
      element('strong', { 'data-testid': id }, value),
    );
  return element(
    'div',
    { class: 'summary', 'data-testid': 'table-summary' },
    item('Game', stakesText(view.rules), 'stakes'),
    item('Options', houseOptionsText(view.rules), 'house-options'),
    item('Status', view.status, 'status'),
    item('', handLabel(view, record, bombPotCalledFor), 'hand'),
    item('Hands', String(view.handsPlayed), 'hands-played'),
    item('Chips', String(view.chipsOnTable), 'chips-on-table'),
    item('v', String(view.version), 'version'),
  );
}

/**
 * The table as the dealer sees it from the dealer's chair: the seats around an oval, seat 1 on the dealer's left;
 * on each seat the player, the stack, this street's bet and the markers (button, blinds, straddle, kill); in the
 * middle the board, the pots with the seats each is for, and whose turn it is with the amount to call.
 */
export function tableGraphic(view: TableView, record: HandRecord | null): HTMLElement {
  const maxSeats = view.rules?.maxSeats ?? Math.max(2, ...view.seats.map((s) => s.seat));
  const felt = element('div', { class: 'felt', 'data-testid': 'table-graphic', style: `--seats: ${maxSeats}` });
  felt.append(centre(view, record));
  for (let seat = 1; seat <= maxSeats; seat++) {
    // Clockwise from the dealer's chair at the bottom: seat 1 on the dealer's left.
    const angle = Math.PI / 2 + ((seat - 0.5) * 2 * Math.PI) / maxSeats;
    // Kept inside the table's box however narrow the screen (--seat-half: half a seat box, console.css).
    const style = `left: clamp(var(--seat-half), ${(50 + 40 * Math.cos(angle)).toFixed(2)}%, calc(100% - var(--seat-half))); top: clamp(2.2rem, ${(50 + 39 * Math.sin(angle)).toFixed(2)}%, calc(100% - 2.2rem))`;
    const taken = view.seats.find((s) => s.seat === seat);
    felt.append(
      taken
        ? seatBox(view, taken, record, style)
        : element(
            'div',
            { class: 'seat empty', style, 'data-testid': `seat-${seat}` },
            element('span', { class: 'seat-number' }, String(seat)),
            element('span', { class: 'quiet' }, 'empty'),
          ),
    );
  }
  return felt;
}

function centre(view: TableView, record: HandRecord | null): HTMLElement {
  const hand = view.hand;
  const inProgress = hand !== null && hand.phase !== 'complete';
  // A pot is for every player still in who is not all in (they can still match it), and for the all-in players whose
  // money reaches it (the derived pot's own list).
  const stillBetting = inProgress ? hand.players.filter((p) => !p.folded && !p.allIn).map((p) => p.seat) : [];
  const pots =
    inProgress && hand.pots.length
      ? hand.pots.map((p, i) =>
          element(
            'li',
            { 'data-testid': `pot-${i}` },
            `${i === 0 ? 'Main' : `Side ${i}`} ${p.amount}`,
            element('span', { class: 'pot-seats' }, ` ${seatList([...new Set([...p.eligible, ...stillBetting])].sort((a, b) => a - b))}`),
          ),
        )
      : [];
  const board = hand ? hand.board : record ? boardCards(record.board).join('') : '';
  const bomb = bombPotOf(view, record);
  return element(
    'div',
    { class: 'centre' },
    element('div', { class: 'board', 'data-testid': 'board', role: 'group', 'aria-label': 'Board' }, cards(board)),
    element(
      'ul',
      { class: 'pots', 'data-testid': 'pots', 'aria-label': 'Pots' },
      pots.length ? pots : element('li', { class: 'quiet' }, inProgress ? 'no pot yet' : ''),
    ),
    bomb ? element('p', { class: 'bomb-pot', 'data-testid': 'bomb-pot' }, `Bomb pot: every player antes ${bomb.ante}, no blinds`) : null,
    element('p', { class: 'to-act-line', 'data-testid': 'to-act' }, toActLine(view)),
  );
}

/** "seat 1", "seats 1, 3": who a pot is for. */
export function seatList(seats: readonly number[]): string {
  return `seat${seats.length === 1 ? '' : 's'} ${seats.join(', ')}`;
}

function toActLine(view: TableView): string {
  if (view.hand?.phase === 'forced-bets') return forcedBetsLine(view, (seat) => playerName(view, seat));
  const toAct = seatToAct(view);
  if (toAct === null) return '';
  const call = view.legalActions.find((a): a is Extract<LegalAction, { type: 'Call' }> => a.type === 'Call');
  return `Seat ${toAct}${playerName(view, toAct) ? ` (${playerName(view, toAct)})` : ''} to act${call ? `: ${call.amount} to call` : ''}`;
}

/** The seat's chips now: during a hand what it has behind (the table's seat keeps the stack the hand began with). */
export function liveStack(view: TableView, seat: SeatView): number {
  const hand = view.hand;
  if (hand === null || hand.phase === 'complete') return seat.stack;
  return hand.players.find((p) => p.seat === seat.seat && p.playerId === seat.playerId)?.stack ?? seat.stack;
}

function seatBox(view: TableView, seat: SeatView, record: HandRecord | null, style: string): HTMLElement {
  const hand = view.hand;
  const inProgress = hand !== null && hand.phase !== 'complete';
  const player: HandPlayerView | undefined = hand
    ? hand.players.find((p) => p.seat === seat.seat && p.playerId === seat.playerId)
    : undefined;
  const live = inProgress ? player : undefined;
  const markers: [string, string][] = [];
  if (hand && hand.button === seat.seat) markers.push(['D', 'button']);
  else if (!hand && (view.initialButton ?? view.lastPositions?.button) === seat.seat) markers.push(['D', 'button']);
  // A bomb pot has antes, no blinds: no SB or BB marker where the positions would be.
  const blinds = inProgress && bombPotOf(view, record) === null;
  if (blinds && hand.smallBlindSeat === seat.seat) markers.push(['SB', 'small blind']);
  if (blinds && hand.bigBlindSeat === seat.seat) markers.push(['BB', 'big blind']);
  if (inProgress && hand.straddles?.includes(seat.seat)) markers.push(['STR', 'straddle']);
  if (inProgress && hand.killSeat === seat.seat) markers.push(['KILL', 'kill']);
  const states: string[] = [];
  const busted = seat.busted ?? (!inProgress && seat.stack === 0);
  const toAct = seatToAct(view) === seat.seat;
  if (toAct) states.push('to act');
  if (live?.folded) states.push('folded');
  if (live?.allIn) states.push('all in');
  if (seat.sittingOut) states.push('sitting out');
  if (busted) states.push('busted');
  const owes = owedPosts(view, seat);
  if (owes) states.push(owes);
  const classes = ['seat', toAct ? 'to-act' : '', live?.folded ? 'folded' : '', busted ? 'busted' : '', seat.sittingOut ? 'out' : '']
    .filter(Boolean)
    .join(' ');
  const won = (record?.pots ?? [])
    .flatMap((p) => p.winners)
    .filter((w) => w.seat === seat.seat)
    .reduce((sum, w) => sum + w.amount, 0);
  return element(
    'div',
    { class: classes, style, 'data-testid': `seat-${seat.seat}` },
    element('span', { class: 'seat-number' }, String(seat.seat)),
    element(
      'span',
      { class: 'markers', 'data-testid': `markers-${seat.seat}` },
      markers.map(([short, long]) => element('abbr', { class: `marker marker-${short.toLowerCase()}`, title: long }, short)),
    ),
    element('strong', { class: 'player', 'data-testid': `player-${seat.seat}` }, shownName(seat.playerId)),
    element('span', { class: 'stack', 'data-testid': `stack-${seat.seat}` }, String(liveStack(view, seat))),
    live && live.live > 0 ? element('span', { class: 'bet', 'data-testid': `bet-${seat.seat}` }, `bet ${live.live}`) : null,
    !inProgress && won > 0 && record?.status !== 'voided' ? element('span', { class: 'won' }, `won ${won}`) : null,
    element('span', { class: 'hole', 'data-testid': `cards-${seat.seat}` }, player ? cards(player.holeCards) : ''),
    element('span', { class: 'seat-states', 'data-testid': `marks-${seat.seat}` }, states.join(', ')),
  );
}

/** Cards as text ("AsKd"); null when this audience may not see them (another player's hole cards). */
export function cards(text: string | null): Node | string {
  if (text === null) return 'hidden';
  const list = splitCards(text);
  if (list.length === 0) return '';
  return element('span', { class: 'cards' }, list.map(cardFace));
}
