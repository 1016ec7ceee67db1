import { accept, reject, type Decision } from '@felt/engine';
import type { Actor, MoneyCommand, MoneyRequest } from './commands';
import type { MoneyEvent } from './events';
import { badBeatShares, dropShares, fundRulesProblem, highHandShares, normalizeFundRules } from './funds';
import { moneyRejection as refuse, type MoneyRejection } from './rejections';
import { centsPerChipOf, paidForKey, tableDropKey, tableShiftKey, type BookState, type FundState } from './state';
import { requestProblem, validActor, validAmount, validId, validTime } from './validate';

export type MoneyDecision = Decision<MoneyEvent, MoneyRejection>;

/** Who may ask for each move, and who may confirm one (docs/money.md "Two people"). Frozen: the decider is pure. */
const MAY_ASK: Readonly<Record<MoneyRequest['kind'], readonly string[]>> = Object.freeze({
  SeedFund: Object.freeze(['floor']),
  PayBadBeat: Object.freeze(['floor', 'dealer']),
  PayHighHand: Object.freeze(['floor', 'dealer']),
  Fill: Object.freeze(['floor', 'dealer']),
  Credit: Object.freeze(['floor', 'dealer']),
  Count: Object.freeze(['count', 'floor']),
});
const MAY_CONFIRM: readonly string[] = Object.freeze(['floor', 'count']);
const MAY_RECORD_CASH: readonly string[] = Object.freeze(['dealer', 'floor']);
const MAY_COLLECT: readonly string[] = Object.freeze(['dealer', 'floor', 'service']);

/**
 * Decides a command against the book: events, or a refusal naming what is wrong. A money move is decided twice:
 * when asked for (so a request that could not be carried out is refused at once) and again when confirmed, against
 * the book as it is then (the fund may have paid out meanwhile).
 */
export function decideBook(command: MoneyCommand, state: BookState): MoneyDecision {
  if (!validTime(command.at)) return reject(refuse('INVALID_COMMAND', 'the command has no valid time (at, ISO-8601)', 'at'));
  if (!validActor(command.by)) return reject(refuse('INVALID_COMMAND', 'the command names nobody who sent it', 'by'));
  if (command.by.role === 'regulator') return reject(refuse('ROLE_MAY_NOT', 'a regulator reads the books and moves no money'));
  switch (command.type) {
    case 'OpenFund':
      return openFund(command, state);
    case 'CollectDrop':
      return collectDrop(command, state);
    case 'CollectTableDrop':
      return collectTableDrop(command, state);
    case 'SetChipValue':
      return setChipValue(command);
    case 'CashBuyIn':
    case 'ChipsFromCage':
      return tableCash(command, state);
    case 'RequestMoney':
      return requestMoney(command, state);
    case 'ConfirmRequest':
      return confirm(command, state);
    case 'DeclineRequest':
      return decline(command, state);
  }
}

function openFund(command: Extract<MoneyCommand, { type: 'OpenFund' }>, state: BookState): MoneyDecision {
  if (command.by.role !== 'floor') return reject(refuse('ROLE_MAY_NOT', 'only a floor supervisor opens a fund'));
  if (!validId(command.fundId)) return reject(refuse('INVALID_COMMAND', 'a fund id is 1-64 letters, digits or . _ : -', 'fundId'));
  if (state.funds[command.fundId]) return reject(refuse('FUND_EXISTS', `fund ${command.fundId} is already open`));
  const rules = normalizeFundRules(command.rules ?? ({} as never));
  const problem = fundRulesProblem(rules);
  if (problem) return reject(refuse('INVALID_COMMAND', problem, 'rules'));
  return accept([{ type: 'FundOpened', at: command.at, by: command.by, fundId: command.fundId, rules }]);
}

