import { deciderSpec } from '@felt/engine';
import { accountingDecider, type Actor, type MoneyEvent } from './index';
import { normalizeFundRules } from './funds';

const spec = deciderSpec(accountingDecider);
const at = '2026-12-06T22:00:00.000Z';
const dealer: Actor = { id: 'u-dealer', role: 'dealer' };
const floor: Actor = { id: 'u-floor-1', role: 'floor' };
const floor2: Actor = { id: 'u-floor-2', role: 'floor' };
const counter: Actor = { id: 'u-count', role: 'count' };
const regulator: Actor = { id: 'u-reg', role: 'regulator' };

const badBeatRules = normalizeFundRules({ kind: 'bad-beat', name: 'Bad-beat jackpot', backupPercent: 20 });
const opened: MoneyEvent = { type: 'FundOpened', at, by: floor, fundId: 'bbj', rules: badBeatRules };
const drop = (amount: number, handNumber = 1): MoneyEvent => ({
  type: 'DropCollected',
  at,
  by: dealer,
  fundId: 'bbj',
  tableId: 't1',
  handNumber,
  amount,
  toFund: amount - Math.floor(amount / 5),
  toBackup: Math.floor(amount / 5),
});

describe('the book: funds', () => {
  it('opens a fund with its posted rules (defaults filled in)', () => {
    spec
      .given([])
      .when({ type: 'OpenFund', at, by: floor, fundId: 'bbj', rules: { kind: 'bad-beat', name: 'Bad-beat jackpot', backupPercent: 20 } })
      .then([opened]);
  });

  it('refuses a second fund with the same id, bad rules, and a dealer opening one', () => {
    spec
      .given([opened])
      .when({ type: 'OpenFund', at, by: floor, fundId: 'bbj', rules: { kind: 'bad-beat', name: 'x' } })
      .thenRejected({ code: 'FUND_EXISTS' });
    spec
      .given([])
      .when({
        type: 'OpenFund',
        at,
        by: floor,
        fundId: 'bbj',
        rules: { kind: 'bad-beat', name: 'x', split: { loser: 50, winner: 50, table: 10 } },
      })
      .thenRejected({ code: 'INVALID_COMMAND', field: 'rules' });
    spec
      .given([])
      .when({ type: 'OpenFund', at, by: dealer, fundId: 'bbj', rules: { kind: 'bad-beat', name: 'x' } })
      .thenRejected({ code: 'ROLE_MAY_NOT' });
  });

  it('collects a drop, holding back the backup share (rounded down)', () => {
    spec
      .given([opened])
      .when({ type: 'CollectDrop', at, by: dealer, fundId: 'bbj', tableId: 't1', handNumber: 1, amount: 101 })
      .then([drop(101)]);
  });

  it('refuses drops that are not whole positive cents, or for no fund', () => {
    for (const amount of [0, -5, 1.5, Number.NaN])
      spec
        .given([opened])
        .when({ type: 'CollectDrop', at, by: dealer, fundId: 'bbj', tableId: 't1', handNumber: 1, amount })
        .thenRejected({ field: 'amount' });
    spec
      .given([])
      .when({ type: 'CollectDrop', at, by: dealer, fundId: 'bbj', tableId: 't1', handNumber: 1, amount: 5 })
      .thenRejected({ code: 'FUND_UNKNOWN' });
  });

  it('a regulator moves no money', () => {
    spec
      .given([opened])
      .when({ type: 'CollectDrop', at, by: regulator, fundId: 'bbj', tableId: 't1', handNumber: 1, amount: 5 })
      .thenRejected({ code: 'ROLE_MAY_NOT' });
  });
});

