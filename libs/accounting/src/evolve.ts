import type { MoneyEvent } from './events';
import { emptyTableShift, paidForKey, tableDropKey, tableShiftKey, type BookState, type FundState, type TableShift } from './state';

/** Records what happened in the book: total and pure (the one fold of a book, for the decider and every report). */
export function evolveBook(state: BookState, event: MoneyEvent): BookState {
  switch (event.type) {
    case 'FundOpened':
      return withFund(state, {
        fundId: event.fundId,
        rules: event.rules,
        collected: 0,
        heldBack: 0,
        seededByHouse: 0,
        seededFromBackup: 0,
        paid: 0,
        balance: 0,
        backup: 0,
        paidFor: [],
        payouts: 0,
      });
    case 'ChipValueSet':
      return { ...state, chipValues: { ...state.chipValues, [event.tableId]: event.centsPerChip } };
    case 'DropCollected':
      return updateFund(
        event.chips === undefined ? state : { ...state, tableDrops: state.tableDrops.with(tableDropKey(event)) },
        event.fundId,
        (f) => ({
          ...f,
          collected: f.collected + event.amount,
          heldBack: f.heldBack + event.toBackup,
          balance: f.balance + event.toFund,
          backup: f.backup + event.toBackup,
        }),
      );
    case 'FundSeeded':
      return settled(
        updateFund(state, event.fundId, (f) =>
          event.source === 'house'
            ? { ...f, seededByHouse: f.seededByHouse + event.amount, balance: f.balance + event.amount }
            : {
                ...f,
                seededFromBackup: f.seededFromBackup + event.amount,
                balance: f.balance + event.amount,
                backup: f.backup - event.amount,
              },
        ),
        event.requestId,
      );
    case 'JackpotPaid':
      return settled(
        updateFund(state, event.fundId, (f) => ({
          ...f,
          paid: f.paid + event.total,
          balance: f.balance - event.total,
          payouts: f.payouts + 1,
          paidFor: [...f.paidFor, paidForKey(event)],
        })),
        event.requestId,
      );
    case 'CashBoughtIn':
      return updateTable(state, event.tableId, event.shiftId, (t) => ({ ...t, cashBuyIns: t.cashBuyIns + event.amount }));
    case 'ChipsBroughtFromCage':
      return updateTable(state, event.tableId, event.shiftId, (t) => ({ ...t, chipsFromCage: t.chipsFromCage + event.amount }));
    case 'TrayFilled':
      return settled(
        updateTable(state, event.tableId, event.shiftId, (t) => ({ ...t, fills: t.fills + event.amount })),
        event.requestId,
      );
    case 'TrayCredited':
      return settled(
        updateTable(state, event.tableId, event.shiftId, (t) => ({ ...t, credits: t.credits + event.amount })),
        event.requestId,
      );
    case 'DropCounted':
      return settled(
        updateTable(state, event.tableId, event.shiftId, (t) => ({
          ...t,
          count: { counted: event.counted, variance: event.variance, reason: event.reason, counts: (t.count?.counts ?? 0) + 1 },
        })),
        event.requestId,
      );
    case 'MoneyRequested':
      return {
        ...state,
        pending: {
          ...state.pending,
          [event.requestId]: { requestId: event.requestId, at: event.at, by: event.by, request: event.request },
        },
        requestIds: { ...state.requestIds, [event.requestId]: true },
      };
    case 'RequestDeclined':
      return settled(state, event.requestId);
  }
}

function withFund(state: BookState, fund: FundState): BookState {
  return { ...state, funds: { ...state.funds, [fund.fundId]: fund } };
}

function updateFund(state: BookState, fundId: string, change: (f: FundState) => FundState): BookState {
  const fund = state.funds[fundId];
  return fund ? withFund(state, change(fund)) : state;
}

function updateTable(state: BookState, tableId: string, shiftId: string, change: (t: TableShift) => TableShift): BookState {
  const key = tableShiftKey(tableId, shiftId);
  return { ...state, tables: { ...state.tables, [key]: change(state.tables[key] ?? emptyTableShift(tableId, shiftId)) } };
}

/** The request is no longer pending (confirmed or declined). */
function settled(state: BookState, requestId: string): BookState {
  if (!(requestId in state.pending)) return state;
  const { [requestId]: _done, ...pending } = state.pending;
  return { ...state, pending };
}