function collectDrop(command: Extract<MoneyCommand, { type: 'CollectDrop' }>, state: BookState): MoneyDecision {
  if (!MAY_COLLECT.includes(command.by.role)) return reject(refuse('ROLE_MAY_NOT', `a ${command.by.role} does not record drops`));
  const fund = state.funds[command.fundId];
  if (!fund) return reject(refuse('FUND_UNKNOWN', `there is no fund ${command.fundId}`, 'fundId'));
  if (!validId(command.tableId)) return reject(refuse('INVALID_COMMAND', 'a table id is 1-64 letters, digits or . _ : -', 'tableId'));
  if (!Number.isSafeInteger(command.handNumber) || command.handNumber < 1)
    return reject(refuse('INVALID_COMMAND', 'the hand number is a whole number from 1', 'handNumber'));
  if (!validAmount(command.amount)) return reject(refuse('INVALID_COMMAND', 'a drop is a whole number of cents, at least 1', 'amount'));
  const { at, by, fundId, tableId, handNumber, amount } = command;
  return accept([{ type: 'DropCollected', at, by, fundId, tableId, handNumber, amount, ...dropShares(amount, fund.rules.backupPercent) }]);
}

/**
 * A drop the table recorded (DropTaken), in chips: once per hand and fund (a second reader of the same log is told
 * ALREADY_COLLECTED and writes nothing), in cents at the table's chip value now. Only the service reading the logs.
 */
function collectTableDrop(command: Extract<MoneyCommand, { type: 'CollectTableDrop' }>, state: BookState): MoneyDecision {
  if (command.by.role !== 'service')
    return reject(refuse('ROLE_MAY_NOT', "a table's recorded drops are collected from its log, by the service"));
  const fund = state.funds[command.fundId];
  if (!fund) return reject(refuse('FUND_UNKNOWN', `there is no fund ${command.fundId}`, 'fundId'));
  if (!validId(command.tableId)) return reject(refuse('INVALID_COMMAND', 'a table id is 1-64 letters, digits or . _ : -', 'tableId'));
  if (!Number.isSafeInteger(command.handNumber) || command.handNumber < 1)
    return reject(refuse('INVALID_COMMAND', 'the hand number is a whole number from 1', 'handNumber'));
  const centsPerChip = centsPerChipOf(state, command.tableId);
  if (!validAmount(command.chips) || !validAmount(command.chips * centsPerChip))
    return reject(refuse('INVALID_COMMAND', 'a drop is a whole number of chips, at least 1', 'chips'));
  if (state.tableDrops.has(tableDropKey(command)))
    return reject(
      refuse('ALREADY_COLLECTED', `the drop of hand ${command.handNumber} at table ${command.tableId} is in fund ${fund.fundId} already`),
    );
  const { at, by, fundId, tableId, handNumber, chips } = command;
  const amount = chips * centsPerChip;
  return accept([
    {
      type: 'DropCollected',
      at,
      by,
      fundId,
      tableId,
      handNumber,
      amount,
      ...dropShares(amount, fund.rules.backupPercent),
      chips,
      centsPerChip,
    },
  ]);
}

function setChipValue(command: Extract<MoneyCommand, { type: 'SetChipValue' }>): MoneyDecision {
  if (command.by.role !== 'floor') return reject(refuse('ROLE_MAY_NOT', "only a floor supervisor records a table's chip value"));
  if (!validId(command.tableId)) return reject(refuse('INVALID_COMMAND', 'a table id is 1-64 letters, digits or . _ : -', 'tableId'));
  if (!Number.isSafeInteger(command.centsPerChip) || command.centsPerChip < 1 || command.centsPerChip > 10_000_000)
    return reject(refuse('INVALID_COMMAND', 'a chip is worth a whole number of cents, from 1 to 10,000,000', 'centsPerChip'));
  const { at, by, tableId, centsPerChip } = command;
  return accept([{ type: 'ChipValueSet', at, by, tableId, centsPerChip }]);
}

