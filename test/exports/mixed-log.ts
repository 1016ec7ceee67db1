import {
  commandFor,
  legalActions,
  mulberry32,
  randomLegalCommand,
  tableDecider,
  type TableCommand,
  type TableEvent,
  type TableRulesInput,
  type TableState,
} from '@felt/engine';

/**
 * Mixed table logs for checking the exports: tables with the house options (rake, straddles, kill pots, kill
 * games, chops, antes, missed blinds, new players posting to come in, voided hands, fixed limit heads-up
 * uncapped, pot limit, bomb pots every fifth hand and boards run twice) played by a random legal player. Between hands players sit out, come back, leave, are
 * replaced by new players (half of them posting to come in) and rebuy. Deterministic for a seed.
 */
export const MIXED_TABLES: readonly { readonly name: string; readonly rules: TableRulesInput; readonly players: number }[] = [
  {
    name: 'nl-rake',
    players: 6,
    rules: {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 9,
      houseOptions: {
        rake: { version: 1, percent: 5, cap: 6, capScope: 'hand', roundDownTo: 1, noFlopNoDrop: true, allocation: 'main-pot-first' },
      },
    } as TableRulesInput,
  },
  {
    name: 'nl-straddle-chop',
    players: 4,
    rules: {
      structure: { kind: 'no-limit' },
      smallBlind: 5,
      bigBlind: 10,
      maxSeats: 9,
      houseOptions: {
        straddle: {
          positions: 'utg',
          maxStraddles: 2,
          minPlayersDealt: 3,
          buttonStraddleOrder: 'left-of-straddler',
          minRaiseBasis: 'big-blind',
        },
        chop: { version: 1, fee: 1, allowHeadsUp: false },
      },
    } as TableRulesInput,
  },
  {
    name: 'nl-antes-killpot',
    players: 7,
    rules: {
      structure: { kind: 'no-limit' },
      smallBlind: 2,
      bigBlind: 4,
      ante: { kind: 'everyone', amount: 1 },
      maxSeats: 10,
      houseOptions: { killPot: { size: 'double', overblindOnly: true } },
    } as TableRulesInput,
  },
  {
    name: 'nl-bb-ante-rake',
    players: 9,
    rules: {
      structure: { kind: 'no-limit' },
      smallBlind: 50,
      bigBlind: 100,
      ante: { kind: 'big-blind', amount: 100 },
      maxSeats: 9,
      buttonMode: 'moving',
      houseOptions: {
        rake: { version: 1, percent: 10, cap: 40, capScope: 'pot', roundDownTo: 5, noFlopNoDrop: false, allocation: 'proportional' },
      },
    } as TableRulesInput,
  },
  {
    name: 'fl-heads-up-uncapped',
    players: 2,
    rules: {
      structure: { kind: 'fixed-limit', smallBet: 2, bigBet: 4, maxBetsPerRound: 4, headsUpUncapped: true },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 2,
    } as TableRulesInput,
  },
  {
    name: 'fl-kill-game',
    players: 6,
    rules: {
      structure: { kind: 'fixed-limit', smallBet: 4, bigBet: 8 },
      smallBlind: 2,
      bigBlind: 4,
      maxSeats: 8,
      houseOptions: {
        killGame: {
          mode: 'full',
          trigger: 'consecutive-pots',
          requireFlop: false,
          killerAction: 'last',
          minPlayers: 3,
          minPotInBigBets: 1,
        },
        rake: { version: 1, percent: 10, cap: 4, capScope: 'hand', roundDownTo: 1, noFlopNoDrop: true, allocation: 'main-pot-first' },
      },
    } as TableRulesInput,
  },
  { name: 'pl', players: 5, rules: { structure: { kind: 'pot-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } as TableRulesInput },
  {
    name: 'nl-bomb-pot-run-twice',
    players: 6,
    rules: {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 9,
      houseOptions: { bombPot: { ante: 3, everyNthHand: 5 }, runItTwice: true, rake: { percent: 5, cap: 5 } },
    } as TableRulesInput,
  },
];

export interface MixedLog {
  readonly name: string;
  readonly events: TableEvent[];
  readonly hands: number;
}

/** Plays `hands` hands at one of MIXED_TABLES. */
export function mixedLog(table: (typeof MIXED_TABLES)[number], hands: number, seed: number): MixedLog {
  const random = mulberry32(seed);
  let state: TableState = tableDecider.initialState;
  const events: TableEvent[] = [];
  let newcomers = 0;
  /** Applies a command the script is sure of (throws if refused) or, with `maybe`, one that may be refused. */
  const apply = (command: TableCommand, maybe = false): boolean => {
    const d = tableDecider.decide(command, state);
    if (!d.ok) {
      if (maybe) return false;
      throw new Error(`${table.name}: ${command.type} refused (${d.rejection.code}): ${d.rejection.message}`);
    }
    for (const e of d.events) {
      state = tableDecider.evolve(state, e);
      events.push(e);
    }
    return true;
  };
  apply({ type: 'OpenTable', tableId: table.name, rules: table.rules });
  const bb = state.rules!.bigBlind;
  const max = state.rules!.maxSeats;
  const buyIn = () => bb * (5 + Math.floor(random() * 150));
  for (let seat = 1; seat <= table.players; seat++) apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: buyIn() });
  apply({ type: 'DrawForButton', seed: Math.floor(random() * 2 ** 32) });
  let played = 0;
  for (let guard = 0; played < hands && guard < hands * 3; guard++) {
    for (const seat of state.seats) {
      if (!seat) continue;
      const r = random();
      if (table.players > 2 && r < 0.03) apply({ type: 'LeaveTable', seat: seat.seat }, true);
      else if (table.players > 2 && !seat.sittingOut && r < 0.08) apply({ type: 'SitOut', seat: seat.seat }, true);
      else if (seat.sittingOut && r < 0.5) apply({ type: 'SitIn', seat: seat.seat, waitForBigBlind: random() < 0.3 }, true);
      const now = state.seats[seat.seat - 1];
      if (now && (now.stack < bb || random() < 0.02)) apply({ type: 'AddChips', seat: now.seat, amount: buyIn() }, true);
    }
    // Empty seats fill with new players, half of whom post to come in.
    for (let seat = 1; seat <= max; seat++)
      if (state.seats[seat - 1] === null && random() < (seat <= table.players ? 0.5 : 0.1))
        apply({ type: 'SeatPlayer', seat, playerId: `new${++newcomers}`, buyIn: buyIn(), postToEnter: random() < 0.5 }, true);
    if (!apply({ type: 'StartHand', seed: Math.floor(random() * 2 ** 32) }, true)) {
      for (const seat of state.seats) if (seat?.sittingOut) apply({ type: 'SitIn', seat: seat.seat }, true);
      continue;
    }
    // Not the table's first hand: after a voided first hand every player is still a new player owing a post, and
    // the engine deals nobody in (the same random draws either way, so the other tables' logs are unchanged).
    const drawn = random() < 0.02 ? 1 + Math.floor(random() * 6) : -1;
    const voidAt = state.handsPlayed === 0 ? -1 : drawn;
    for (let step = 0; state.hand && state.hand.phase !== 'complete'; step++) {
      if (step > 500) throw new Error(`${table.name}: a hand did not end`);
      if (step === voidAt) {
        apply({ type: 'VoidHand', reason: 'misdeal: a card exposed in the deal' });
        break;
      }
      const chop = legalActions(state).actions.find((a) => a.type === 'ChopBlinds');
      let command = chop && random() < 0.5 ? commandFor(chop, random) : randomLegalCommand(state, random);
      // Kill pots and straddles are offered before every deal; taking them one time in five keeps hands varied.
      for (let again = 0; again < 3 && (command?.type === 'KillPot' || command?.type === 'Straddle') && random() < 0.8; again++)
        command = randomLegalCommand(state, random);
      if (command === null) throw new Error(`${table.name}: nothing legal to do`);
      apply(command);
    }
    played++;
  }
  return { name: table.name, events, hands: played };
}
