import { cardSourceOf, deckSourceOf, type DeckSourceRule, type TableRules } from './rules';

/** How far each deck source lets people choose the order: the house alone, a certified device, anyone (training). */
const DECK_SOURCE_REACH: Readonly<Record<DeckSourceRule, number>> = Object.freeze({ house: 0, shuffler: 1, training: 2 });

/**
 * The changes from `before` to `after` that widen who may choose or see a table's cards (docs/security.md
 * "Insiders", rows 1 and 3), one sentence each; empty when the change widens nothing. `before` null: a table being
 * opened, measured against the narrowest rules (a house-shuffled deck, no dealer seeing hole cards). A deck table
 * whose rules record no deck source is taken as house, as the API treats it.
 * - the deck source moves up from house to shuffler to training;
 * - `dealerSeesHoleCards` is turned on;
 * - an open table's card source changes (deck ↔ live).
 * Pure: the API calls it on OpenTable and ChangeRules to ask for a second floor supervisor's approval.
 */
export function widensCardAccess(before: TableRules | null, after: TableRules): string[] {
  const widened: string[] = [];
  const from = deckSourceAt(before);
  const to = deckSourceAt(after);
  if (to !== null && DECK_SOURCE_REACH[to] > DECK_SOURCE_REACH[from ?? 'house']) widened.push(`deckSource: ${from ?? 'house'} → ${to}`);
  if (after.dealerSeesHoleCards === true && before?.dealerSeesHoleCards !== true) widened.push('dealerSeesHoleCards: turned on');
  if (before !== null && cardSourceOf(before) !== cardSourceOf(after))
    widened.push(`cardSource: ${cardSourceOf(before)} → ${cardSourceOf(after)}`);
  return widened;
}

/** A deck table's source (house where none is recorded); null for a live table or no table. */
function deckSourceAt(rules: TableRules | null): DeckSourceRule | null {
  if (rules === null || cardSourceOf(rules) !== 'deck') return null;
  return deckSourceOf(rules) ?? 'house';
}
