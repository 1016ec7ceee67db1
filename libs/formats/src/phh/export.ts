import { formatCards, type TableEvent, type TableRules } from '@felt/engine';

/**
 * PHH export: a table's hands, read from its events, as PHH (the TOML hand histories pokerkit reads; the format
 * `felt phh` imports). Players are numbered in the dealing order, p1 first left of the button and the last player
 * on the button, as PHH numbers them; heads-up the blinds and antes are written in PHH's reversed order (the
 * button's first). Amounts are the table's chips. Each action is the engine's event: `d dh` for the hole cards dealt
 * (`????` where nobody knows them: live cards that no reader reported),
 * `f`, `cc` (check or call), `cbr` with the bet's or raise's total for the street, `d db` for the board, and `sm`
 * for a hand shown (with its cards) or mucked (without).
 */
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
  /** Forced bets PHH has no notation for (dead money, make-up blinds, kills): written as comments. */
  readonly notes: string[];
}

/** A hand that cannot be written as PHH (a structure PHH has no variant for, a voided hand). */
export interface PhhExportSkip {
  readonly handNumber: number;
  readonly reason: string;
}

export interface PhhExport {
  readonly hands: PhhExportHand[];
  readonly skipped: PhhExportSkip[];
}

interface Building {
  handNumber: number;
  rules: TableRules;
  order: number[];
  players: string[];
  stacks: number[];
  antes: number[];
  blinds: number[];
  actions: string[];
  notes: string[];
}

/** Reads every hand the events complete. `include` picks hands by number (default: all). */
export function phhHandsFromEvents(events: readonly TableEvent[], include: (handNumber: number) => boolean = () => true): PhhExport {
  const hands: PhhExportHand[] = [];
  const skipped: PhhExportSkip[] = [];
  let rules: TableRules | null = null;
  let tableId: string | null = null;
  let hand: Building | null = null;
  const p = (seat: number) => `p${hand!.order.indexOf(seat) + 1}`;

  for (const e of events) {
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
              actions: [],
              notes: [],
            }
          : null;
        break;
      default:
        if (hand) hand = step(hand, e, p, hands, skipped, tableId);
    }
  }
  return { hands, skipped };
}

function step(hand: Building, e: TableEvent, p: (seat: number) => string, hands: PhhExportHand[], skipped: PhhExportSkip[], tableId: string | null): Building | null {
  const i = (seat: number) => hand.order.indexOf(seat);
  switch (e.type) {
    case 'BlindPosted':
      if (e.kind === 'ante') hand.antes[i(e.seat)] += e.amount;
      else if (e.live && (e.kind === 'small-blind' || e.kind === 'big-blind' || e.kind === 'straddle')) hand.blinds[i(e.seat)] += e.amount;
      else {
        hand.blinds[i(e.seat)] += e.amount;
        hand.notes.push(`${p(e.seat)} posts ${e.kind} ${e.amount}${e.live ? '' : ' (dead)'}, written as a blind`);
      }
      break;
    case 'KillPotPosted':
      hand.blinds[i(e.seat)] += e.amount;
      hand.notes.push(`${p(e.seat)} kills the pot for ${e.amount}, written as a straddle`);
      break;
    case 'HoleCardsDealt': {
      const bySeat = new Map(e.hands.map((h) => [h.seat, h.cards]));
      for (const seat of hand.order) {
        const cards = bySeat.get(seat);
        // Live cards nobody knows are PHH's unknown cards; the importer reads them (a shown hand reveals them).
        if (cards === null) hand.actions.push(`d dh ${p(seat)} ????`);
        else if (cards) hand.actions.push(`d dh ${p(seat)} ${formatCards(cards, '')}`);
      }
      break;
    }
    case 'HoleCardsReported': {
      // A reader's record of a live hand: the cards that were dealt, so they go in the deal's line.
      const dealt = hand.actions.indexOf(`d dh ${p(e.seat)} ????`);
      if (dealt >= 0) hand.actions[dealt] = `d dh ${p(e.seat)} ${formatCards(e.cards, '')}`;
      break;
    }
    case 'PlayerFolded':
      hand.actions.push(`${p(e.seat)} f`);
      break;
    case 'PlayerChecked':
    case 'PlayerCalled':
      hand.actions.push(`${p(e.seat)} cc`);
      break;
    case 'BetPlaced':
      hand.actions.push(`${p(e.seat)} cbr ${e.amount}`);
      break;
    case 'RaisePlaced':
      hand.actions.push(`${p(e.seat)} cbr ${e.to}`);
      break;
    case 'BoardDealt':
      hand.actions.push(`d db ${formatCards(e.cards, '')}`);
      break;
    case 'HandShown':
      hand.actions.push(`${p(e.seat)} sm ${formatCards(e.cards, '')}`);
      break;
    case 'HandMucked':
      hand.actions.push(`${p(e.seat)} sm`);
      break;
    case 'BlindsChopped':
      skipped.push({ handNumber: hand.handNumber, reason: 'the blinds chopped: PHH has no notation for it' });
      return null;
    case 'HandVoided':
      skipped.push({ handNumber: hand.handNumber, reason: `the hand was voided (${e.reason})` });
      return null;
    case 'HandEnded': {
      const s = hand.rules.structure;
      if (s.kind !== 'no-limit' && s.kind !== 'fixed-limit') {
        skipped.push({ handNumber: hand.handNumber, reason: `PHH has no Texas hold'em variant for ${s.kind}` });
        return null;
      }
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
        notes: hand.notes,
      });
      return null;
    }
  }
  return hand;
}

const tomlString = (s: string) => JSON.stringify(s);
const tomlArray = (xs: readonly (number | string)[]) => `[${xs.map((x) => (typeof x === 'string' ? tomlString(x) : String(x))).join(', ')}]`;

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
  for (const note of hand.notes) lines.push(`# felt: ${note}`);
  return lines.join('\n') + '\n';
}

/** A .phh document for one hand, or a .phhs document (a table [N] per hand, N the hand number) for several. */
export function toPhhText(hands: readonly PhhExportHand[]): string {
  if (hands.length === 1) return phhHandToml(hands[0]!);
  return hands.map((h) => `[${h.handNumber}]\n${phhHandToml(h)}`).join('\n');
}