function tableCash(command: Extract<MoneyCommand, { type: 'CashBuyIn' | 'ChipsFromCage' }>, state: BookState): MoneyDecision {
  if (!MAY_RECORD_CASH.includes(command.by.role))
    return reject(refuse('ROLE_MAY_NOT', 'cash and chips at the table are recorded by its dealer or a floor supervisor'));
  for (const field of ['tableId', 'shiftId', 'playerId'] as const)
    if (!validId(command[field])) return reject(refuse('INVALID_COMMAND', `${field} is 1-64 letters, digits or . _ : -`, field));
  if (!validAmount(command.amount)) return reject(refuse('INVALID_COMMAND', 'an amount is a whole number of cents, at least 1', 'amount'));
  if (state.tables[tableShiftKey(command.tableId, command.shiftId)]?.count)
    return reject(refuse('SHIFT_COUNTED', `the drop box of table ${command.tableId} for shift ${command.shiftId} is counted already`));
  const { at, by, tableId, shiftId, playerId, amount } = command;
  const type = command.type === 'CashBuyIn' ? 'CashBoughtIn' : 'ChipsBroughtFromCage';
  return accept([{ type, at, by, tableId, shiftId, playerId, amount }]);
}

function requestMoney(command: Extract<MoneyCommand, { type: 'RequestMoney' }>, state: BookState): MoneyDecision {
  if (!validId(command.requestId)) return reject(refuse('INVALID_COMMAND', 'a request id is 1-64 letters, digits or . _ : -', 'requestId'));
  if (state.requestIds[command.requestId]) return reject(refuse('REQUEST_ID_TAKEN', `request ${command.requestId} exists already`));
  const problem = requestProblem(command.request);
  if (problem) return reject(refuse('INVALID_COMMAND', problem, 'request'));
  const kind = command.request.kind;
  if (!MAY_ASK[kind].includes(command.by.role))
    return reject(refuse('ROLE_MAY_NOT', `${kind} is asked for by ${MAY_ASK[kind].join(' or ')}, not a ${command.by.role}`));
  // Decided now as if confirmed, so what could not be carried out is refused before anyone is asked to sign it.
  const effect = carryOut(command.request, state, {
    at: command.at,
    by: command.by,
    requestId: command.requestId,
    requestedBy: command.by,
  });
  if (!effect.ok) return effect;
  return accept([{ type: 'MoneyRequested', at: command.at, by: command.by, requestId: command.requestId, request: command.request }]);
}

function confirm(command: Extract<MoneyCommand, { type: 'ConfirmRequest' }>, state: BookState): MoneyDecision {
  const pending = state.pending[command.requestId];
  if (!pending) return reject(refuse('REQUEST_UNKNOWN', `no request ${command.requestId} is waiting for a confirmation`, 'requestId'));
  if (!MAY_CONFIRM.includes(command.by.role))
    return reject(refuse('ROLE_MAY_NOT', 'a second floor supervisor or the count team confirms a money move'));
  if (command.by.id === pending.by.id)
    return reject(refuse('SAME_PERSON', 'the person who asked for a money move cannot confirm it: a second person must'));
  return carryOut(pending.request, state, { at: command.at, by: command.by, requestId: command.requestId, requestedBy: pending.by });
}

function decline(command: Extract<MoneyCommand, { type: 'DeclineRequest' }>, state: BookState): MoneyDecision {
  if (!state.pending[command.requestId])
    return reject(refuse('REQUEST_UNKNOWN', `no request ${command.requestId} is waiting for a confirmation`, 'requestId'));
  if (!MAY_CONFIRM.includes(command.by.role))
    return reject(refuse('ROLE_MAY_NOT', 'a floor supervisor or the count team declines a request'));
  if (typeof command.reason !== 'string' || command.reason.length < 1 || command.reason.length > 200)
    return reject(refuse('INVALID_COMMAND', 'say why the request is declined (1 to 200 characters)', 'reason'));
  return accept([{ type: 'RequestDeclined', at: command.at, by: command.by, requestId: command.requestId, reason: command.reason }]);
}

interface Signed {
  readonly at: string;
  readonly by: Actor;
  readonly requestId: string;
  readonly requestedBy: Actor;
}

