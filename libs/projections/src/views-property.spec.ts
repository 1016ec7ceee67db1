import fc from 'fast-check';
import { mulberry32, randomLegalCommand, standingActions, type HandState, type TableEvent, type TableRulesInput } from '@felt/engine';

/** A hand without its sealed deck, in the correction chain too (the hands before each action hold it as well). */
function withoutDeck(hand: HandState): HandState {
  const chain = hand.lastAction === null ? null : { action: hand.lastAction.action, before: withoutDeck(hand.lastAction.before) };
  return { ...hand, deck: [], seal: null, lastAction: chain };
}
import type { RecordedEvent } from '@felt/event-store';
import { project, type Projection } from './projection';
import { tableViews, tableRowOf } from './table-view';
import { tableViewFor } from './table-view-for';
import { handHistory } from './hand-history';
import { sessionLedger, ledgerDiscrepancy, sessionNet } from './session-ledger';
import { lobby } from './lobby';
import { RecordedLog } from './recorded-log.test-support';
import { expectToBe, expectToEqual } from '../../../test/loop-assertions';

/**
 * Random multi-table sessions (random legal play, sit-outs, rebuys, players leaving and new ones sitting down,
 * rake on some tables): every view equals a fold computed directly from the events, rebuilding from zero equals
 * incremental evolution (with the view stored and reloaded as JSON on the way), and every table's ledger balances.
 */
const tableArb = fc.record({
  structure: fc.constantFrom('no-limit', 'pot-limit', 'fixed-limit') as fc.Arbitrary<'no-limit' | 'pot-limit' | 'fixed-limit'>,
  bigBlind: fc.integer({ min: 2, max: 20 }),
  players: fc.integer({ min: 2, max: 6 }),
  maxSeats: fc.integer({ min: 6, max: 9 }),
  rake: fc.boolean(),
});
const sessionArb = fc.record({
  tables: fc.array(tableArb, { minLength: 2, maxLength: 4 }),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
  steps: fc.integer({ min: 150, max: 500 }),
});

type TableSpec = typeof tableArb extends fc.Arbitrary<infer T> ? T : never;
type Session = { log: RecordedLog; ids: string[]; leftMidHand: number };
/** Corrections the random sessions made, over the whole property run. */
let corrections = 0;

