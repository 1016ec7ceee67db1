import { Rejection, rejection } from './rejections';
import { MissedBlindPolicy, DEFAULT_MISSED_BLIND_POLICY, validateMissedBlindPolicy } from '../house-options/missed-blinds';
import { normalizeHouseOptions, type HouseOptions, type HouseOptionsInput } from '../house-options/house-options';

/** The four betting structures of rules.md section 1. */
export type BettingStructure =
  | {
      readonly kind: 'no-limit';
      /** big-blind: one big blind on every street (today's rooms). lower-then-upper: the seeds' 10 then 20. */
      readonly minimumBet: 'big-blind' | 'lower-then-upper';
    }
  | { readonly kind: 'pot-limit' }
  | {
      readonly kind: 'fixed-limit';
      readonly smallBet: number;
      readonly bigBet: number;
      /** A bet and three raises (the big blind counts as the opening bet preflop). */
      readonly maxBetsPerRound: number;
      /** Cash games: raising is uncapped when the pot is heads-up before the cap is reached. */
      readonly headsUpUncapped: boolean;
    }
  | {
      readonly kind: 'spread-limit';
      readonly min: number;
      readonly max: number;
      /** An optional larger maximum on the river ("1-6, 10 on the end"). */
      readonly riverMax?: number;
      /** An optional limit on the number of raises per round. */
      readonly maxRaises?: number;
    };

export type StructureKind = BettingStructure['kind'];

export type AnteKind = 'none' | 'everyone' | 'big-blind' | 'button';

export interface TableRules {
  readonly variant: 'texas-holdem';
  readonly structure: BettingStructure;
  readonly smallBlind: number;
  readonly bigBlind: number;
  readonly ante: { readonly kind: AnteKind; readonly amount: number };
  readonly maxSeats: number;
  /** dead: the big blind moves one player each hand and button/small blind follow (TDA 32, default); moving: the button always moves to the next player. */
  readonly buttonMode: 'dead' | 'moving';
  readonly gameType: 'cash' | 'tournament';
  readonly buyIn: { readonly min: number; readonly max: number } | null;
  readonly missedBlinds: MissedBlindPolicy;
  /** Straddle, kill game, kill pot, chop and rake: each null when off. */
  readonly houseOptions: HouseOptions;
  /**
   * The cards are read electronically and the dealer's console shows every seat's hole cards during the hand
   * (docs/security.md). Off by default: a dealer runs a live table and never needs another player's face-down cards.
   * Recorded only when true, so the rules of tables that never set it stay as they were.
   */
  readonly dealerSeesHoleCards?: true;
}

/** What a client may send: everything but the stakes and the structure kind has a default. */
export interface TableRulesInput {
  readonly variant?: 'texas-holdem';
  readonly structure: Partial<BettingStructure> & { readonly kind: StructureKind };
  readonly smallBlind: number;
  readonly bigBlind: number;
  readonly ante?: { readonly kind: AnteKind; readonly amount: number };
  readonly maxSeats?: number;
  readonly buttonMode?: 'dead' | 'moving';
  readonly gameType?: 'cash' | 'tournament';
  readonly buyIn?: { readonly min: number; readonly max: number } | null;
  readonly missedBlinds?: Partial<MissedBlindPolicy>;
  readonly houseOptions?: HouseOptionsInput;
  /** Default false. */
  readonly dealerSeesHoleCards?: boolean;
}

export const MAX_SEATS = 10;

export function isChipAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function positive(value: unknown): value is number {
  return isChipAmount(value) && value > 0;
}

