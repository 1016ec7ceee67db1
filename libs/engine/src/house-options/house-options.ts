import type { HouseOptions, HouseRules, HouseRulesInput } from '../table/extensions';
import type { AnyRuleModule, RulesContext } from './rule-module';
import { parseOption } from './option-schema';

export type { HouseOptions } from '../table/extensions';

/** What a client sends: `true` for an option with its defaults, an object to override some, or false/null/absent for off. */
export type HouseOptionsInput = { readonly [K in keyof HouseOptions]?: boolean | null | Partial<NonNullable<HouseOptions[K]>> };

/** The rules' field the house options live in (each module adds its option to HouseOptions), and what a client sends. */
declare module '../table/extensions' {
  interface HouseRules {
    readonly houseOptions: HouseOptions;
  }
  interface HouseRulesInput {
    readonly houseOptions?: HouseOptionsInput;
  }
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
    const checked = checkParams(m, params, ctx);
    if (!checked.ok) return { ok: false, field: `${m.name}.${checked.field}`, why: checked.why };
    fields[m.name] = checked.params;
  }
  const house = normalizeHouseOptions(modules, input.houseOptions, ctx);
  if (!house.ok) return { ok: false, field: `houseOptions${house.field ? '.' + house.field : ''}`, why: house.why };
  fields.houseOptions = house.options;
  return { ok: true, rules: fields as unknown as HouseRules };
}

export function normalizeHouseOptions(
  modules: readonly AnyRuleModule[],
  given: HouseOptionsInput | undefined,
  ctx: RulesContext,
): { ok: true; options: HouseOptions } | { ok: false; field: string; why: string } {
  // None given: every option off (recorded as null for the options that always were).
  const input = given === undefined || given === null ? {} : given;
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
    const asked = (input as Record<string, unknown>)[name];
    if (typeof asked === 'object' && asked !== null && !m.schema) {
      const problem = unknownParameter(asked as Record<string, unknown>, m.defaults as Record<string, unknown>);
      if (problem) return { ok: false, field: `${name}.${problem.field}`, why: problem.why };
    }
    const value = pick(asked as never, m.defaults);
    if (value === 'bad') return { ok: false, field: name, why: `${name} is true, false or an object of parameters` };
    if (value === null) {
      options[name] = null;
      continue;
    }
    const checked = checkParams(m, value, ctx);
    if (!checked.ok) return { ok: false, field: checked.field ? `${name}.${checked.field}` : name, why: checked.why };
    options[name] = checked.params;
  }
  for (const m of modules) {
    if (m.where !== 'houseOptions' || options[m.name] === null || !m.conflicts) continue;
    const clash = m.conflicts(options);
    if (clash) return { ok: false, field: clash.field, why: clash.why };
  }
  // Recorded only when on (but for the oldest options), so the rules of tables that never had an option read as they did.
  // Copied rather than deleted from: a `delete` leaves V8 a dictionary, and every module reads its parameters here at
  // every event.
  const recorded: Record<string, unknown> = {};
  for (const m of modules)
    if (m.where === 'houseOptions' && (options[m.name] !== null || m.recordedWhenOff)) recorded[m.name] = options[m.name];
  return { ok: true, options: recorded as unknown as HouseOptions };
}

/**
 * A module's parameters (given over its defaults) through its zod schema, if it has one, then its validate. The
 * first problem: an unknown parameter named as the generic check names it, else the module's own sentence.
 */
function checkParams(
  m: AnyRuleModule,
  given: unknown,
  ctx: RulesContext,
): { ok: true; params: unknown } | { ok: false; field: string; why: string } {
  let params = given;
  if (m.schema) {
    const parsed = parseOption(m.schema, given);
    if (!parsed.ok) return parsed;
    params = parsed.params;
  }
  const problem = m.validate ? m.validate(params, ctx) : null;
  return problem ? { ok: false, field: problem.field, why: problem.why } : { ok: true, params };
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
