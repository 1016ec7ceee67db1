import type { Actor, MoneyRequest } from './commands';

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** A table's cash is counted in cents; anything above this (a billion dollars) is a typing slip, not a buy-in. */
const MAX_AMOUNT = 100_000_000_000;

export function validId(id: unknown): id is string {
  return typeof id === 'string' && ID.test(id);
}

export function validTime(at: unknown): at is string {
  return typeof at === 'string' && ISO.test(at) && !Number.isNaN(Date.parse(at));
}

export function validActor(by: unknown): by is Actor {
  const actor = by as Actor | null;
  return (
    typeof actor === 'object' && actor !== null && typeof actor.id === 'string' && actor.id.length > 0 && typeof actor.role === 'string'
  );
}

/** A whole, positive number of cents. */
export function validAmount(amount: unknown): amount is number {
  return Number.isSafeInteger(amount) && (amount as number) >= 1 && (amount as number) <= MAX_AMOUNT;
}

function validText(text: unknown, max: number): boolean {
  return typeof text === 'string' && text.length >= 1 && text.length <= max;
}

/** What is wrong with a request's fields, in a sentence, or null (the book's state is checked by the decider). */
export function requestProblem(request: MoneyRequest): string | null {
  if (typeof request !== 'object' || request === null) return 'the request is missing';
  switch (request.kind) {
    case 'SeedFund':
      if (!validId(request.fundId)) return 'fundId is 1-64 letters, digits or . _ : -';
      if (!validAmount(request.amount)) return 'a seed is a whole number of cents, at least 1';
      return validText(request.note, 200) ? null : 'say where the seed comes from (note, 1 to 200 characters)';
    case 'PayBadBeat': {
      if (!validId(request.fundId) || !validId(request.tableId)) return 'fundId and tableId are 1-64 letters, digits or . _ : -';
      if (!Number.isSafeInteger(request.handNumber) || request.handNumber < 1) return 'the hand number is a whole number from 1';
      const players = [request.loser, request.winner, ...(Array.isArray(request.table) ? request.table : [null])];
      if (!players.every(validId)) return 'loser, winner and the table players are player ids';
      if (new Set(players).size !== players.length) return 'the loser, the winner and the table players are different people';
      return players.length > 12 ? 'a table has at most ten players dealt in' : null;
    }
    case 'PayHighHand': {
      if (!validId(request.fundId) || !validText(request.period, 40)) return 'fundId is an id and period is 1 to 40 characters';
      if (!validTime(request.from) || !validTime(request.to) || Date.parse(request.from) >= Date.parse(request.to))
        return 'the period runs from one ISO time (from) to a later one (to)';
      const winners = Array.isArray(request.winners) ? request.winners : [];
      if (winners.length === 0 || winners.length > 20) return 'a high hand has 1 to 20 winners (more than one on a tie)';
      if (!winners.every((w) => validId(w?.playerId) && validId(w?.tableId) && Number.isSafeInteger(w?.handNumber) && w.handNumber >= 1))
        return 'each winner is a playerId, a tableId and a handNumber';
      return new Set(winners.map((w) => w.playerId)).size === winners.length ? null : 'a player is paid once per period';
    }
    case 'Fill':
    case 'Credit':
    case 'Count': {
      if (!validId(request.tableId) || !validId(request.shiftId)) return 'tableId and shiftId are 1-64 letters, digits or . _ : -';
      if (request.kind !== 'Count') return validAmount(request.amount) ? null : 'an amount is a whole number of cents, at least 1';
      if (!Number.isSafeInteger(request.counted) || request.counted < 0 || request.counted > MAX_AMOUNT)
        return 'counted is a whole number of cents, 0 or more';
      return request.reason === undefined || validText(request.reason, 200) ? null : 'a reason is 1 to 200 characters';
    }
    default:
      return 'the request kind is one of SeedFund, PayBadBeat, PayHighHand, Fill, Credit, Count';
  }
}
