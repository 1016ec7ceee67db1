import { expectStatus } from './table-setup';
import type { TestApi } from './test-api';

/** A small tournament on engine tables of six: 20-minute levels, big-blind antes from the second. */
export const ENGINE_STRUCTURE = {
  name: 'Engine $55',
  startingStack: 1000,
  seatsPerTable: 6,
  levels: [
    { kind: 'level', smallBlind: 10, bigBlind: 20, minutes: 20 },
    { kind: 'level', smallBlind: 25, bigBlind: 50, ante: 50, bigBlindAnte: true, minutes: 20 },
    { kind: 'level', smallBlind: 50, bigBlind: 100, ante: 100, bigBlindAnte: true, minutes: 20 },
    { kind: 'level', smallBlind: 100, bigBlind: 200, ante: 200, bigBlindAnte: true, minutes: 20 },
  ],
  lateRegistrationLevel: 1,
  entry: { prizePool: 50, houseFee: 5, staffFee: 0 },
  payouts: [
    { minEntries: 1, places: [10000] },
    { minEntries: 10, places: [5000, 3000, 2000] },
  ],
};

/** A table as GET /tables/:id shows it (the fields the tournament specs read). */
export interface TableView {
  version: number;
  status: string;
  handsPlayed: number;
  toAct: number | null;
  rules: { smallBlind: number; bigBlind: number; ante: { kind: string; amount: number }; gameType: string; buttonMode: string };
  seats: { seat: number; playerId: string; stack: number }[];
  legalActions: { type: string; seat: number | null; blind?: string; max?: number }[];
}

/** A tournament as the floor's GET /tournaments/:id shows it (the fields the tournament specs read). */
export interface FloorView {
  status: string;
  entryList: { entryId: string; status: string; chips: number; seat: { tableId: string; seat: number } | null }[];
  tables: { tableId: string; broken: boolean }[];
  chipsInPlay: number;
  results: { entryId: string; place: number; prize: number }[] | null;
}

/** One random player's move: blinds posted, all-in a third of the time (never when `passive`), else call or check, sometimes fold. */
export function moveOf(view: TableView, next: () => number, passive = false): object | null {
  const post = view.legalActions.find((a) => a.type === 'PostBlind');
  if (post) return { type: 'PostBlind', seat: post.seat, blind: post.blind };
  const deal = view.legalActions.find((a) => a.type === 'Deal' || a.type === 'ShowHand');
  if (deal) return { type: deal.type, ...(deal.seat === null ? {} : { seat: deal.seat }) };
  const mine = view.legalActions.filter((a) => a.seat === view.toAct);
  const of = (type: string) => mine.find((a) => a.type === type);
  const roll = next() % 10;
  const raise = of('Raise') ?? of('Bet');
  if (raise && roll < 3 && !passive)
    return raise.type === 'Raise'
      ? { type: 'Raise', seat: raise.seat, to: raise.max }
      : { type: 'Bet', seat: raise.seat, amount: raise.max };
  if (of('Check')) return { type: 'Check', seat: view.toAct };
  if (of('Call') && roll < 8) return { type: 'Call', seat: view.toAct };
  return of('Fold') ? { type: 'Fold', seat: view.toAct } : null;
}

/** Tournament tables played through HTTP by random players (`api`: the spec's API, once started). */
export function tournamentTablePlay(api: () => TestApi) {
  const table = async (tableId: string): Promise<TableView> => (await api().http.get(`/tables/${tableId}`).expect(200)).body;
  const send = async (tableId: string, body: object, key?: string): Promise<TableView> => {
    const request = api().http.post(`/tables/${tableId}/commands`);
    return (await expectStatus((key === undefined ? request : request.set('Idempotency-Key', key)).send(body), 201)).body.table;
  };

  /** One hand dealt and played to its end (`keys`: each command sent with an Idempotency-Key starting so). */
  async function playHand(
    tableId: string,
    next: () => number,
    midHand?: () => Promise<void>,
    passive = false,
    keys?: string,
  ): Promise<{ view: TableView; last: { body: object; key?: string } }> {
    let view = await send(tableId, { type: 'StartHand' }, keys && `${keys}-start`);
    let last: { body: object; key?: string } = { body: { type: 'StartHand' } };
    if (midHand) await midHand();
    for (let step = 0; step < 200 && view.legalActions.length > 0; step++) {
      const move = moveOf(view, next, passive);
      if (!move) throw new Error(`no move at ${tableId}: ${JSON.stringify(view.legalActions)}`);
      last = keys === undefined ? { body: move } : { body: move, key: `${keys}-${step}` };
      view = await send(tableId, move, last.key);
    }
    return { view, last };
  }

  /** Between hands every chip of the tournament sits in front of a player at one of its tables, none more. */
  async function expectChipsAtTables(state: FloorView): Promise<void> {
    // Each table read once (nothing is sent in between): its seats serve the total and every entry seated there.
    const views = new Map<string, TableView>();
    for (const t of state.tables.filter((x) => !x.broken)) views.set(t.tableId, await table(t.tableId));
    const atTables = [...views.values()].reduce((n, view) => n + view.seats.reduce((m, s) => m + s.stack, 0), 0);
    expect(atTables).toBe(state.chipsInPlay);
    for (const e of state.entryList.filter((x) => x.status === 'seated')) {
      const seated = (views.get(e.seat!.tableId) ?? (await table(e.seat!.tableId))).seats.find((s) => s.seat === e.seat!.seat);
      expect([e.entryId, seated?.stack]).toEqual([e.entryId, e.chips]);
    }
  }

  /** A tournament on engine tables, its players registered and drawn to their seats, the clock running. */
  async function startTournament(tournamentId: string, structure: object, tableIds: readonly string[], entries: number): Promise<void> {
    const cmd = (body: object) => expectStatus(api().http.post(`/tournaments/${tournamentId}/commands`).send(body), 201);
    await expectStatus(api().http.post('/tournaments').send({ tournamentId, structure }), 201);
    for (const tableId of tableIds) await cmd({ type: 'AddTable', tableId });
    for (let p = 1; p <= entries; p++) await cmd({ type: 'Register', playerId: `card-${p}`, alias: `P${p}` });
    await cmd({ type: 'DrawSeats' });
    await cmd({ type: 'StartClock' });
  }

  return { table, send, playHand, expectChipsAtTables, startTournament };
}

/** The tables still playing with two players or more (a hand may be dealt there). */
export function playableTables(state: FloorView): FloorView['tables'] {
  return state.tables.filter(
    (t) => !t.broken && state.entryList.filter((e) => e.status === 'seated' && e.seat?.tableId === t.tableId).length >= 2,
  );
}