/** The events a confirmed request records, against the book as it is. */
function carryOut(request: MoneyRequest, state: BookState, signed: Signed): MoneyDecision {
  switch (request.kind) {
    case 'SeedFund': {
      if (!state.funds[request.fundId]) return reject(refuse('FUND_UNKNOWN', `there is no fund ${request.fundId}`, 'fundId'));
      return accept([{ type: 'FundSeeded', ...signed, fundId: request.fundId, amount: request.amount, source: 'house' }]);
    }
    case 'PayBadBeat':
    case 'PayHighHand':
      return payJackpot(request, state, signed);
    case 'Fill':
    case 'Credit': {
      if (state.tables[tableShiftKey(request.tableId, request.shiftId)]?.count)
        return reject(refuse('SHIFT_COUNTED', `table ${request.tableId}'s shift ${request.shiftId} is counted already`));
      const type = request.kind === 'Fill' ? 'TrayFilled' : 'TrayCredited';
      return accept([{ type, ...signed, tableId: request.tableId, shiftId: request.shiftId, amount: request.amount }]);
    }
    case 'Count': {
      const expected = state.tables[tableShiftKey(request.tableId, request.shiftId)]?.cashBuyIns ?? 0;
      const variance = request.counted - expected;
      const reason = request.reason ?? null;
      if (variance !== 0 && reason === null)
        return reject(
          refuse(
            'VARIANCE_NEEDS_REASON',
            `the box holds ${request.counted} cents against ${expected} expected: say why they differ`,
            'reason',
          ),
        );
      return accept([
        {
          type: 'DropCounted',
          ...signed,
          tableId: request.tableId,
          shiftId: request.shiftId,
          expected,
          counted: request.counted,
          variance,
          reason,
        },
      ]);
    }
  }
}

function payJackpot(
  request: Extract<MoneyRequest, { kind: 'PayBadBeat' | 'PayHighHand' }>,
  state: BookState,
  signed: Signed,
): MoneyDecision {
  const fund = state.funds[request.fundId];
  if (!fund) return reject(refuse('FUND_UNKNOWN', `there is no fund ${request.fundId}`, 'fundId'));
  const wanted = request.kind === 'PayBadBeat' ? 'bad-beat' : 'high-hand';
  if (fund.rules.kind !== wanted)
    return reject(refuse('FUND_KIND_MISMATCH', `fund ${fund.fundId} is a ${fund.rules.kind} fund, not a ${wanted} one`));
  const hand =
    request.kind === 'PayBadBeat'
      ? { tableId: request.tableId, handNumber: request.handNumber, period: null }
      : { tableId: null, handNumber: null, period: request.period };
  if (fund.paidFor.includes(paidForKey(hand)))
    return reject(refuse('ALREADY_PAID', `fund ${fund.fundId} has paid for ${paidForKey(hand)} already`));
  const shares =
    request.kind === 'PayBadBeat'
      ? badBeatShares(fund.balance, fund.rules, request)
      : highHandShares(
          fund.balance,
          fund.rules,
          request.winners.map((w) => w.playerId),
        );
  const total = shares.reduce((sum, s) => sum + s.amount, 0);
  if (total === 0) return reject(refuse('NOTHING_TO_PAY', `fund ${fund.fundId} holds ${fund.balance} cents: nothing to pay`));
  if (total > fund.balance) return reject(refuse('FUND_SHORT', `fund ${fund.fundId} holds ${fund.balance} cents, less than ${total}`));
  const paid: MoneyEvent = { type: 'JackpotPaid', ...signed, fundId: fund.fundId, ...hand, total, shares };
  return accept([paid, ...reseed(fund, signed)]);
}

/** After a payout, the backup moves into the fund, where its rules say so. */
function reseed(fund: FundState, signed: Signed): MoneyEvent[] {
  if (!fund.rules.reseedFromBackup || fund.backup === 0) return [];
  return [{ type: 'FundSeeded', ...signed, fundId: fund.fundId, amount: fund.backup, source: 'backup' }];
}

/**
 * What confirming a pending request would record now, for the second person's screen (the split of a payout, a
 * count's variance): the events, or the refusal the confirmation would get. Decided as if by another supervisor.
 */
export function confirmationPreview(state: BookState, requestId: string, at: string): MoneyDecision {
  const pending = state.pending[requestId];
  if (!pending) return reject(refuse('REQUEST_UNKNOWN', `no request ${requestId} is waiting for a confirmation`, 'requestId'));
  return carryOut(pending.request, state, { at, by: { id: `not ${pending.by.id}`, role: 'floor' }, requestId, requestedBy: pending.by });
}
