import fc from 'fast-check';

/**
 * fast-check arbitraries for requests to the API, generated from its OpenAPI document: for each operation, its
 * path parameters, its query parameters and its JSON body from the body's schema, each of them sometimes replaced
 * by something hostile (control characters, lone surrogates, deep nesting, unknown keys, huge numbers, broken
 * JSON, bytes that are not UTF-8, other media types, odd headers).
 */

type Schema = Record<string, any>;

export interface FuzzRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  /** The body's bytes, or undefined for none. */
  readonly payload?: Buffer;
  /** Which operation it was generated from (for the report). */
  readonly operation: string;
}

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u001b[2J',
  '\u202eevil',
  '\u0085',
  '../../etc/passwd',
  '..\\..\\package.json',
  '%00',
  '%ff',
  "'; DROP TABLE events; --",
  '__proto__',
  'constructor',
  '🂡🂱',
  'ｆｕｌｌ',
  'a'.repeat(200),
  'b'.repeat(5000),
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
];

const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  1e300,
  -1e300,
  2 ** 53 + 1,
  2147483648,
  1_000_000_000_001,
  Number.MAX_SAFE_INTEGER,
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileScalar = fc.oneof(hostileString, fc.constantFrom(...HOSTILE_NUMBERS), fc.constant(null), fc.boolean());

/** Arrays and objects nested `depth` deep (the API allows 64). */
function nested(depth: number, asArray: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
}

const hostileStructure: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 1, max: 200 }).map((d) => nested(d, false)),
  fc.integer({ min: 1, max: 200 }).map((d) => nested(d, true)),
  fc.constant(Array.from({ length: 5000 }, (_, i) => i)),
  fc.constant({ __proto__: { polluted: true } }),
  fc.dictionary(hostileString, hostileScalar, { maxKeys: 4 }),
  fc.array(hostileScalar, { maxLength: 5 }),
);

/** Anything hostile in a JSON value's place. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileScalar },
  { weight: 1, arbitrary: hostileStructure },
);

/** A value for a JSON schema (as @nestjs/swagger and zod write them); unknown shapes give any JSON. */
export function valueFor(schema: Schema | undefined, doc: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.$ref) return valueFor(resolveRef(schema.$ref, doc), doc, depth + 1);
  const choices = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choices) && choices.length > 0) return fc.oneof(...choices.map((s: Schema) => valueFor(s, doc, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return valueFor(Object.assign({}, ...schema.allOf), doc, depth + 1);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.const !== undefined) return fc.constant(schema.const);
  const nullable = (a: fc.Arbitrary<unknown>) => (schema.nullable ? fc.option(a, { nil: null, freq: 5 }) : a);
  switch (schema.type) {
    case 'integer': {
      // A schema's bounds need not be whole numbers (maximum 1.0000000000000002): the integers between them, or the
      // nearest one when there is none (the API then refuses it, which is the fuzzer's business too).
      const min = Math.ceil(Math.max(schema.minimum ?? Math.min(-5, schema.maximum ?? -5), -1e6));
      const max = Math.floor(Math.min(schema.maximum ?? Math.max(2000, min), 1e9));
      return nullable(min <= max ? fc.integer({ min, max }) : fc.constant(min));
    }
    case 'number': {
      const min = schema.minimum ?? Math.min(-1000, schema.maximum ?? -1000);
      const max = schema.maximum ?? Math.max(1000, min);
      return nullable(min <= max ? fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) : fc.constant(min));
    }
    case 'boolean':
      return nullable(fc.boolean());
    case 'string': {
      const matching = typeof schema.pattern === 'string' ? stringMatching(schema.pattern) : undefined;
      return nullable(
        fc.oneof(
          fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 40) }),
          fc.constantFrom('player-1', 'AsKd', 'small-blind', 'big-blind', 'misdeal', 'floor', 'felt-1'),
          ...(matching ? [matching] : []),
        ),
      );
    }
    case 'array':
      return nullable(fc.array(valueFor(schema.items, doc, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 8) }));
    case 'object':
    default: {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0)
        return schema.type === 'object'
          ? fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
          : fc.jsonValue({ maxDepth: 2 });
      const required = new Set<string>(schema.required ?? []);
      return nullable(
        fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(properties[k], doc, depth + 1)])), {
          requiredKeys: keys.filter((k) => required.has(k)),
        }),
      );
    }
  }
}

