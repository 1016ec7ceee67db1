import { tournamentResultsCsv } from './results-export';
import { registered } from './tournament.test-support';

describe('the results as CSV', () => {
  it('quotes a field with a comma or quote, and keeps a spreadsheet from reading an alias as a formula', () => {
    const { state } = registered(3, 1);
    const entries = state.entries.map((e, i) => ({ ...e, alias: ['Ann, "the rock"', '=HYPERLINK("x")', 'Bo'][i]! }));
    const lines = tournamentResultsCsv({ ...state, entries })
      .trim()
      .split('\n');
    expect(lines).toEqual([
      'place,prize,entryId,playerId,alias,entryNumber,status,rebuys,addOn',
      ',,p1#1,p1,"Ann, ""the rock""",1,registered,0,false',
      `,,p2#1,p2,"'=HYPERLINK(""x"")",1,registered,0,false`,
      ',,p3#1,p3,Bo,1,registered,0,false',
    ]);
  });
});
