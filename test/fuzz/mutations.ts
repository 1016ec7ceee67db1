import { HOSTILE_STRINGS } from './openapi-arbitraries';
import type { FuzzRandom } from './fuzz-random';
import type { Step } from './fuzz-step';
import type { ActorName, World, WorldTable } from './fuzz-world';

/**
 * Plausible-but-wrong variants of a command the table would take: another seat, an amount just outside the bounds
 * or of the wrong kind, another type, a field missing or extra, a stale version, a field given twice, a key reused
 * for another body, another media type, another role. Each is what a console with a bug or a hostile user would
 * send; the checks (fuzz-checks.ts) hold for every answer, whatever it is.
 */

const SEAT_FIELDS = ['seat', 'from', 'to'] as const;
const AMOUNT_FIELDS = ['amount', 'to', 'buyIn'] as const;

export function mutated(world: World, table: WorldTable, step: Step, random: FuzzRandom): Step {
  const body = { ...(step.body as Record<string, unknown>) };
  const keys = Object.keys(body);
  const version = table.view?.version ?? 1;
  const previous = world.lastKey;
  world.lastKey = step.headers?.['idempotency-key'] ?? null;
  const how = random.weighted<string>([
    [3, 'seat'],
    [3, 'amount'],
    [2, 'type'],
    [2, 'drop'],
    [2, 'extra'],
    [2, 'stale'],
    [1, 'twice'],
    [1, 'same key'],
    [1, 'media'],
    [4, 'role'],
  ]);
  switch (how) {
    case 'seat': {
      const field = SEAT_FIELDS.find((f) => typeof body[f] === 'number') ?? 'seat';
      body[field] = random.pick([0, 11, -1, 1.5, '2', null, random.int(1, 10), random.int(1, 10)]);
      return { ...step, body };
    }
    case 'amount': {
      const field = AMOUNT_FIELDS.find((f) => typeof body[f] === 'number') ?? 'amount';
      const base = typeof body[field] === 'number' ? (body[field] as number) : 10;
      body[field] = random.pick([base - 1, base + 1, 0, -base, base + 0.5, String(base), 1e13, Number.MAX_SAFE_INTEGER + 2, base * 1000]);
      return { ...step, body };
    }
    case 'type':
      return {
        ...step,
        path: step.path.replace(/[^/]+$/, 'commands'),
        body: {
          ...body,
          type: random.pick([
            'Check',
            'Call',
            'Fold',
            'Bet',
            'Raise',
            'PostBlind',
            'StartHand',
            'Deal',
            'ShowHand',
            'Straddle',
            'KillPot',
            'RunItTwice',
            'DealBoard',
            'Resign',
          ]),
        },
      };
    case 'drop':
      if (keys.length > 0) delete body[random.pick(keys)];
      return { ...step, body };
    case 'extra':
      Object.defineProperty(
        body,
        random.pick(['note', 'at', 'deck', 'seed', 'holeCards', 'expectedVersion', ...HOSTILE_STRINGS.slice(14, 16)]),
        { value: random.pick<unknown>([1, 'x', null, [], { a: 1 }, 'AsKd']), enumerable: true, writable: true, configurable: true },
      );
      return { ...step, body };
    case 'stale':
      return random.chance(0.5)
        ? { ...step, headers: { ...step.headers, 'if-match': `"${Math.max(0, version - random.int(1, 3))}"` } }
        : { ...step, body: { ...body, expectedVersion: version + random.int(-3, 3) } };
    case 'twice': {
      // A field given twice: the API refuses it (DUPLICATE_KEY) rather than keep the last.
      const text = JSON.stringify(body);
      const key = keys.length > 0 ? random.pick(keys) : 'seat';
      return { ...step, raw: `${text.slice(0, -1)}${keys.length > 0 ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(body[key] ?? 1)}}` };
    }
    case 'same key':
      return previous ? { ...step, headers: { ...step.headers, 'idempotency-key': previous } } : step;
    case 'media':
      return {
        ...step,
        raw: JSON.stringify(body),
        headers: {
          ...step.headers,
          'content-type': random.pick(['text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded']),
        },
      };
    default: {
      const names = Object.keys(world.actors) as ActorName[];
      return { ...step, actor: world.actors[random.pick(names)] };
    }
  }
}
