import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  accept,
  CORE_COMMAND_TYPES,
  CORE_EVENT_TYPES,
  createTableDecider,
  DEFAULT_MODULES,
  handInProgress,
  reject,
  rejection,
  ruleModule,
  seatWith,
  tableDecider,
  tableWith,
  type AnyRuleModule,
  type TableCommand,
  type TableEvent,
  type TableState,
} from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { randomTableLog, TableRecorder } from './random-table-log';
import { verifyEvents } from './verify-log';

/** A casino's own option: a player tips the dealer between hands; the chips leave the table outside any pot. */
type Tip = { readonly type: 'TipDealer'; readonly seat: number; readonly amount: number };
function dealerTips(hooks: { commandFor: boolean; chipsMoved: boolean }): AnyRuleModule {
  const tipped = (e: { type: string }) => e as unknown as { type: 'DealerTipped'; seat: number; amount: number };
  return ruleModule<Readonly<Record<string, never>>>({
    name: 'dealerTips',
    where: 'houseOptions',
    params: (rules) => ((rules.houseOptions as unknown as Record<string, unknown> | undefined)?.dealerTips ? {} : null),
    defaults: {},
    validate: () => null,
    commands: {
      TipDealer: {
        actsForHandSeat: false,
        decide(command, state) {
          const c = command as unknown as Tip;
          const seat = state.seats[c.seat - 1];
          if (handInProgress(state)) return reject(rejection('HAND_IN_PROGRESS', 'Tips are given between hands.'));
          if (!seat || !(c.amount >= 1) || c.amount > seat.stack) return reject(rejection('INVALID_AMOUNT', 'A tip comes from the stack.'));
          return accept([{ type: 'DealerTipped', seat: c.seat, amount: c.amount } as unknown as TableEvent]);
        },
      },
    },
    evolve: {
      ['DealerTipped' as 'PlayerSatOut']: (state: TableState, event: TableEvent) => {
        const e = tipped(event);
        const seats = state.seats.slice();
        seats[e.seat - 1] = seatWith(seats[e.seat - 1]!, { stack: seats[e.seat - 1]!.stack - e.amount });
        return tableWith(state, { seats });
      },
    },
    ...(hooks.commandFor && {
      commandFor: (first: TableEvent) =>
        first.type === ('DealerTipped' as string)
          ? ({ type: 'TipDealer', seat: tipped(first).seat, amount: tipped(first).amount } as unknown as TableCommand)
          : null,
    }),
    ...(hooks.chipsMoved && { chipsMoved: (event: TableEvent) => (event.type === ('DealerTipped' as string) ? -tipped(event).amount : 0) }),
  });
}

/** A table with the tipping option: three players, a hand, a tip of 7 from seat 2, another hand. */
function tippedTable(table: ReturnType<typeof createTableDecider>): TableRecorder {
  const t = new TableRecorder('tips', undefined, table);
  const rules = { structure: { kind: 'no-limit' as const }, smallBlind: 1, bigBlind: 2, maxSeats: 6, houseOptions: { dealerTips: true } };
  t.apply({ type: 'OpenTable', tableId: 'tips', rules: rules as never });
  for (const seat of [1, 2, 3]) t.apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 100 });
  t.apply({ type: 'PlaceButton', seat: 1 });
  const playHand = (seed: number) => {
    t.apply({ type: 'StartHand', seed });
    for (let guard = 0; t.state.hand && t.state.hand.phase !== 'complete' && guard < 200; guard++)
      t.apply(table.randomLegalCommand(t.state, () => 0.4)!);
  };
  playHand(1);
  t.apply({ type: 'TipDealer', seat: 2, amount: 7 } as unknown as TableCommand);
  playHand(2);
  return t;
}