function playSession(tables: TableSpec[], seed: number, steps: number): Session {
  const random = mulberry32(seed);
  const log = new RecordedLog();
  const ids = tables.map((_, i) => `t${i + 1}`);
  let nextPlayer = 1;
  let leftMidHand = 0;
  const buyIn = (bb: number) => bb * (20 + Math.floor(random() * 100));
  tables.forEach((t, i) => {
    const rules: TableRulesInput = {
      structure:
        t.structure === 'fixed-limit' ? { kind: 'fixed-limit', smallBet: t.bigBlind, bigBet: t.bigBlind * 2 } : { kind: t.structure },
      smallBlind: Math.floor(t.bigBlind / 2),
      bigBlind: t.bigBlind,
      maxSeats: t.maxSeats,
      houseOptions: t.rake ? { rake: { percent: 5, cap: 3 } } : undefined,
    };
    log.run(ids[i], { type: 'OpenTable', tableId: ids[i], rules });
    for (let s = 1; s <= t.players; s++)
      log.run(ids[i], { type: 'SeatPlayer', seat: s, playerId: `p${nextPlayer++}`, buyIn: buyIn(t.bigBlind), postToEnter: random() < 0.5 });
    log.run(ids[i], { type: 'DrawForButton', seed: Math.floor(random() * 2 ** 32) });
  });
  for (let step = 0; step < steps; step++) {
    // Tables interleave in the global log, as they do in the store.
    const i = Math.floor(random() * ids.length);
    const id = ids[i];
    const bb = tables[i].bigBlind;
    const state = log.state(id);
    if (state.hand && state.hand.phase !== 'complete') {
      // Now and then a player who folded gets up mid-hand.
      const folded = state.hand.players.find((p) => p.folded && state.seats[p.seat - 1]?.playerId === p.playerId);
      if (folded && random() < 0.05 && log.tryRun(id, { type: 'LeaveTable', seat: folded.seat })) {
        leftMidHand++;
        continue;
      }
      // Now and then the floor takes back a mis-keyed action (refused past seen cards: then the hand goes on).
      const standing = standingActions(state.hand).length;
      if (
        standing > 0 &&
        random() < 0.03 &&
        log.tryRun(id, { type: 'CorrectAction', action: 1 + Math.floor(random() * standing), reason: 'mis-keyed' })
      ) {
        corrections++;
        continue;
      }
      const command = randomLegalCommand(state, random);
      if (command === null) throw new Error(`${id}: nothing legal in phase ${state.hand.phase}`);
      log.run(id, command, 'player');
      continue;
    }
    // Between hands: sit-outs and returns, rebuys, leaving, newcomers, then the next hand.
    for (const seat of state.seats) {
      if (!seat) continue;
      const r = random();
      if (r < 0.04) log.run(id, { type: 'LeaveTable', seat: seat.seat });
      else if (!seat.sittingOut && r < 0.1) log.run(id, { type: 'SitOut', seat: seat.seat });
      else if (seat.sittingOut && r < 0.5) log.run(id, { type: 'SitIn', seat: seat.seat, waitForBigBlind: random() < 0.3 });
      else if (seat.stack === 0 || r > 0.97) log.run(id, { type: 'AddChips', seat: seat.seat, amount: buyIn(bb) });
    }
    const free = log.state(id).seats.findIndex((s) => s === null);
    const mover = log.state(id).seats.find((s) => s !== null);
    if (free >= 0 && mover && random() < 0.05)
      log.run(id, { type: 'ChangeSeat', from: mover.seat, to: free + 1, postToEnter: random() < 0.5 });
    const empty = log.state(id).seats.findIndex((s) => s === null);
    if (empty >= 0 && random() < 0.15)
      log.run(id, { type: 'SeatPlayer', seat: empty + 1, playerId: `p${nextPlayer++}`, buyIn: buyIn(bb), postToEnter: random() < 0.5 });
    if (!log.tryRun(id, { type: 'StartHand', seed: Math.floor(random() * 2 ** 32) })) {
      for (const seat of log.state(id).seats) if (seat?.sittingOut) log.run(id, { type: 'SitIn', seat: seat.seat });
      if (log.state(id).seats.filter((s) => s !== null).length < 2) {
        const free = log.state(id).seats.findIndex((s) => s === null);
        log.run(id, { type: 'SeatPlayer', seat: free + 1, playerId: `p${nextPlayer++}`, buyIn: buyIn(bb), postToEnter: true });
      }
    }
  }
  return { log, ids, leftMidHand };
}

const tableEvent = (e: RecordedEvent) => ({ ...(e.data as object), type: e.type }) as TableEvent;

/** Incremental evolution as a runner does it: one event at a time, the view stored as JSON and read back now and then. */
function incrementally<V>(projection: Projection<V>, events: readonly RecordedEvent[], random: () => number): V {
  let view = projection.initial;
  for (const e of events) {
    view = projection.evolve(view, e);
    if (random() < 0.02) view = JSON.parse(JSON.stringify(view)) as V;
  }
  return view;
}

/** What the hand history must say, computed straight from the events of each table's stream. */
function handsFromEvents(events: readonly RecordedEvent[], tableId: string) {
  const hands: {
    handNumber: number;
    actions: number;
    paid: number;
    rake: number;
    final: Record<number, number> | null;
    startedAt: string;
    endedAt: string;
  }[] = [];
  let current: (typeof hands)[number] | null = null;
  const actionTypes = [
    'BlindPosted',
    'KillPotPosted',
    'PlayerFolded',
    'PlayerChecked',
    'PlayerCalled',
    'BetPlaced',
    'RaisePlaced',
    'UncalledBetReturned',
    'HandShown',
    'HandMucked',
    'ActionCorrected',
  ];
  for (const r of events) {
    if (r.streamId !== `table-${tableId}`) continue;
    const e = tableEvent(r);
    if (e.type === 'HandStarted')
      current = { handNumber: e.handNumber, actions: 0, paid: 0, rake: 0, final: null, startedAt: r.recordedAt, endedAt: '' };
    if (!current) continue;
    if (actionTypes.includes(e.type)) current.actions++;
    if (e.type === 'BlindsChopped') {
      current.actions += e.returned.length;
      current.rake += e.fee;
    }
    if (e.type === 'RakeTaken') current.rake += e.amount;
    if (e.type === 'PotAwarded') current.paid += e.amount;
    if (e.type === 'HandEnded' || e.type === 'HandVoided') {
      current.final = e.type === 'HandEnded' ? Object.fromEntries(e.stacks.map((s) => [s.seat, s.stack])) : null;
      current.endedAt = r.recordedAt;
      hands.push(current);
      current = null;
    }
  }
  return hands;
}

