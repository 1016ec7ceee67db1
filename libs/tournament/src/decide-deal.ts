import { accept, reject, type Decision } from '@felt/engine';
import type { TournamentCommand } from './commands';
import { DEAL_METHODS, dealAmounts } from './deals';
import type { TournamentEvent } from './events';
import { evolveTournament } from './evolve';
import { finish } from './hands';
import { placePrizes, prizePoolOf } from './payouts';
import { tournamentRejection as refuse, type TournamentRejection } from './rejections';
import { isAlive, registrationOpen, type TournamentState } from './state';

/** ICM weighs every finishing order (2^n subsets): a final table's worth of players, no more. */
const MAX_DEAL_PLAYERS = 10;

type Deal = Extract<TournamentCommand, { type: 'Deal' }>;

/**
 * A final-table deal (docs/tournaments.md "Deals"): every remaining player in the money, each one's consent,
 * registration closed. With nothing left to play for it ends the tournament; with `leaveToPlayFor` play goes on, the
 * shares are each player's prize whenever they bust, and the last player standing takes the amount left on top.
 */
export function decideDeal(command: Deal, state: TournamentState): Decision<TournamentEvent, TournamentRejection> {
  const structure = state.structure!;
  if (!DEAL_METHODS.includes(command.method)) return reject(refuse('INVALID_COMMAND', `a deal is ${DEAL_METHODS.join(' or ')}`, 'method'));
  const alive = state.entries.filter(isAlive);
  const prizes = placePrizes(structure, prizePoolOf(structure, state.buyIns).prizePool, state.buyIns.entries);
  const why = dealClosed(state, alive.length, prizes.length);
  if (why) return reject(refuse('DEAL_NOT_ALLOWED', why));
  const consents = new Set(command.consents);
  const missing = alive.filter((e) => !consents.has(e.entryId)).map((e) => e.entryId);
  if (missing.length > 0 || consents.size !== alive.length)
    return reject(
      refuse(
        'DEAL_NOT_ALLOWED',
        `every remaining player agrees to a deal, and only they: missing ${missing.join(', ') || 'none'}`,
        'consents',
      ),
    );
  const open = prizes.slice(0, alive.length).reduce((a, b) => a + b, 0);
  const left = command.leaveToPlayFor ?? 0;
  const wrong = leaveRefusal(command.leaveToPlayFor, open, structure.roundTo);
  if (wrong) return reject(wrong);
  // The deal's busts must not share a bust round with the busts before it (their places would mix with paid places).
  if (left > 0 && state.handForHand)
    return reject(refuse('DEAL_NOT_ALLOWED', 'hand-for-hand is on: end it before a deal that leaves an amount to play for'));
  const amounts = dealAmounts(
    command.method,
    alive.map((e) => e.chips),
    prizes,
    structure.roundTo,
    left,
  );
  const made: Extract<TournamentEvent, { type: 'DealMade' }> = {
    type: 'DealMade',
    at: command.at,
    method: command.method,
    consents: alive.map((e) => e.entryId),
    shares: alive.map((e, i) => ({ entryId: e.entryId, chips: e.chips, amount: amounts[i]! })),
    ...(left > 0 ? { leftToPlayFor: left } : {}),
  };
  return accept(left > 0 ? [made] : [made, finish(evolveTournament(state, made), command.at)]);
}

function dealClosed(state: TournamentState, alive: number, paid: number): string | null {
  if (state.status !== 'running' || registrationOpen(state)) return 'a deal waits for registration to close';
  if (state.deal) return `a deal was made at ${state.deal.at}; what it left is played for, and a second deal is not offered`;
  if (alive < 2 || alive > MAX_DEAL_PLAYERS) return `a deal is made by 2 to ${MAX_DEAL_PLAYERS} players (a final table)`;
  if (alive > paid) return `${alive} players are left and ${paid} places are paid: a deal is made in the money`;
  return null;
}

/**
 * The amount left to play for: a whole number of currency units above 0, below the open prizes (something is
 * shared), a multiple of ⚙ roundTo (so every prize stays rounded as the structure says).
 */
function leaveRefusal(leave: number | undefined, open: number, roundTo: number): TournamentRejection | null {
  if (leave === undefined) return null;
  if (!Number.isSafeInteger(leave) || leave < 1)
    return refuse('INVALID_COMMAND', 'the amount left to play for is a whole number of currency units, at least 1', 'leaveToPlayFor');
  if (leave >= open)
    return refuse(
      'DEAL_LEAVES_TOO_MUCH',
      `the open prizes are ${open}: a deal leaves less than that to play for, or shares nothing`,
      'leaveToPlayFor',
    );
  if (leave % roundTo !== 0)
    return refuse(
      'DEAL_AMOUNT_NOT_ROUNDED',
      `prizes are paid in multiples of ${roundTo}: leave a multiple of it to play for`,
      'leaveToPlayFor',
    );
  return null;
}
