import { CORE_RULES_INPUT_SCHEMA } from './rules-input';
import { normalizeRules } from '../default-table';
import type { TableRulesInput } from './rules';

describe("the core rules input's one schema", () => {
  it('accepts what a client sends, and the engine normalizes the same input', () => {
    const input: TableRulesInput = { structure: { kind: 'fixed-limit', smallBet: 2 }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };
    expect(CORE_RULES_INPUT_SCHEMA.safeParse(input).success).toBe(true);
    expect(normalizeRules(input).ok).toBe(true);
  });

  it.each([
    [{ structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, amout: 5 }, '', 'Unrecognized key'],
    [{ structure: { kind: 'no-limit' }, smallBlind: 1.5, bigBlind: 2 }, 'smallBlind', 'smallBlind must be a whole number'],
    [{ structure: { kind: 'limit' }, smallBlind: 1, bigBlind: 2 }, 'structure.kind', 'structure.kind must be'],
    [
      { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, cardSource: 'shoe' },
      'cardSource',
      'cardSource must be "deck" or "live"',
    ],
  ])('refuses %j at "%s" with the sentence a floor reads', (input, path, message) => {
    const parsed = CORE_RULES_INPUT_SCHEMA.safeParse(input);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.path.join('.')).toBe(path);
    expect(issue.message).toContain(message);
  });
});
