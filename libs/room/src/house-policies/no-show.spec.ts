import { DEFAULT_NO_SHOW, noShowOutcome } from './no-show';

describe('⚙ no-show policy', () => {
  it('sends a first no-show to the end of the list by default and takes a second off it', () => {
    expect(DEFAULT_NO_SHOW).toBe('end-of-list');
    expect(noShowOutcome('end-of-list', 0)).toBe('end-of-list');
    expect(noShowOutcome('end-of-list', 1)).toBe('removed');
  });
  it("takes a no-show off at once under 'remove'", () => {
    expect(noShowOutcome('remove', 0)).toBe('removed');
  });
});
