import 'reflect-metadata';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { AuthController, enrollSchema, loginSchema } from '../auth/auth.controller';
import { DevicesController, registerSchema } from '../auth/devices.controller';
import { changeSchema, createSchema, resetSchema, UsersController } from '../auth/users.controller';
import { bodySchema } from './body-schema';
import { commandJsonSchema, tableCommandSchema } from '../tables/table-command-schema';

/**
 * The OpenAPI document's request bodies are generated from the zod schemas that validate them (body-schema.ts):
 * no route describes its body by hand, so the document cannot drift from what the route accepts.
 */
type Method = (...args: never[]) => unknown;
const documentedBody = (method: Method): unknown =>
  (Reflect.getMetadata('swagger/apiParameters', method) as { in: string; schema: unknown }[] | undefined)?.find((p) => p.in === 'body')
    ?.schema;

describe('OpenAPI request bodies', () => {
  it.each<[string, Method, z.ZodType]>([
    ['POST /auth/login', AuthController.prototype.login, loginSchema],
    ['POST /auth/enroll', AuthController.prototype.enroll, enrollSchema],
    ['POST /users', UsersController.prototype.create, createSchema],
    ['PATCH /users/:userId', UsersController.prototype.change, changeSchema],
    ['POST /users/:userId/password', UsersController.prototype.resetPassword, resetSchema],
    ['POST /devices', DevicesController.prototype.register, registerSchema],
  ])('%s documents the body its zod schema validates', (_route, method, schema) => {
    expect(documentedBody(method)).toEqual(bodySchema(schema));
  });

  it('keeps what the validation knows: bounds, closed objects, enums and descriptions', () => {
    expect(bodySchema(loginSchema)).toMatchObject({
      additionalProperties: false,
      required: ['username', 'password'],
      properties: { username: { maxLength: 64 }, device: { description: expect.stringContaining('POST /devices') } },
    });
    expect(bodySchema(createSchema)).toMatchObject({
      properties: { role: { enum: ['dealer', 'floor', 'regulator', 'service', 'count'] } },
    });
    // A table command's body is the validating schema's branch for its type.
    const bet = commandJsonSchema('Bet');
    expect(bet).toMatchObject({ additionalProperties: false, required: expect.arrayContaining(['type', 'seat', 'amount']) });
    expect(tableCommandSchema.safeParse({ type: 'Bet', seat: 1, amount: 10, extra: 1 }).success).toBe(false);
  });

  it('no controller writes a body schema by hand', () => {
    const dir = join(__dirname, '..');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.controller.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const handWritten = /@ApiBody\(\{[^)]*schema: \{/.test(readFileSync(join(dir, file), 'utf8'));
      expect({ file, handWritten }).toEqual({ file, handWritten: false });
    }
  });
});
