import type { TableCommand } from './commands';
import type { TableState } from './state';
import { legalActions, type LegalAction } from './legal-actions';
import { unseenCards } from './live-cards';
import { formatCard } from '../cards/card';
import type { TableHooks } from './hooks';

/**
 * A player that picks uniformly among the legal actions, with a random amount inside the legal bounds.
 * Used by the property tests, the benchmarks and the load-test bots. Randomness comes from the caller's
 * generator (a function returning [0, 1)), so the engine itself stays deterministic.
 */
export function randomLegalCommand(h: TableHooks, state: TableState, random: () => number): TableCommand | null {
  const { seat, actions: all } = legalActions(h, state);
  // Decide for the seat the hand waits for (others' early shows are legal but would starve the muck choice).
  const actions = all.filter((a) => a.seat === seat || a.type === 'Deal' || h.houseCommand(a.type)?.spec.outOfTurn === true);
  if (actions.length === 0) return null;
  return commandFor(h, actions[Math.floor(random() * actions.length)], random, state);
}

/** The command for a legal action; actions that enter cards (live tables) draw unseen cards and need the state. */
export function commandFor(h: TableHooks, action: LegalAction, random: () => number, state?: TableState): TableCommand {
  const draw = (count: number): string[] => {
    if (!state?.hand) throw new Error(`bug: ${action.type} enters cards and needs the table state`);
    const unseen = unseenCards(state.hand);
    const cards: string[] = [];
    for (let i = 0; i < count; i++) cards.push(formatCard(unseen.splice(Math.floor(random() * unseen.length), 1)[0]));
    return cards;
  };
  const between = (min: number, max: number) => {
    // Favour the edges: the minimum, the maximum (all-in) and anything between.
    const r = random();
    if (r < 0.3) return min;
    if (r < 0.45) return max;
    return min + Math.floor(random() * (max - min + 1));
  };
  switch (action.type) {
    case 'PostBlind':
      return { type: 'PostBlind', seat: action.seat, blind: action.blind };
    case 'Bet':
      return { type: 'Bet', seat: action.seat, amount: between(action.min, action.max) };
    case 'Raise':
      return { type: 'Raise', seat: action.seat, to: between(action.min, action.max) };
    case 'Call':
      return { type: 'Call', seat: action.seat };
    case 'Deal':
      return { type: 'Deal' };
    case 'DealBoard':
      return { type: 'DealBoard', street: action.street, cards: draw(action.cardsToEnter) };
    case 'ReportHoleCards':
      return { type: 'ReportHoleCards', seat: action.seat, cards: draw(action.cardsToEnter) };
    case 'ShowHand':
      return action.cardsToEnter === undefined
        ? { type: 'ShowHand', seat: action.seat }
        : { type: 'ShowHand', seat: action.seat, cards: draw(action.cardsToEnter) };
    case 'Fold':
    case 'Check':
    case 'MuckHand':
      return { type: action.type, seat: action.seat };
    default:
      // A house option's action: its module says which command plays it.
      return h.houseCommandFor(action)!;
  }
}
