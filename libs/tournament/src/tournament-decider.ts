import type { Decider } from '@felt/engine';
import type { TournamentCommand } from './commands';
import { decideTournament } from './decide';
import type { TournamentEvent } from './events';
import { evolveTournament } from './evolve';
import type { TournamentRejection } from './rejections';
import { INITIAL_TOURNAMENT_STATE, type TournamentState } from './state';

/** A tournament as a decider: one stream per tournament. */
export const tournamentDecider: Decider<TournamentCommand, TournamentState, TournamentEvent, TournamentRejection> = {
  initialState: INITIAL_TOURNAMENT_STATE,
  decide: decideTournament,
  evolve: evolveTournament,
};
