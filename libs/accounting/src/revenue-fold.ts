import { DEFAULT_MODULES, type AnyRuleModule, type RecordChange, type TableEvent } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { moduleFold } from '@felt/projections';
import type { RevenueHand } from './reports';

/**
 * The revenue report's own fold of a table's log (docs/money.md "Reports"): of each hand it reads only what the report
 * sums (its number, the rake, a chopped blinds' fee, how and when it ended) straight from the recorded events, where
 * the hand record (finishedHands) folds every action, deal and pot. It gives what `revenueHandOf` keeps of the hand
 * record, to the chip (libs/regulator revenue-fold.spec.ts: a property test over random tables), and a room's day of a
 * million events folds in a fraction of a second (docs/benchmarks.md). It reads no card and opens no sealed one, so
 * it needs no key; in a hand it holds only numbers, and between hands nothing.
 */

/** A recorded table event as the fold reads it: the store's record or an export's line. */
export type RevenueLogEvent = Pick<RecordedEvent, 'type' | 'data' | 'streamVersion' | 'recordedAt'>;

/** The hand being played, as far as the report needs it. */
interface OpenRevenueHand {
  readonly handNumber: number;
  readonly rake: number;
  readonly chopFee?: number;
}

/** Where a table's revenue fold stands: the hand being played (null between hands). */
export interface RevenueFold {
  readonly current: OpenRevenueHand | null;
}

export const REVENUE_FOLD_START: RevenueFold = Object.freeze({ current: null });

/** A finished hand (complete or voided) and the stream version of the event that ended it. */
export interface FoldedRevenueHand {
  readonly toVersion: number;
  readonly hand: RevenueHand;
}

/** The field of HandStarted the fold reads (of the house options' events, what their modules' record parts say). */
interface RevenueEventData {
  readonly handNumber: number;
}

/**
 * A table's hands finished among `events` (in stream order, after what `from` folded), and where the fold stands
 * after them: a reader that keeps `fold` reads each event once (apps/api LoggedHands). A hand still being played is
 * left in `fold`; a HandStarted while one is open starts again, as the hand record's fold does. The house's take
 * (a rake, a chop's fee) is what the table's modules' record parts say (`formats.record`, as the hand record reads it).
 */
export function foldRevenueHands(
  tableId: string,
  events: readonly RevenueLogEvent[],
  from: RevenueFold,
  modules: readonly AnyRuleModule[] = DEFAULT_MODULES,
): { done: FoldedRevenueHand[]; fold: RevenueFold } {
  const { record } = moduleFold(modules);
  const done: FoldedRevenueHand[] = [];
  let handNumber = from.current?.handNumber ?? 0;
  let rake = from.current?.rake ?? 0;
  let chopFee = from.current?.chopFee;
  let open = from.current !== null;
  const finish = (status: RevenueHand['status'], e: RevenueLogEvent) => {
    const hand: RevenueHand = { tableId, handNumber, status, endedAt: e.recordedAt, rake };
    done.push({ toVersion: e.streamVersion, hand: chopFee === undefined ? hand : { ...hand, chopFee } });
    open = false;
  };
  for (const e of events) {
    const data = e.data as unknown as RevenueEventData;
    switch (e.type) {
      case 'HandStarted':
        open = true;
        handNumber = data.handNumber;
        rake = 0;
        chopFee = undefined;
        break;
      case 'HandEnded':
        if (open) finish('complete', e);
        break;
      case 'HandVoided':
        if (open) finish('voided', e);
        break;
      default: {
        const part = open ? record.get(e.type) : undefined;
        if (part) {
          const took = houseTakeOf(part, e);
          rake += took.amount;
          if (took.fee !== undefined) chopFee = took.fee;
        }
      }
    }
  }
  const current = open ? { handNumber, rake, ...(chopFee === undefined ? {} : { chopFee }) } : null;
  return { done, fold: { current } };
}

/** What a house option's event took for the house, as its module's record part says (a chop's fee apart). */
function houseTakeOf(part: (event: TableEvent) => readonly RecordChange[], e: RevenueLogEvent): { amount: number; fee?: number } {
  let amount = 0;
  let fee: number | undefined;
  for (const c of part({ ...(e.data as object), type: e.type } as TableEvent))
    if (c.change === 'house-take') {
      amount += c.amount;
      if (c.fee) fee = c.amount;
    }
  return fee === undefined ? { amount } : { amount, fee };
}