describe('the book: two people for every money move', () => {
  const payRequest = {
    kind: 'PayBadBeat' as const,
    fundId: 'bbj',
    tableId: 't1',
    handNumber: 7,
    loser: 'p-lose',
    winner: 'p-win',
    table: ['p-a', 'p-b', 'p-c'],
  };
  const asked: MoneyEvent = { type: 'MoneyRequested', at, by: floor, requestId: 'r1', request: payRequest };

  it('records the request, then pays on a second supervisor’s confirmation, split as posted, and reseeds from the backup', () => {
    spec
      .given([opened, drop(10_000)])
      .when({ type: 'RequestMoney', at, by: floor, requestId: 'r1', request: payRequest })
      .then([asked]);
    spec
      .given([opened, drop(10_000), asked])
      .when({ type: 'ConfirmRequest', at, by: floor2, requestId: 'r1' })
      .then([
        {
          type: 'JackpotPaid',
          at,
          by: floor2,
          requestId: 'r1',
          requestedBy: floor,
          fundId: 'bbj',
          tableId: 't1',
          handNumber: 7,
          period: null,
          total: 8000,
          shares: [
            { playerId: 'p-lose', share: 'loser', amount: 4002 },
            { playerId: 'p-win', share: 'winner', amount: 2000 },
            { playerId: 'p-a', share: 'table', amount: 666 },
            { playerId: 'p-b', share: 'table', amount: 666 },
            { playerId: 'p-c', share: 'table', amount: 666 },
          ],
        },
        { type: 'FundSeeded', at, by: floor2, requestId: 'r1', requestedBy: floor, fundId: 'bbj', amount: 2000, source: 'backup' },
      ]);
  });

  it('refuses the asker confirming their own request, a dealer confirming, and an unknown request', () => {
    const given = spec.given([opened, drop(10_000), asked]);
    given.when({ type: 'ConfirmRequest', at, by: floor, requestId: 'r1' }).thenRejected({ code: 'SAME_PERSON' });
    given.when({ type: 'ConfirmRequest', at, by: dealer, requestId: 'r1' }).thenRejected({ code: 'ROLE_MAY_NOT' });
    given.when({ type: 'ConfirmRequest', at, by: floor2, requestId: 'r2' }).thenRejected({ code: 'REQUEST_UNKNOWN' });
    given.when({ type: 'RequestMoney', at, by: floor, requestId: 'r1', request: payRequest }).thenRejected({ code: 'REQUEST_ID_TAKEN' });
  });

  it('a declined request can no longer be confirmed; a paid hand is not paid twice', () => {
    const declined: MoneyEvent = { type: 'RequestDeclined', at, by: floor2, requestId: 'r1', reason: 'hand not verified' };
    spec
      .given([opened, drop(10_000), asked, declined])
      .when({ type: 'ConfirmRequest', at, by: floor2, requestId: 'r1' })
      .thenRejected({ code: 'REQUEST_UNKNOWN' });
    const paid = accountingDecider.decide(
      { type: 'ConfirmRequest', at, by: floor2, requestId: 'r1' },
      spec.given([opened, drop(10_000), asked]).state,
    );
    if (!paid.ok) throw new Error('paid');
    spec
      .given([opened, drop(10_000), asked, ...paid.events])
      .when({ type: 'RequestMoney', at, by: floor, requestId: 'r2', request: payRequest })
      .thenRejected({ code: 'ALREADY_PAID' });
  });

  it('refuses a payout from an empty fund or the wrong kind of fund', () => {
    spec
      .given([opened])
      .when({ type: 'RequestMoney', at, by: floor, requestId: 'r1', request: payRequest })
      .thenRejected({ code: 'NOTHING_TO_PAY' });
    spec
      .given([opened, drop(100)])
      .when({
        type: 'RequestMoney',
        at,
        by: floor,
        requestId: 'r1',
        request: {
          kind: 'PayHighHand',
          fundId: 'bbj',
          period: 'h1',
          from: at,
          to: '2026-12-06T23:00:00.000Z',
          winners: [{ playerId: 'p', tableId: 't1', handNumber: 1 }],
        },
      })
      .thenRejected({ code: 'FUND_KIND_MISMATCH' });
  });

  it('fills and credits the tray on confirmation; a count with a variance needs its reason', () => {
    const cash: MoneyEvent = { type: 'CashBoughtIn', at, by: dealer, tableId: 't1', shiftId: 's1', playerId: 'p1', amount: 50_000 };
    spec.given([]).when({ type: 'CashBuyIn', at, by: dealer, tableId: 't1', shiftId: 's1', playerId: 'p1', amount: 50_000 }).then([cash]);
    const fill: MoneyEvent = {
      type: 'MoneyRequested',
      at,
      by: dealer,
      requestId: 'f1',
      request: { kind: 'Fill', tableId: 't1', shiftId: 's1', amount: 20_000 },
    };
    spec
      .given([cash, fill])
      .when({ type: 'ConfirmRequest', at, by: floor, requestId: 'f1' })
      .then([{ type: 'TrayFilled', at, by: floor, requestId: 'f1', requestedBy: dealer, tableId: 't1', shiftId: 's1', amount: 20_000 }]);
    spec
      .given([cash])
      .when({
        type: 'RequestMoney',
        at,
        by: counter,
        requestId: 'c1',
        request: { kind: 'Count', tableId: 't1', shiftId: 's1', counted: 49_900 },
      })
      .thenRejected({ code: 'VARIANCE_NEEDS_REASON', field: 'reason' });
    const count: MoneyEvent = {
      type: 'MoneyRequested',
      at,
      by: counter,
      requestId: 'c1',
      request: { kind: 'Count', tableId: 't1', shiftId: 's1', counted: 49_900, reason: 'a $1 bill torn, set aside' },
    };
    spec
      .given([cash, count])
      .when({ type: 'ConfirmRequest', at, by: floor, requestId: 'c1' })
      .then([
        {
          type: 'DropCounted',
          at,
          by: floor,
          requestId: 'c1',
          requestedBy: counter,
          tableId: 't1',
          shiftId: 's1',
          expected: 50_000,
          counted: 49_900,
          variance: -100,
          reason: 'a $1 bill torn, set aside',
        },
      ]);
  });

  it('after the count, the shift takes no more cash and no fills', () => {
    const counted: MoneyEvent = {
      type: 'DropCounted',
      at,
      by: floor,
      requestId: 'c1',
      requestedBy: counter,
      tableId: 't1',
      shiftId: 's1',
      expected: 0,
      counted: 0,
      variance: 0,
      reason: null,
    };
    spec
      .given([counted])
      .when({ type: 'CashBuyIn', at, by: dealer, tableId: 't1', shiftId: 's1', playerId: 'p1', amount: 5 })
      .thenRejected({ code: 'SHIFT_COUNTED' });
    spec
      .given([counted])
      .when({ type: 'RequestMoney', at, by: dealer, requestId: 'f9', request: { kind: 'Fill', tableId: 't1', shiftId: 's1', amount: 5 } })
      .thenRejected({ code: 'SHIFT_COUNTED' });
  });

  it('refuses malformed commands with the field at fault', () => {
    spec
      .given([])
      .when({ type: 'CashBuyIn', at: 'yesterday', by: dealer, tableId: 't1', shiftId: 's1', playerId: 'p1', amount: 5 })
      .thenRejected({ field: 'at' });
    spec
      .given([])
      .when({ type: 'CashBuyIn', at, by: dealer, tableId: '', shiftId: 's1', playerId: 'p1', amount: 5 })
      .thenRejected({ field: 'tableId' });
    spec
      .given([opened])
      .when({ type: 'RequestMoney', at, by: floor, requestId: 'r1', request: { ...payRequest, table: ['p-win'] } })
      .thenRejected({ code: 'INVALID_COMMAND', field: 'request' });
    spec
      .given([opened])
      .when({ type: 'RequestMoney', at, by: floor, requestId: 'r1', request: { kind: 'Nope' } as never })
      .thenRejected({ code: 'INVALID_COMMAND' });
  });
});