describe('a module rebuilds its own commands and counts its own chips for the verifier', () => {
  it("the regulator's command rebuild and ledger name no module's command or event (each module says its own)", () => {
    const source = ['command-for-events.ts', 'stream-verifier.ts'].map((f) => readFileSync(join(__dirname, f), 'utf8')).join('\n');
    const moduleTypes = [
      ...tableDecider.commandTypes.filter((t) => !(CORE_COMMAND_TYPES as readonly string[]).includes(t)),
      ...tableDecider.eventTypes.filter((t) => !(CORE_EVENT_TYPES as readonly string[]).includes(t)),
    ];
    expect(moduleTypes).toEqual(expect.arrayContaining(['RaceChips', 'ChipsRaced', 'Straddle', 'UseTimeBank', 'ClockPaused']));
    expect(moduleTypes.filter((type) => source.includes(`'${type}'`))).toEqual([]);
    // Nor a module's forced-bet kind (the straddle's BlindPosted).
    const kinds = DEFAULT_MODULES.flatMap((m) => m.forcedBetKinds ?? []);
    expect(kinds.filter((kind) => source.includes(`'${kind}'`))).toEqual([]);
  });

  it("verifies a casino module's command and the chips it takes off the table, by the module's hooks", () => {
    const table = createTableDecider([...DEFAULT_MODULES, dealerTips({ commandFor: true, chipsMoved: true })]);
    const t = tippedTable(table);
    expect(t.recorded.map((e) => e.type)).toContain('DealerTipped');
    const report = verifyEvents(t.recorded, { table });
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(2);
    expect(table.moduleCommandFor({ type: 'DealerTipped', seat: 2, amount: 7 } as unknown as TableEvent, 'DealerTipped')).toEqual({
      type: 'TipDealer',
      seat: 2,
      amount: 7,
    });
    expect(table.chipsMovedBy({ type: 'DealerTipped', seat: 2, amount: 7 } as unknown as TableEvent)).toBe(-7);
  });

  it('without commandFor the tip cannot be decided again (rules); without chipsMoved the ledger is 7 short (conservation)', () => {
    const played = tippedTable(createTableDecider([...DEFAULT_MODULES, dealerTips({ commandFor: true, chipsMoved: true })])).recorded;
    const noRebuild = createTableDecider([...DEFAULT_MODULES, dealerTips({ commandFor: false, chipsMoved: true })]);
    const rules = verifyEvents(played, { table: noRebuild }).violations;
    expect(rules.map((v) => v.kind)).toContain('rules');
    const noCount = createTableDecider([...DEFAULT_MODULES, dealerTips({ commandFor: true, chipsMoved: false })]);
    const conservation = verifyEvents(played, { table: noCount }).violations;
    expect(conservation.map((v) => v.kind)).toEqual(['conservation']);
    expect(conservation[0]!.message).toContain('(-7)');
  });

  it("re-derives the default modules' commands from their events: straddles, kill pots, chops, runs twice", () => {
    const table = (houseOptions: object, seed: number) =>
      randomTableLog({
        tableId: `houses-${seed}`,
        seed,
        events: 3000,
        players: 4,
        rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, houseOptions } as never,
      });
    const logs = [
      table({ straddle: { positions: 'utg', maxStraddles: 1, minPlayersDealt: 3 }, killPot: { size: 'double', overblindOnly: true } }, 7),
      table({ chop: { fee: 0, allowHeadsUp: true }, runItTwice: true }, 8),
    ];
    const firsts = new Set(logs.flatMap(commandsFirstEvents));
    expect([...firsts]).toEqual(expect.arrayContaining(['BlindPosted:straddle', 'KillPotPosted', 'BlindsChopped']));
    expect(firsts.has('RunItTwiceAgreed') || firsts.has('RunItOnceChosen')).toBe(true);
    for (const log of logs) expect(verifyEvents(log).violations).toEqual([]);
  });

  it('re-derives a bomb pot the floor called', () => {
    const t = new TableRecorder('bomb');
    const rules = {
      structure: { kind: 'no-limit' as const },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 6,
      houseOptions: { bombPot: { ante: 2 } },
    };
    t.apply({ type: 'OpenTable', tableId: 'bomb', rules });
    for (const seat of [1, 2, 3]) t.apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 100 });
    t.apply({ type: 'PlaceButton', seat: 1 });
    t.apply({ type: 'CallBombPot' });
    t.apply({ type: 'StartHand', seed: 3 });
    for (let guard = 0; t.state.hand && t.state.hand.phase !== 'complete' && guard < 200; guard++)
      t.apply(tableDecider.randomLegalCommand(t.state, () => 0.4)!);
    expect(commandsFirstEvents(t.recorded)).toContain('BombPotCalled');
    expect(verifyEvents(t.recorded).violations).toEqual([]);
  });

  it("re-derives the shot clock's commands from their events: a time bank, a pause, a resume, an expiry", () => {
    const t = new TableRecorder('clock');
    let ms = Date.UTC(2026, 11, 4, 18);
    // The API stamps each command's time, and the store keeps it in the metadata.
    const timed = (command: TableCommand, seconds = 1) => {
      const at = new Date((ms += seconds * 1000)).toISOString();
      t.apply({ ...command, at }, { at });
    };
    const rules = { structure: { kind: 'no-limit' as const }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };
    timed({
      type: 'OpenTable',
      tableId: 'clock',
      rules: { ...rules, houseOptions: { shotClock: { seconds: 30, timeBankExtensions: 2 } } },
    });
    for (const seat of [1, 2, 3]) timed({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 100 });
    timed({ type: 'PlaceButton', seat: 1 });
    timed({ type: 'StartHand', seed: 5 });
    while (t.state.clock === null && t.state.hand) timed(tableDecider.randomLegalCommand(t.state, () => 0.99)!);
    timed({ type: 'UseTimeBank', seat: t.state.clock!.seat });
    timed({ type: 'PauseClock' });
    timed({ type: 'ResumeClock' }, 60);
    timed({ type: 'ClockExpired', clock: t.state.clock!.clock }, 120);
    expect(commandsFirstEvents(t.recorded)).toEqual(
      expect.arrayContaining(['TimeBankUsed', 'ClockPaused', 'ClockResumed', 'ClockExpired']),
    );
    expect(verifyEvents(t.recorded).violations).toEqual([]);
  });

  it("re-derives a tournament table's chip race and counts the chips it took off and gave (here 25 more given)", () => {
    const t = new TableRecorder('race');
    const rules = { structure: { kind: 'no-limit' as const }, smallBlind: 100, bigBlind: 200, maxSeats: 6, gameType: 'tournament' };
    t.apply({ type: 'OpenTable', tableId: 'race', rules: { ...rules, buttonMode: 'dead', buyIn: null } as never });
    t.apply({ type: 'SeatPlayer', seat: 1, playerId: 'ann', buyIn: 10_025 });
    t.apply({ type: 'SeatPlayer', seat: 2, playerId: 'bob', buyIn: 9_950 });
    const seats = [
      { seat: 1, removed: 25, won: 1 },
      { seat: 2, removed: 50, won: 0 },
    ];
    t.apply({ type: 'RaceChips', chip: 25, nextChip: 100, seats });
    expect(t.state.seats.slice(0, 2).map((s) => s?.stack)).toEqual([10_100, 9_900]);
    expect(tableDecider.chipsMovedBy({ type: 'ChipsRaced', chip: 25, nextChip: 100, seats })).toBe(25);
    expect(verifyEvents(t.recorded).violations).toEqual([]);
  });
});

/** The first event of each recorded command (a BlindPosted with its kind). */
function commandsFirstEvents(log: readonly RecordedEvent[]): string[] {
  return log
    .filter((e, i) => i === 0 || e.metadata.commandId !== log[i - 1]!.metadata.commandId)
    .map((e) => (e.type === 'BlindPosted' ? `BlindPosted:${(e.data as { kind: string }).kind}` : e.type));
}