/** Strings the schema's pattern accepts (ids, aliases, names: so that bodies get past the schema to the handler), when fast-check can generate them. */
function stringMatching(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern, 'u')).filter((text) => text.length <= 64);
  } catch {
    return undefined;
  }
}

function resolveRef(ref: string, doc: Schema): Schema | undefined {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Schema | undefined>((node, part) => node?.[part], doc);
}

/** A body from the schema, then sometimes broken: a key dropped or added, a value made hostile. */
function bodyFor(schema: Schema | undefined, doc: Schema): fc.Arbitrary<unknown> {
  const valid = valueFor(schema, doc);
  const mutated = fc.tuple(valid, fc.nat(), hostileValue, fc.constantFrom('drop', 'add', 'replace')).map(([value, n, hostile, how]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return hostile;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    // An own member even when the name is "__proto__" (an assignment would set the prototype and send nothing).
    if (how === 'add' || keys.length === 0)
      Object.defineProperty(copy, HOSTILE_STRINGS[n % HOSTILE_STRINGS.length] || 'extra', {
        value: hostile,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else if (how === 'drop') delete copy[keys[n % keys.length]!];
    else copy[keys[n % keys.length]!] = hostile;
    return copy;
  });
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: hostileValue });
}

/** The body's bytes: JSON of the value, or broken JSON, deep nesting as text, or bytes that are not UTF-8. */
const rawBody = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Buffer> =>
  fc.oneof(
    { weight: 12, arbitrary: value.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
    { weight: 1, arbitrary: value.map((v) => Buffer.from((JSON.stringify(v) ?? '{').slice(0, -1))) },
    { weight: 1, arbitrary: fc.integer({ min: 60, max: 40_000 }).map((d) => Buffer.from('{"a":'.repeat(d) + '1' + '}'.repeat(d))) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 64 })
        .map((bytes) => Buffer.concat([Buffer.from('{"reason":"'), Buffer.from(bytes), Buffer.from('"}')])),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => Buffer.from(s)) },
  );

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/vnd.felt+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset="\u00ff"',
    ),
  },
);

/** Percent-encoded as a client would; a lone surrogate (which has no UTF-8) goes as the bytes of U+FFFD. */
function percentEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/**
 * A generated value as query text: strings as they are, anything else as its JSON. Not String(): fast-check makes
 * objects without a prototype, which String() cannot convert (it threw for a few seeds in a hundred).
 */
export function queryText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/** A path or query value: usually a plausible one, else hostile (percent-encoded as a client would, or not). */
function textParam(plausible: readonly string[] | (() => readonly string[])): fc.Arbitrary<string> {
  const choices = typeof plausible === 'function' ? plausible : () => plausible;
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.nat().map((n) => {
        const list = choices();
        return percentEncoded(list[n % list.length]!);
      }),
    },
    { weight: 2, arbitrary: hostileString.map(percentEncoded) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%ED%A0%80', '%C0%AF', '..', '.', '%2e%2e%2f', 'a%2Fb', '%E0%A4%A') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(percentEncoded) },
  );
}

/** What requests aim at: read each time a request is generated, so a caller may push ids into them as it goes. */
export interface FuzzTargets {
  /** Table ids the store has (plausible path values). */
  readonly tableIds: readonly string[];
  /** User ids (dealers) the store has. */
  readonly userIds: readonly string[];
  /** Game ids of the room the store has. */
  readonly gameIds: readonly string[];
  /** Registered device ids. */
  readonly deviceIds: readonly string[];
  /** Authorization headers to choose from (roles, none, forged). */
  readonly authorizations: readonly (string | undefined)[];
}