/** Fills defaults and checks that the rules make sense; the result is what TableOpened records. */
export function normalizeRules(input: TableRulesInput): { ok: true; rules: TableRules } | { ok: false; rejection: Rejection } {
  const bad = (field: string, why: string) => ({ ok: false as const, rejection: rejection('INVALID_RULES', `The table rules are invalid: ${why}.`, `rules.${field}`) });
  if (typeof input !== 'object' || input === null) return bad('', 'rules are missing');
  if (input.variant !== undefined && input.variant !== 'texas-holdem') return bad('variant', 'only texas-holdem is dealt');
  if (!positive(input.bigBlind)) return bad('bigBlind', 'the big blind must be a whole number of chips above zero');
  if (!isChipAmount(input.smallBlind) || input.smallBlind > input.bigBlind)
    return bad('smallBlind', 'the small blind must be a whole number of chips, at most the big blind');
  const maxSeats = input.maxSeats ?? 10;
  if (!Number.isInteger(maxSeats) || maxSeats < 2 || maxSeats > MAX_SEATS) return bad('maxSeats', 'a table has 2 to 10 seats');
  const ante = input.ante ?? { kind: 'none', amount: 0 };
  if (!['none', 'everyone', 'big-blind', 'button'].includes(ante.kind)) return bad('ante.kind', 'the ante is none, everyone, big-blind or button');
  if (!isChipAmount(ante.amount) || (ante.kind !== 'none' && ante.amount === 0))
    return bad('ante.amount', 'an ante must be a whole number of chips above zero');
  const buttonMode = input.buttonMode ?? 'dead';
  if (buttonMode !== 'dead' && buttonMode !== 'moving') return bad('buttonMode', 'the button is dead or moving');
  const gameType = input.gameType ?? 'cash';
  if (gameType !== 'cash' && gameType !== 'tournament') return bad('gameType', 'the game is cash or tournament');
  const buyIn = input.buyIn ?? null;
  if (buyIn !== null && (!positive(buyIn.min) || !positive(buyIn.max) || buyIn.min > buyIn.max))
    return bad('buyIn', 'the buy-in range needs a minimum and a maximum above zero, minimum first');

  const dealerSeesHoleCards = input.dealerSeesHoleCards ?? false;
  if (typeof dealerSeesHoleCards !== 'boolean') return bad('dealerSeesHoleCards', 'dealerSeesHoleCards is true or false');

  const structure = normalizeStructure(input.structure, input.bigBlind, gameType);
  if ('why' in structure) return bad(structure.field, structure.why);

  const missedBlinds = { ...DEFAULT_MISSED_BLIND_POLICY, ...(input.missedBlinds ?? {}) };
  const missedProblem = validateMissedBlindPolicy(missedBlinds);
  if (missedProblem) return bad(`missedBlinds.${missedProblem.field}`, missedProblem.why);

  const house = normalizeHouseOptions(input.houseOptions, { structure: structure.structure.kind, tournament: gameType === 'tournament', smallBlind: input.smallBlind });
  if (!house.ok) return bad(`houseOptions${house.field ? '.' + house.field : ''}`, house.why);

  return {
    ok: true,
    rules: {
      variant: 'texas-holdem',
      structure: structure.structure,
      smallBlind: input.smallBlind,
      bigBlind: input.bigBlind,
      ante: { kind: ante.kind, amount: ante.kind === 'none' ? 0 : ante.amount },
      maxSeats,
      buttonMode,
      gameType,
      buyIn,
      missedBlinds,
      houseOptions: house.options,
      ...(dealerSeesHoleCards ? { dealerSeesHoleCards: true as const } : {}),
    },
  };
}

function normalizeStructure(
  input: Partial<BettingStructure> & { kind: StructureKind },
  bigBlind: number,
  gameType: 'cash' | 'tournament',
): { structure: BettingStructure } | { field: string; why: string } {
  if (typeof input !== 'object' || input === null) return { field: 'structure', why: 'the betting structure is missing' };
  switch (input.kind) {
    case 'no-limit': {
      const s = input as Partial<Extract<BettingStructure, { kind: 'no-limit' }>>;
      const minimumBet = s.minimumBet ?? 'big-blind';
      if (minimumBet !== 'big-blind' && minimumBet !== 'lower-then-upper')
        return { field: 'structure.minimumBet', why: 'the no-limit minimum bet is big-blind or lower-then-upper' };
      return { structure: { kind: 'no-limit', minimumBet } };
    }
    case 'pot-limit':
      return { structure: { kind: 'pot-limit' } };
    case 'fixed-limit': {
      const s = input as Partial<Extract<BettingStructure, { kind: 'fixed-limit' }>>;
      const smallBet = s.smallBet ?? bigBlind;
      const bigBet = s.bigBet ?? smallBet * 2;
      if (!positive(smallBet)) return { field: 'structure.smallBet', why: 'the small bet must be above zero' };
      if (!positive(bigBet) || bigBet < smallBet) return { field: 'structure.bigBet', why: 'the big bet must be at least the small bet' };
      const maxBetsPerRound = s.maxBetsPerRound ?? 4;
      if (!Number.isInteger(maxBetsPerRound) || maxBetsPerRound < 2 || maxBetsPerRound > 10)
        return { field: 'structure.maxBetsPerRound', why: 'a round allows 2 to 10 bets' };
      const headsUpUncapped = s.headsUpUncapped ?? gameType === 'cash';
      if (typeof headsUpUncapped !== 'boolean') return { field: 'structure.headsUpUncapped', why: 'headsUpUncapped is true or false' };
      return { structure: { kind: 'fixed-limit', smallBet, bigBet, maxBetsPerRound, headsUpUncapped } };
    }
    case 'spread-limit': {
      const s = input as Partial<Extract<BettingStructure, { kind: 'spread-limit' }>>;
      const min = s.min ?? bigBlind;
      if (!positive(min)) return { field: 'structure.min', why: 'the spread minimum must be above zero' };
      if (!positive(s.max) || s.max < min) return { field: 'structure.max', why: 'the spread maximum must be at least the minimum' };
      if (s.riverMax !== undefined && (!positive(s.riverMax) || s.riverMax < s.max))
        return { field: 'structure.riverMax', why: 'the river maximum must be at least the maximum' };
      if (s.maxRaises !== undefined && (!Number.isInteger(s.maxRaises) || s.maxRaises < 1))
        return { field: 'structure.maxRaises', why: 'the raise limit must be a whole number above zero' };
      return {
        structure: {
          kind: 'spread-limit',
          min,
          max: s.max,
          ...(s.riverMax !== undefined ? { riverMax: s.riverMax } : {}),
          ...(s.maxRaises !== undefined ? { maxRaises: s.maxRaises } : {}),
        },
      };
    }
    default:
      return { field: 'structure.kind', why: 'the structure is no-limit, pot-limit, fixed-limit or spread-limit' };
  }
}
