import { canonicalJson } from '@felt/event-store';
import type { HandRecord } from '@felt/projections';
import type { MoneyCommand, MoneyRequest } from './commands';
import { decideBook } from './decide';
import type { MoneyEvent } from './events';
import { evolveBook } from './evolve';
import { badBeatOf, highHandsOf } from './qualifying-hands';
import { INITIAL_BOOK_STATE, type BookState } from './state';

/** Something in a book's log that the book would not have recorded: the event's index and type, and why. */
export interface BookProblem {
  readonly index: number;
  readonly type: string;
  readonly problem: string;
}

/**
 * A regulator's replay of a book: every recorded decision is decided again from the command it came from
 * (`moneyCommandFor`) against the book before it, and must give the same events to the cent, so a payout nobody
 * asked for, one its asker confirmed, a changed amount or share, a drop whose backup share was skimmed, or a count
 * with a rewritten expected figure is a problem. With the tables' hand records, every payout's hand or period is
 * qualified again from them (the loser, winner and table, or the period's best hands).
 */
export function verifyBook(events: readonly MoneyEvent[], hands?: readonly HandRecord[]): BookProblem[] {
  const problems: BookProblem[] = [];
  let state: BookState = INITIAL_BOOK_STATE;
  let i = 0;
  while (i < events.length) {
    const event = events[i]!;
    const command = moneyCommandFor(event);
    const decision = command && decideBook(command, state);
    const width = decision?.ok ? decision.events.length : 1;
    const recorded = events.slice(i, i + width);
    if (!command) problems.push({ index: i, type: event.type, problem: 'recorded on its own, where only a payout records it' });
    else if (!decision!.ok) problems.push({ index: i, type: event.type, problem: `the book refuses it: ${decision!.rejection.code}` });
    // Compared as canonical JSON: the store gives the fields back in its own order.
    else if (canonicalJson(decision!.events) !== canonicalJson(recorded))
      problems.push({ index: i, type: event.type, problem: 'the book decides other events than those recorded' });
    const unqualified = event.type === 'MoneyRequested' && hands ? qualificationProblem(event.request, state, hands) : null;
    if (unqualified) problems.push({ index: i, type: event.type, problem: unqualified });
    for (const e of recorded) state = evolveBook(state, e);
    i += width;
  }
  return problems;
}

/** The command that recorded `event` first among its decision's events; null for the backup reseed after a payout. */
export function moneyCommandFor(event: MoneyEvent): MoneyCommand | null {
  const { at, by } = event;
  switch (event.type) {
    case 'FundOpened':
      return { type: 'OpenFund', at, by, fundId: event.fundId, rules: event.rules };
    case 'ChipValueSet':
      return { type: 'SetChipValue', at, by, tableId: event.tableId, centsPerChip: event.centsPerChip };
    case 'DropCollected':
      if (event.chips !== undefined)
        return {
          type: 'CollectTableDrop',
          at,
          by,
          fundId: event.fundId,
          tableId: event.tableId,
          handNumber: event.handNumber,
          chips: event.chips,
        };
      return {
        type: 'CollectDrop',
        at,
        by,
        fundId: event.fundId,
        tableId: event.tableId,
        handNumber: event.handNumber,
        amount: event.amount,
      };
    case 'CashBoughtIn':
    case 'ChipsBroughtFromCage': {
      const type = event.type === 'CashBoughtIn' ? 'CashBuyIn' : 'ChipsFromCage';
      return { type, at, by, tableId: event.tableId, shiftId: event.shiftId, playerId: event.playerId, amount: event.amount };
    }
    case 'MoneyRequested':
      return { type: 'RequestMoney', at, by, requestId: event.requestId, request: event.request };
    case 'RequestDeclined':
      return { type: 'DeclineRequest', at, by, requestId: event.requestId, reason: event.reason };
    case 'FundSeeded':
      return event.source === 'backup' ? null : { type: 'ConfirmRequest', at, by, requestId: event.requestId };
    case 'JackpotPaid':
    case 'TrayFilled':
    case 'TrayCredited':
    case 'DropCounted':
      return { type: 'ConfirmRequest', at, by, requestId: event.requestId };
  }
}

function qualificationProblem(request: MoneyRequest, state: BookState, hands: readonly HandRecord[]): string | null {
  const fund = 'fundId' in request ? state.funds[request.fundId] : undefined;
  if (!fund) return null;
  if (request.kind === 'PayBadBeat') {
    const hand = hands.find((h) => h.tableId === request.tableId && h.handNumber === request.handNumber);
    const beat = hand && badBeatOf(hand, fund.rules);
    const same =
      beat && beat.loser.playerId === request.loser && beat.winner.playerId === request.winner && sameIds(beat.table, request.table);
    return same ? null : `hand ${request.handNumber} of table ${request.tableId} is not the bad beat the payout names`;
  }
  if (request.kind === 'PayHighHand') {
    const best = highHandsOf(hands, request.from, request.to, fund.rules).map((b) => b.hand.playerId);
    const named = request.winners.map((w) => w.playerId);
    return sameIds([...new Set(best)], named)
      ? null
      : `the winners named are not the best hands shown from ${request.from} to ${request.to}`;
  }
  return null;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}
