import type { StraddleOption } from './straddle';
import type { KillGameOption } from './kill-game';
import type { KillPotOption } from './kill-pot';
import type { ChopOption } from './chop';
import type { RakeOption } from './rake';
import type { BombPotOption } from './bomb-pot';
import type { RunItTwiceOption } from './run-it-twice';
import type { ShotClockOption } from './shot-clock';
import type { HouseRules, HouseRulesInput } from './declarations';
import type { AnyRuleModule, RulesContext } from './rule-module';

/** The house options a table runs with: each null when off, else its parameters (with a version). */
export interface HouseOptions {
  readonly straddle: StraddleOption | null;
  readonly killGame: KillGameOption | null;
  readonly killPot: KillPotOption | null;
  readonly chop: ChopOption | null;
  readonly rake: RakeOption | null;
  /** Absent in rules recorded before the option existed: read as off. */
  readonly bombPot?: BombPotOption | null;
  readonly runItTwice?: RunItTwiceOption | null;
  readonly shotClock?: ShotClockOption | null;
}

/** What a client sends: `true` for an option with its defaults, an object to override some, or false/null/absent for off. */
export type HouseOptionsInput = { readonly [K in keyof HouseOptions]?: boolean | null | Partial<NonNullable<HouseOptions[K]>> };

export const NO_HOUSE_OPTIONS: HouseOptions = Object.freeze({ straddle: null, killGame: null, killPot: null, chop: null, rake: null });

/** The rules' field the house options live in, and what a client sends for it. */
export interface HouseOptionsRules {
  /** Straddle, kill game, kill pot, chop and rake: each null when off. */
  readonly houseOptions: HouseOptions;
}
export interface HouseOptionsRulesInput {
  readonly houseOptions?: HouseOptionsInput;
}

/**
 * Every module's parameters for recorded rules, or what is wrong (a field relative to the rules). The modules kept
 * in the rules themselves (missed blinds) come first, merged over their defaults; then rules.houseOptions.
 */
export function normalizeHouseRules(
  modules: readonly AnyRuleModule[],
  input: HouseRulesInput,
  ctx: RulesContext,
): { ok: true; rules: HouseRules } | { ok: false; field: string; why: string } {
  const fields: Record<string, unknown> = {};
  for (const m of modules) {
    if (m.where !== 'rules') continue;
    const params = { ...m.defaults, ...((input as Record<string, unknown>)[m.name] ?? {}) };
    const problem = m.validate(params, ctx);
    if (problem) return { ok: false, field: `${m.name}.${problem.field}`, why: problem.why };
    fields[m.name] = params;
  }
  const house = normalizeHouseOptions(modules, input.houseOptions, ctx);
  if (!house.ok) return { ok: false, field: `houseOptions${house.field ? '.' + house.field : ''}`, why: house.why };
  fields.houseOptions = house.options;
  return { ok: true, rules: fields as unknown as HouseRules };
}

export function normalizeHouseOptions(
  modules: readonly AnyRuleModule[],
  input: HouseOptionsInput | undefined,
  ctx: RulesContext,
): { ok: true; options: HouseOptions } | { ok: false; field: string; why: string } {
  if (input === undefined || input === null) return { ok: true, options: NO_HOUSE_OPTIONS };
  if (typeof input !== 'object') return { ok: false, field: '', why: 'houseOptions is an object' };
  const known = modules.filter((m) => m.where === 'houseOptions').map((m) => m.name);
  for (const key of Object.keys(input))
    if (!known.includes(key)) return { ok: false, field: key, why: `unknown house option (known: ${known.join(', ')})` };
  const pick = <T>(value: boolean | null | Partial<T> | undefined, defaults: T): T | null | 'bad' =>
    value === undefined || value === null || value === false
      ? null
      : value === true
        ? defaults
        : typeof value === 'object'
          ? { ...defaults, ...value }
          : 'bad';
  const options: Record<string, unknown> = {};
  for (const m of modules) {
    if (m.where !== 'houseOptions') continue;
    const name = m.name as keyof HouseOptions;
    const given = input[name] as unknown;
    if (typeof given === 'object' && given !== null) {
      const problem = unknownParameter(given as Record<string, unknown>, m.defaults as Record<string, unknown>);
      if (problem) return { ok: false, field: `${name}.${problem.field}`, why: problem.why };
    }
    const value = pick(given as never, m.defaults);
    if (value === 'bad') return { ok: false, field: name, why: `${name} is true, false or an object of parameters` };
    if (value !== null) {
      const problem = m.validate(value, ctx);
      if (problem) return { ok: false, field: problem.field ? `${name}.${problem.field}` : name, why: problem.why };
    }
    options[name] = value;
  }
  for (const m of modules) {
    if (m.where !== 'houseOptions' || options[m.name] === null || !m.conflicts) continue;
    const clash = m.conflicts(options);
    if (clash) return { ok: false, field: clash.field, why: clash.why };
  }
  // Recorded only when on (but for the oldest options), so the rules of tables that never had an option read as they did.
  for (const m of modules) if (m.where === 'houseOptions' && options[m.name] === null && !m.recordedWhenOff) delete options[m.name];
  return { ok: true, options: options as unknown as HouseOptions };
}

/**
 * A parameter the option does not have, or one of the wrong kind (an object where a number or a word belongs): an
 * option's parameters are written into TableOpened for good, so nothing unknown may ride along.
 */
function unknownParameter(given: Record<string, unknown>, defaults: Record<string, unknown>): { field: string; why: string } | null {
  if (Array.isArray(given)) return { field: '', why: 'the option is true, false or an object of parameters' };
  for (const [key, value] of Object.entries(given)) {
    if (!Object.prototype.hasOwnProperty.call(defaults, key))
      return { field: key, why: `unknown parameter (known: ${Object.keys(defaults).join(', ')})` };
    const expected = defaults[key];
    // A parameter whose default is null (no cap) is checked by the option's own validator.
    if (expected !== null && value !== null && typeof value !== typeof expected)
      return { field: key, why: `${key} must be a ${typeof expected}` };
    if (expected !== null && value === null) return { field: key, why: `${key} must be a ${typeof expected}` };
  }
  return null;
}