/** Every operation of the document as a request arbitrary; WebSocket and static routes are not in it. */
export function requestArbitrary(doc: Schema, targets: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const operations: fc.Arbitrary<FuzzRequest>[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries<Schema>(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      operations.push(operationArbitrary(doc, path, method.toUpperCase(), operation, targets));
    }
  }
  return fc.oneof(...operations);
}

function operationArbitrary(doc: Schema, path: string, method: string, operation: Schema, targets: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const parameters: Schema[] = (operation.parameters ?? []).map((p: Schema) => (p.$ref ? resolveRef(p.$ref, doc) : p));
  const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const queryParams = parameters.filter((p) => p.in === 'query');
  // Read when each request is made: the caller may add ids as the store gets them.
  const plausibleFor = (name: string) => (): readonly string[] =>
    /table/i.test(name)
      ? [...targets.tableIds, 'no-such-table']
      : /user/i.test(name)
        ? [...targets.userIds, 'no-such-user']
        : /game/i.test(name)
          ? [...targets.gameIds, 'no-such-game']
          : /device/i.test(name)
            ? [...targets.deviceIds, 'no-such-device']
            : ['1', 'x'];

  const pathValues = fc.tuple(...pathNames.map((name) => textParam(plausibleFor(name))));
  const query = fc.array(
    fc.oneof(
      ...queryParams.map((p) =>
        fc.tuple(
          fc.constant(p.name as string),
          fc.oneof(
            valueFor(p.schema, doc).map((v) => percentEncoded(queryText(v))),
            textParam(['1', '10', '1000', '2026-11-30T18:00:00Z', 'jsonl']),
          ),
        ),
      ),
      fc.tuple(fc.constantFrom('limit', 'after', 'fromVersion', 'x', '__proto__'), textParam(['0', '-1', '99999999999', 'abc'])),
    ),
    { maxLength: 3 },
  );
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const takesBody = method !== 'GET' && method !== 'DELETE';
  const body = takesBody ? fc.option(rawBody(bodyFor(schema, doc)), { nil: undefined, freq: 12 }) : fc.constant(undefined);
  const headers = fc.record(
    {
      // Mostly the first (a floor supervisor, who may send everything), so that requests get past sign-in.
      authorization: fc.oneof(
        { weight: 6, arbitrary: fc.constant(targets.authorizations[0]) },
        { weight: 4, arbitrary: fc.constantFrom(...targets.authorizations) },
      ),
      'content-type': contentType,
      'idempotency-key': fc.oneof(
        { weight: 6, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: fc.constantFrom('fuzz-key-1', 'fuzz-key-2') },
        { weight: 1, arbitrary: hostileString },
      ),
      'if-match': fc.oneof(
        fc.nat({ max: 40 }).map((n) => `"${n}"`),
        fc.constantFrom('*', 'W/"3"', 'yesterday'),
      ),
      'x-device-id': fc.oneof({ weight: 8, arbitrary: fc.constant('console-1') }, { weight: 1, arbitrary: hostileString }),
    },
    { requiredKeys: ['authorization'] },
  );

  return fc.tuple(pathValues, query, body, headers).map(([values, pairs, payload, rawHeaders]) => {
    let url = path;
    pathNames.forEach((name, i) => (url = url.replace(`{${name}}`, values[i]!)));
    if (pairs.length > 0) url += `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}`;
    const headerEntries = Object.entries(rawHeaders).filter(([, v]) => v !== undefined) as [string, string][];
    // Header values must be sendable at all: Node refuses CR, LF and NUL in them before they leave the client.
    const sendable = headerEntries
      .filter(([, v]) => !/[\r\n\u0000]/.test(v))
      .map(([k, v]) => [k, Buffer.from(v, 'utf8').toString('latin1')] as const);
    return { method, url, headers: Object.fromEntries(sendable), payload: payload ?? undefined, operation: `${method} ${path}` };
  });
}
