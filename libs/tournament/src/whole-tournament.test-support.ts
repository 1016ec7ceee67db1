import { openSeats } from './balancing';
import { seatedAt } from './state';
import type { TournamentCommand } from './commands';
import type { TournamentEvent } from './events';
import { tournamentDecider } from './tournament-decider';
import { DAILY, identity, mulberry32, randomHand, T } from './tournament.test-support';

/** The player numbered `p` (1 to 31): p1, p2, ... with aliases P1, P2, ... unless a test names them. */
export type PlayerNamer = (p: number) => { readonly playerId: string; readonly alias: string };

/**
 * A whole tournament through the decider that records every kind of tournament event (30 entries on 4 tables).
 * Its tournament id is `tournamentId`, its players are `players(1)` .. `players(31)`.
 */
export function wholeTournament(
  players: PlayerNamer = (p) => ({ playerId: `p${p}`, alias: `P${p}` }),
  tournamentId = 'contract',
): TournamentEvent[] {
  const next = mulberry32(36);
  let state = tournamentDecider.initialState;
  const events: TournamentEvent[] = [];
  const attempt = (command: TournamentCommand): boolean => {
    const decision = tournamentDecider.decide(command, state);
    if (!decision.ok) return false;
    for (const e of decision.events) state = tournamentDecider.evolve(state, e);
    events.push(...decision.events);
    return true;
  };
  const must = (command: TournamentCommand) => {
    if (!attempt(command)) throw new Error(`${command.type} refused: ${JSON.stringify(tournamentDecider.decide(command, state))}`);
  };
  const keys = () => Array.from({ length: 10 }, () => next());
  const seated = () => state.entries.filter((e) => e.status === 'seated');
  const hand = (minute: number) => {
    const waiting = state.handForHand?.reported ?? [];
    const tables = state.tables.filter((t) => !t.broken && !waiting.includes(t.tableId) && seatedAt(state, t.tableId).length > 1);
    const table = tables[next() % tables.length]!;
    const players = seatedAt(state, table.tableId);
    must({
      type: 'RecordHand',
      at: T(minute),
      tableId: table.tableId,
      button: players[0]!.seat!.seat,
      stacks: randomHand(players, next),
      keys: keys(),
    });
  };

  must({ type: 'CreateTournament', at: T(0), tournamentId, structure: DAILY });
  for (const t of ['t1', 't2', 't3', 't4']) must({ type: 'AddTable', at: T(0), tableId: t });
  for (let p = 1; p <= 31; p++) must({ type: 'Register', at: T(1), ...players(p) });
  must({ type: 'Unregister', at: T(1), entryId: `${players(31).playerId}#1` });
  must({ type: 'DrawSeats', at: T(2), permutation: identity(30) });
  must({ type: 'StartClock', at: T(2) });
  must({ type: 'PauseClock', at: T(3) });
  must({ type: 'ResumeClock', at: T(4) });
  must({ type: 'AddTime', at: T(4), seconds: 60 });
  must({ type: 'Rebuy', at: T(4), entryId: `${players(1).playerId}#1` });
  for (let h = 0; h < 40 && !state.entries.some((e) => e.status === 'busted'); h++) hand(5);
  const busted = state.entries.find((e) => e.status === 'busted')!;
  must({ type: 'ReEnter', at: T(5), playerId: busted.playerId, keys: keys() });
  must({ type: 'AdvanceLevel', at: T(6), fromStep: 0, early: true });
  must({ type: 'AdvanceLevel', at: T(7), fromStep: 1, early: true });
  must({ type: 'ColourUp', at: T(8), odd: [{ entryId: seated()[0]!.entryId, chips: 1 }], keys: [5] });
  must({ type: 'AddOn', at: T(8), entryId: seated()[0]!.entryId });
  must({ type: 'AdvanceLevel', at: T(9), fromStep: 2, early: true });
  for (let h = 0; h < 3000 && seated().length > 3; h++) {
    const move = state.moves[0];
    const other = move && state.tables.find((t) => t.tableId === move.to.tableId)!;
    const open = other ? openSeats(state, other) : [];
    if (move && open.length > 0 && !events.some((e) => e.type === 'MoveOverridden'))
      must({
        type: 'OverrideMove',
        at: T(10),
        entryId: move.entryId,
        to: { tableId: move.to.tableId, seat: open[0]! },
        reason: 'by the window',
      });
    if (seated().length <= 8 && !state.handForHand && !events.some((e) => e.type === 'HandForHandEnded'))
      must({ type: 'HandForHand', at: T(10), on: true });
    if (seated().length <= 5 && state.handForHand) must({ type: 'HandForHand', at: T(10), on: false });
    hand(10);
  }
  must({ type: 'Deal', at: T(11), method: 'icm', consents: seated().map((e) => e.entryId) });
  return events;
}
