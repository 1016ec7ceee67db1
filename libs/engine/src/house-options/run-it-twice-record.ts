import type { TableEvent } from '../table/events';
import type { ModuleFormats } from './module-formats';

/**
 * Run it twice in the hand's record and deals: the second run starts from the cards on the board when the players
 * agreed; its streets are the deals (as the regulator's deal check and the PHH replay read them). Apart from the
 * module's schemas (see chop-record.ts).
 */
export const RUN_IT_TWICE_RECORD = {
  deals: {
    SecondBoardDealt: (e) => {
      const { street, cards } = e as Extract<TableEvent, { type: 'SecondBoardDealt' }>;
      return { run: 2, street, cards };
    },
  },
  record: {
    RunItTwiceAgreed: () => [{ change: 'second-run' }],
    RunsAwarded: (e) => [{ change: 'runs', pots: (e as Extract<TableEvent, { type: 'RunsAwarded' }>).pots }],
  },
} as const satisfies ModuleFormats;
