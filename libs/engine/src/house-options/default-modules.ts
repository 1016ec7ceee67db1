/**
 * The house options every Felt table offers, composed in this one place (createTableDecider takes any list; a
 * casino's own options are added to this list by configuration, examples/house-rules/). The order is part of the
 * rules, because the core asks the modules in it:
 *
 * 1. straddle     before the kills: a button straddler in "normal-skip" order acts before the killer, both last;
 * 2. killGame     before missedBlinds: a killed pot keeps new players out before they are asked to post;
 * 3. killPot      its legal actions follow the straddles';
 * 4. chop
 * 5. rake
 * 6. bombPot      after the blinds' owners (it replaces the blinds with its antes in forcedBets) and before
 *                missedBlinds: a poster's post stays in the chain for it to make dead;
 * 7. runItTwice   after chop (a chopped hand stops the board first);
 * 8. shotClock    reads no other option's slice; its clocks follow whatever the others' events leave to act;
 * 9. missedBlinds always on (its policy is rules.missedBlinds).
 * 10. chipRace   tournament tables only, between hands: reads and answers no hook but its own command.
 */
import type { AnyRuleModule } from './rule-module';
import { straddle } from './straddle';
import { killGame } from './kill-game';
import { killPot } from './kill-pot';
import { chop } from './chop';
import { rake } from './rake';
import { missedBlinds } from './missed-blinds';
import { bombPotModule } from './bomb-pot';
import { runItTwiceModule } from './run-it-twice';
import { shotClockModule } from './shot-clock';
import { chipRaceModule } from './chip-race';

export const DEFAULT_MODULES: readonly AnyRuleModule[] = Object.freeze([
  straddle,
  killGame,
  killPot,
  chop,
  rake,
  bombPotModule,
  runItTwiceModule,
  shotClockModule,
  missedBlinds,
  chipRaceModule,
]);
