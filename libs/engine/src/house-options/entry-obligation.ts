/**
 * What a seat owes to be dealt in after missing blinds, under the house's missed-blind policy (missed-blinds.ts is
 * the rule module that keeps the debts). Apart from the module, with nothing but plain data, so that a screen
 * spelling out a seat's owed posts (the console) takes the engine's answer without the rest of the engine.
 */
import type { MissedBlindPolicy } from './missed-blind-policy';

export type { MissedBlindPolicy };

export const DEFAULT_MISSED_BLIND_POLICY: MissedBlindPolicy = Object.freeze({
  version: 1,
  missedSmallOnly: 'big-blind-live',
  missedBig: 'big-live-small-dead',
  allowEntryBetweenBlindsAndButton: false,
});

export function validateMissedBlindPolicy(policy: MissedBlindPolicy): { field: string; why: string } | null {
  if (policy.version !== 1) return { field: 'version', why: 'the missed-blind policy version is 1' };
  if (!['big-blind-live', 'small-blind-dead', 'wait-for-big-blind'].includes(policy.missedSmallOnly))
    return { field: 'missedSmallOnly', why: 'a missed small blind is made up as big-blind-live, small-blind-dead or wait-for-big-blind' };
  if (policy.missedBig !== 'big-live-small-dead')
    return { field: 'missedBig', why: 'a missed big blind is made up as big-live-small-dead' };
  if (typeof policy.allowEntryBetweenBlindsAndButton !== 'boolean')
    return { field: 'allowEntryBetweenBlindsAndButton', why: 'allowEntryBetweenBlindsAndButton is true or false' };
  return null;
}

/** What a seat owes to be dealt in: nothing, a list of posts, or it must wait for the big blind. */
export type EntryObligation =
  { readonly kind: 'none' } | { readonly kind: 'wait-for-big-blind' } | { readonly kind: 'posts'; readonly posts: readonly MakeUpPost[] };

export interface MakeUpPost {
  readonly kind: 'make-up-big' | 'make-up-small' | 'new-player';
  readonly amount: number;
  /** A live post counts toward the poster's call; a dead one goes to the pot only. */
  readonly live: boolean;
}

export interface SeatDebt {
  readonly missedSmall: boolean;
  readonly missedBig: boolean;
  /** A player who has not yet been dealt in at this table owes one big blind (or waits for it). */
  readonly isNew: boolean;
}

/** Shared: most seats owe nothing, and the planner asks for every seat before every hand. */
const OWES_NOTHING: EntryObligation = Object.freeze({ kind: 'none' });

export function entryObligation(debt: SeatDebt, policy: MissedBlindPolicy, smallBlind: number, bigBlind: number): EntryObligation {
  if (debt.missedBig) {
    return {
      kind: 'posts',
      posts: [
        { kind: 'make-up-big', amount: bigBlind, live: true },
        ...(smallBlind > 0 ? [{ kind: 'make-up-small' as const, amount: smallBlind, live: false }] : []),
      ],
    };
  }
  if (debt.missedSmall) {
    switch (policy.missedSmallOnly) {
      case 'big-blind-live':
        return { kind: 'posts', posts: [{ kind: 'make-up-small', amount: bigBlind, live: true }] };
      case 'small-blind-dead':
        return smallBlind > 0 ? { kind: 'posts', posts: [{ kind: 'make-up-small', amount: smallBlind, live: false }] } : { kind: 'none' };
      case 'wait-for-big-blind':
        return { kind: 'wait-for-big-blind' };
    }
  }
  if (debt.isNew) return { kind: 'posts', posts: [{ kind: 'new-player', amount: bigBlind, live: true }] };
  return OWES_NOTHING;
}
