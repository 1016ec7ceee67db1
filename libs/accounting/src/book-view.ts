import { confirmationPreview } from './decide';
import type { MoneyEvent } from './events';
import type { MoneyRejection } from './rejections';
import { countSheet, fundReport, type CountRow, type FundReportRow } from './reports';
import type { BookState, PendingRequest } from './state';

/** A request waiting for a second person, with what confirming it would record now, or the book's refusal. */
export type PendingView = PendingRequest & { readonly wouldRecord?: readonly MoneyEvent[]; readonly wouldRefuse?: MoneyRejection };

/** The book as GET /money/book answers it (the console's Money screen reads this type). */
export interface BookView {
  readonly version: number;
  readonly funds: readonly FundReportRow[];
  readonly countSheet: readonly CountRow[];
  readonly pending: readonly PendingView[];
}

export function bookView(state: BookState, version: number, at: string): BookView {
  return {
    version,
    funds: fundReport(state),
    countSheet: countSheet(state),
    // Each with what confirming it would record now (the payout's split, the count's variance) or the refusal.
    pending: Object.values(state.pending).map((p) => {
      const preview = confirmationPreview(state, p.requestId, at);
      return { ...p, ...(preview.ok ? { wouldRecord: preview.events } : { wouldRefuse: preview.rejection }) };
    }),
  };
}