describe('views over random multi-table sessions (property)', () => {
  it('equal a direct fold of the events, rebuild from zero to the incremental view, and balance the ledger', () => {
    let hands = 0;
    let raked = 0;
    let leftMidHand = 0;
    const seen = new Set<string>();
    fc.assert(
      fc.property(sessionArb, ({ tables, seed, steps }) => {
        const { log, ids, leftMidHand: left } = playSession(tables, seed, steps);
        leftMidHand += left;
        const events = log.events;
        for (const e of events) seen.add(e.type);
        const random = mulberry32(seed ^ 0x5eed);

        // Rebuilding from position zero equals incremental evolution with stored-and-reloaded views.
        const views = {
          table: project(tableViews, events),
          hands: project(handHistory, events),
          ledger: project(sessionLedger, events),
          lobby: project(lobby, events),
        };
        expectToEqual(incrementally(tableViews, events, random), views.table);
        expectToEqual(incrementally(handHistory, events, random), views.hands);
        expectToEqual(incrementally(sessionLedger, events, random), views.ledger);
        expectToEqual(incrementally(lobby, events, random), views.lobby);
        // Folding a prefix, then the rest, is the same as folding everything.
        const cut = Math.floor(random() * events.length);
        expectToEqual(project(sessionLedger, events.slice(cut), project(sessionLedger, events.slice(0, cut))), views.ledger);

        for (const id of ids) {
          const state = log.state(id);
          const streamEvents = events.filter((e) => e.streamId === `table-${id}`);
          // Table view: the engine's own fold of the stream, and the row derived from it.
          const table = views.table.tables[id];
          expectToBe(table.version, streamEvents.length);
          // ... but for the sealed deck, which no view reads.
          expectToEqual(table.engine, state.hand ? { ...state, hand: withoutDeck(state.hand) } : state);
          expectToEqual(table.row, tableRowOf(state, id));

          // Hand history: one record per hand with the actions, payouts, rake, final stacks and times of its events.
          const expected = handsFromEvents(events, id);
          const records = views.hands.hands[id] ?? [];
          expectToEqual(
            records.map((h) => h.handNumber),
            expected.map((h) => h.handNumber),
          );
          records.forEach((h, k) => {
            expectToBe(h.actions.length, expected[k].actions);
            expectToBe(
              h.pots.reduce((n, p) => n + p.amount, 0),
              expected[k].paid,
            );
            expectToBe(h.rake, expected[k].rake);
            expectToEqual([h.startedAt, h.endedAt], [expected[k].startedAt, expected[k].endedAt]);
            if (expected[k].final) expectToEqual(Object.fromEntries(h.players.map((p) => [p.seat, p.finalStack])), expected[k].final);
          });
          hands += records.length;

          // Ledger: totals straight from the events, the open sessions' stacks, the rake, and the balance.
          const ledger = views.ledger.tables[id];
          const sum = (type: string, field: string) =>
            streamEvents.filter((e) => e.type === type).reduce((n, e) => n + (e.data as Record<string, number>)[field], 0);
          expectToBe(
            ledger.sessions.reduce((n, s) => n + s.buyIn, 0),
            sum('PlayerSeated', 'buyIn'),
          );
          expectToBe(
            ledger.sessions.reduce((n, s) => n + s.addOns.reduce((m, a) => m + a.amount, 0), 0),
            sum('ChipsAdded', 'amount'),
          );
          expectToBe(
            ledger.sessions.reduce((n, s) => n + (s.cashOut ?? 0), 0),
            sum('PlayerLeft', 'cashOut'),
          );
          expectToBe(ledger.rake, state.rakeCollected);
          expectToBe(ledgerDiscrepancy(views.ledger, id, table.row.chipsOnTable), 0);
          // Every session's result is the sum of its hands.
          for (const s of ledger.sessions)
            if (s.playing === null)
              expectToBe(
                sessionNet(s),
                s.hands.reduce((n, h) => n + h.net, 0),
              );
          if (!state.hand || state.hand.phase === 'complete') {
            expectToBe(ledgerDiscrepancy(views.ledger, id), 0);
            const open = ledger.sessions.filter((s) => s.leftAt === null).map((s) => [s.seat, s.playerId, s.stack]);
            expectToEqual(
              open.sort((a, b) => (a[0] as number) - (b[0] as number)),
              state.seats.filter((s) => s !== null).map((s) => [s!.seat, s!.playerId, s!.stack]),
            );
          }
          raked += ledger.rake;

          // Lobby: the engine's seats.
          const entry = views.lobby.tables[id];
          expectToEqual(
            entry.players,
            state.seats.filter((s) => s !== null).map((s) => ({ seat: s!.seat, playerId: s!.playerId, sittingOut: s!.sittingOut })),
          );
          expectToBe(entry.seatsTaken + entry.seatsFree, state.rules!.maxSeats);
          expectToBe(entry.handsPlayed, state.handsPlayed);
          expectToEqual(
            [entry.game.structure, entry.game.smallBlind, entry.game.bigBlind],
            [state.rules!.structure.kind, state.rules!.smallBlind, state.rules!.bigBlind],
          );
          expectToBe(entry.game.houseOptions.includes('rake'), state.rules!.houseOptions.rake !== null);
        }
      }),
      { numRuns: 40, seed: 20261130 },
    );
    // The sessions really play hands, take rake and see players leave mid-hand.
    expect(
      ['ChipsAdded', 'PlayerSatOut', 'PlayerSatIn', 'PlayerLeft', 'RakeTaken', 'HandShown', 'UncalledBetReturned'].filter(
        (t) => !seen.has(t),
      ),
    ).toEqual([]);
    expect(hands).toBeGreaterThan(300);
    expect(raked).toBeGreaterThan(0);
    expect(leftMidHand).toBeGreaterThan(0);
    expect(corrections).toBeGreaterThan(0);
  });

  it('keeps the ledger balanced and the hole cards hidden after every event, mid-hand included', () => {
    let cardsChecked = 0;
    fc.assert(
      fc.property(sessionArb, ({ tables, seed, steps }) => {
        const { log, ids } = playSession(tables, seed, Math.min(steps, 200));
        let ledger = sessionLedger.initial;
        let table = tableViews.initial;
        for (const e of log.events) {
          ledger = sessionLedger.evolve(ledger, e);
          table = tableViews.evolve(table, e);
          const id = e.streamId.slice('table-'.length);
          expectToBe(ledgerDiscrepancy(ledger, id, table.tables[id].row.chipsOnTable), 0);
          // Hole cards: the public sees only hands tabled at the showdown, a player also their own.
          const view = table.tables[id];
          const someone = view.row.seats[0]?.playerId ?? 'nobody';
          const over = view.row.hand === null || view.row.hand.phase === 'complete';
          for (const [audience, sees] of [
            ['public', (s: { shown: boolean }) => s.shown],
            [{ player: someone }, (s: { shown: boolean; playerId: string }) => s.shown || s.playerId === someone],
            ['dealer', (s: { shown: boolean }) => s.shown || !over],
            ['floor', (s: { shown: boolean }) => s.shown || over],
            ['regulator', (s: { shown: boolean }) => s.shown || over],
            ['surveillance', () => true],
          ] as const) {
            for (const s of tableViewFor(view, audience).seats) {
              const dealt = view.row.seats.find((x) => x.seat === s.seat)!.holeCards !== null;
              expectToBe(s.holeCards !== null, dealt && sees(s));
            }
          }
          cardsChecked++;
        }
        expect(ids.every((id) => ledgerDiscrepancy(ledger, id, table.tables[id].row.chipsOnTable) === 0)).toBe(true);
      }),
      { numRuns: 20, seed: 7 },
    );
    expect(cardsChecked).toBeGreaterThan(1000);
  });
});
