import fc from 'fast-check';
import { hostileValue, queryText, requestArbitrary, valueFor, type FuzzTargets } from './openapi-arbitraries';

/**
 * The fuzzer's generators must not fail on their own: a generator that throws fails the fuzz run whatever the API
 * does (String() of an object without a prototype did, for a few seeds in a hundred). Here over random schemas of
 * every shape the document uses, and many seeds; openapi-fuzz.e2e-spec.ts does the same over the API's own document.
 */

type Schema = Record<string, unknown>;

const PATTERNS = ['^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$', '^[a-z]+$', '^(?:[2-9TJQKA][cdhs])$', '[', '^\\d{4}-\\d{2}$'];

/** JSON schemas as @nestjs/swagger and zod write them, nested, with references to the document's components. */
const schemaArbitrary: fc.Arbitrary<Schema> = fc.letrec<{ schema: Schema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant({}),
    fc.record(
      { type: fc.constant('integer'), minimum: fc.integer({ min: -10, max: 10 }), maximum: fc.integer({ min: 10, max: 2 ** 31 }) },
      { requiredKeys: ['type'] },
    ),
    fc.record(
      { type: fc.constant('number'), minimum: fc.constant(0), maximum: fc.double({ min: 1, max: 1e6, noNaN: true }) },
      { requiredKeys: ['type'] },
    ),
    fc.constant({ type: 'boolean', nullable: true }),
    fc.record(
      {
        type: fc.constant('string'),
        pattern: fc.constantFrom(...PATTERNS),
        minLength: fc.nat(3),
        maxLength: fc.integer({ min: 3, max: 64 }),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1, maxLength: 3 }) }),
    fc.record({ const: fc.jsonValue({ maxDepth: 1 }) }),
    fc.constant({ $ref: '#/components/schemas/Ref' }),
    fc.constant({ $ref: '#/components/schemas/Missing' }),
    fc.record({ type: fc.constant('array'), items: tie('schema'), maxItems: fc.nat(10) }, { requiredKeys: ['type'] }),
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(fc.string({ maxLength: 6 }), tie('schema'), { maxKeys: 3 }),
        required: fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 }),
        nullable: fc.boolean(),
      },
      { requiredKeys: ['type'] },
    ),
    fc.constant({ type: 'object' }),
    fc.record({ oneOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }) }),
  ),
})).schema;

/** A document of one GET with query parameters and one POST with a body, over the generated schemas. */
const documentArbitrary = fc
  .tuple(fc.array(schemaArbitrary, { minLength: 1, maxLength: 3 }), schemaArbitrary, schemaArbitrary)
  .map(([querySchemas, body, ref]) => ({
    paths: {
      '/tables/{tableId}/things/{deviceId}': {
        get: {
          parameters: [
            ...querySchemas.map((schema, i) => ({ in: 'query', name: `q${i}`, schema })),
            { $ref: '#/components/parameters/Limit' },
          ],
        },
        post: { requestBody: { content: { 'application/json': { schema: body } } } },
      },
      '/room/games/{gameId}': {
        delete: {},
        patch: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Ref' } } } } },
      },
    },
    components: { schemas: { Ref: ref }, parameters: { Limit: { in: 'query', name: 'limit', schema: { type: 'integer', minimum: 1 } } } },
  }));

const targets: FuzzTargets = {
  tableIds: ['t1'],
  userIds: ['u1'],
  gameIds: ['g1'],
  deviceIds: ['d1'],
  authorizations: ['Bearer x', undefined],
};

describe('the OpenAPI fuzzer generators', () => {
  it('turn any value into query text, objects without a prototype included', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    expect(queryText(bare)).toBe('{"a":1}');
    fc.assert(fc.property(fc.oneof(fc.jsonValue(), fc.anything(), hostileValue), (value) => typeof queryText(value) === 'string'));
  });

  it('generate requests from any schema, over many seeds, without throwing, and every one can be sent', () => {
    fc.assert(
      fc.property(documentArbitrary, fc.integer(), (doc, seed) => {
        for (const request of fc.sample(requestArbitrary(doc, targets), { seed, numRuns: 25 })) {
          expect(request.url.startsWith('/')).toBe(true);
          expect(`${request.method} ${request.url} ${request.payload?.toString('utf8') ?? ''}`).toEqual(expect.any(String));
          for (const [name, value] of Object.entries(request.headers)) {
            expect({ name, sendable: typeof value === 'string' && !/[\r\n\0]/.test(value) }).toEqual({ name, sendable: true });
          }
          if (request.payload !== undefined) expect(Buffer.isBuffer(request.payload)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('generate values for any schema that JSON can carry', () => {
    fc.assert(
      fc.property(schemaArbitrary, schemaArbitrary, fc.integer(), (schema, ref, seed) => {
        const doc = { components: { schemas: { Ref: ref } } };
        for (const value of fc.sample(valueFor(schema, doc), { seed, numRuns: 10 })) expect(typeof queryText(value)).toBe('string');
      }),
      { numRuns: 200 },
    );
  });

  it('generate numbers within bounds that are not whole, one-sided or empty, and never throw on them', () => {
    const doc = {};
    const sample = (schema: Record<string, unknown>) => fc.sample(valueFor(schema, doc), { seed: 1, numRuns: 50 }) as number[];
    expect(sample({ type: 'integer', minimum: 0.5, maximum: 3.7 }).every((n) => Number.isInteger(n) && n >= 1 && n <= 3)).toBe(true);
    expect(sample({ allOf: [{ type: 'number', maximum: 1.0000000000000002 }, { type: 'integer' }] }).every((n) => n <= 1)).toBe(true);
    expect(sample({ type: 'integer', minimum: 3000 }).every((n) => n >= 3000)).toBe(true);
    expect(sample({ type: 'integer', maximum: -10 }).every((n) => n <= -10)).toBe(true);
    expect(sample({ type: 'number', minimum: 2000 }).every((n) => n >= 2000)).toBe(true);
    expect(sample({ type: 'number', maximum: -2000 }).every((n) => n <= -2000)).toBe(true);
    expect(sample({ type: 'integer', minimum: 1.2, maximum: 1.8 })).toEqual(Array(50).fill(2));
  });
});
