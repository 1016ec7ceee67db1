/**
 * The console's LegalAction (src/table-types.ts) mirrors the engine's: the browser program is compiled on its own and
 * cannot import the engine's sources. This file is part of `npm run typecheck` (the server's program), so the two
 * cannot drift apart unnoticed: it stops compiling if the engine sends an action the console cannot read, or if the
 * two disagree on which actions exist.
 */
import type { LegalAction as EngineLegalAction } from '@felt/engine';
import type { LegalAction as ConsoleLegalAction } from '../src/table-types';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Everything the engine may send, the console's type accepts (the console may name a field more loosely, e.g. string). */
export const consoleReadsEveryEngineAction: [EngineLegalAction] extends [ConsoleLegalAction] ? true : false = true;
/** Both list the same action types. */
export const sameActionTypes: Same<EngineLegalAction['type'], ConsoleLegalAction['type']> = true;
