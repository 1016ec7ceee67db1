import type { Decider, Decision } from '@felt/engine';
import type { ExclusionCommand } from './commands';
import type { ExclusionEntry, ExclusionEvent } from './events';
import { playerRejection, type PlayerRejection } from './rejections';

/** One exclusion list as its stream makes it: the entries in force and the lifts waiting for a second person. */
export interface ExclusionListState {
  readonly entries: ReadonlyMap<string, ExclusionEntry>;
  /** entryId → the floor supervisor who asked for it to be lifted. */
  readonly liftsAsked: ReadonlyMap<string, string>;
}

export const INITIAL_EXCLUSION_LIST: ExclusionListState = Object.freeze({ entries: new Map(), liftsAsked: new Map() });

type ExclusionDecision = Decision<ExclusionEvent, PlayerRejection>;
const no = (rejection: PlayerRejection): ExclusionDecision => ({ ok: false, rejection });

/**
 * An import adds the entries the list does not hold yet (an entry already there is left as it is; one lifted
 * earlier is listed again). It never removes one: an entry missing from a later file stays until two floor
 * supervisors lift it (RequestExclusionLift, then ApproveExclusionLift by someone else).
 */
export function decideExclusions(command: ExclusionCommand, state: ExclusionListState): ExclusionDecision {
  const { at } = command;
  switch (command.type) {
    case 'ImportExclusions': {
      const seen = new Set<string>();
      const added: ExclusionEntry[] = [];
      for (const entry of command.entries) {
        if (seen.has(entry.entryId)) return no(playerRejection('ENTRY_DUPLICATE', `The file lists entry ${entry.entryId} twice.`));
        seen.add(entry.entryId);
        if (entry.playerId === null && entry.matchKey === null)
          return no(
            playerRejection('ENTRY_WITHOUT_IDENTITY', `Entry ${entry.entryId} names nobody (no card number, no name and birth date).`),
          );
        if (!state.entries.has(entry.entryId)) added.push(entry);
      }
      return {
        ok: true,
        events: added.length === 0 ? [] : [{ type: 'ExclusionEntriesAdded', at, source: command.source, entries: added }],
      };
    }
    case 'RequestExclusionLift':
      if (!state.entries.has(command.entryId))
        return no(playerRejection('ENTRY_NOT_FOUND', `The list has no entry ${command.entryId} in force.`));
      if (state.liftsAsked.has(command.entryId))
        return no(
          playerRejection('LIFT_ALREADY_REQUESTED', `Lifting entry ${command.entryId} is already waiting for a second floor supervisor.`),
        );
      return { ok: true, events: [{ type: 'ExclusionLiftRequested', at, entryId: command.entryId, requestedBy: command.actor }] };
    case 'ApproveExclusionLift': {
      const requestedBy = state.liftsAsked.get(command.entryId);
      if (requestedBy === undefined)
        return no(
          playerRejection(
            'LIFT_NOT_REQUESTED',
            `Nobody has asked to lift entry ${command.entryId}; ask first, then another floor supervisor approves.`,
          ),
        );
      if (requestedBy === command.actor)
        return no(
          playerRejection('APPROVER_IS_REQUESTER', 'Another floor supervisor must approve lifting an exclusion you asked to lift.'),
        );
      return { ok: true, events: [{ type: 'ExclusionEntryLifted', at, entryId: command.entryId, requestedBy, approvedBy: command.actor }] };
    }
  }
}

export function evolveExclusions(state: ExclusionListState, event: ExclusionEvent): ExclusionListState {
  switch (event.type) {
    case 'ExclusionEntriesAdded': {
      const entries = new Map(state.entries);
      for (const e of event.entries) entries.set(e.entryId, e);
      return { entries, liftsAsked: state.liftsAsked };
    }
    case 'ExclusionLiftRequested':
      return { entries: state.entries, liftsAsked: new Map(state.liftsAsked).set(event.entryId, event.requestedBy) };
    case 'ExclusionEntryLifted': {
      const entries = new Map(state.entries);
      entries.delete(event.entryId);
      const liftsAsked = new Map(state.liftsAsked);
      liftsAsked.delete(event.entryId);
      return { entries, liftsAsked };
    }
  }
}

export const exclusionDecider: Decider<ExclusionCommand, ExclusionListState, ExclusionEvent, PlayerRejection> = {
  initialState: INITIAL_EXCLUSION_LIST,
  decide: decideExclusions,
  evolve: evolveExclusions,
};
