import { Controller, Delete, Get, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { requestIdOf, type HttpRequest } from '../http/http-types';
import { jsonBody } from '../http/json-body';
import { listPageSchema, pageOf } from '../http/list-page';
import { parseInput } from '../http/parse-input';
import { bodySchema } from '../openapi/body-schema';
import { ApiProblem } from '../http/status-mapping';
import { fieldIssues } from '../tables/command-request';
import { Roles } from './access-decorators';
import { apiActor } from '@felt/staff';
import { tableIdSchema } from '../tables/table-command-schema';
import { DEVICE_KINDS, DEVICE_NAME, Devices } from './devices';
import { principalOf } from './principal';

export const registerSchema = z
  .strictObject({
    name: z
      .string({ error: 'name must be a string' })
      .regex(DEVICE_NAME, { error: 'a device name is 1 to 64 letters, digits, spaces, ".", "_", "@" or "-"' }),
    kind: z.enum(DEVICE_KINDS, { error: `kind is one of ${DEVICE_KINDS.join(', ')}` }).optional(),
    tableId: tableIdSchema.optional().meta({ description: 'readers and shufflers: the table they serve' }),
  })
  .superRefine((body, ctx) => {
    const bound = body.kind === 'reader' || body.kind === 'shuffler';
    if (bound && body.tableId === undefined)
      ctx.addIssue({ code: 'custom', message: `a ${body.kind} serves one table: give its tableId`, path: ['tableId'] });
    if (!bound && body.tableId !== undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'a console serves every table: leave tableId out (it is for readers and shufflers)',
        path: ['tableId'],
      });
  });

const pageSchema = listPageSchema(z.string().regex(DEVICE_NAME, { error: "after is a device name: the previous answer's nextAfter" }));

/** The consoles the floor registers (docs/api.md "Devices"): a credential shown once, retired when the console goes. */
@ApiTags('devices')
@ApiBearerAuth()
@Controller('devices')
@Roles('floor')
export class DevicesController {
  constructor(@Inject(Devices) private readonly devices: Devices) {}

  @Get()
  @ApiOperation({
    summary:
      'The registered devices by name, a page at a time: id, name, kind, tableId, registeredBy, registeredAt, retiredAt (floor only)',
  })
  @ApiQuery({ name: 'after', required: false, description: "The last name of the page before (the previous answer's nextAfter)" })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 1000 (default 1000)' })
  async list(@Query() query: Record<string, unknown>) {
    const { after, limit } = parseInput(pageSchema, query);
    const { items, nextAfter } = pageOf(await this.devices.page(limit + 1, after), limit, (d) => d.name);
    return { devices: items, nextAfter };
  }

  @Post()
  @ApiOperation({
    summary: 'Register a device {name, kind?, tableId?}: 201 with its credential, shown once (floor only)',
    description:
      'kind: console (the default; staff consoles), reader (reports the hole cards of its table, tableId) or shuffler (sends the decks of its table, tableId).',
  })
  @ApiBody({ schema: bodySchema(registerSchema) })
  @ApiResponse({ status: 409, description: 'DEVICE_NAME_TAKEN' })
  async register(@Req() req: HttpRequest) {
    const parsed = registerSchema.safeParse(jsonBody(req));
    if (!parsed.success) throw ApiProblem.invalidRequest(fieldIssues(parsed.error));
    const principal = principalOf(req);
    const { name, kind = 'console', tableId = null } = parsed.data;
    const registered = await this.devices.register(name, principal.sub, apiActor(principal, requestIdOf(req)), kind, tableId);
    if (registered === 'name-taken')
      throw new ApiProblem('staff-conflict', 'DEVICE_NAME_TAKEN', `there is already a device "${parsed.data.name}"`);
    return { ...registered, note: 'the credential is shown once: set it in the console, which sends it as "device" at sign-in' };
  }

  @Delete(':deviceId')
  @ApiOperation({ summary: 'Retire a device (by id or name): tokens signed in on it stop at once (floor only)' })
  @ApiResponse({ status: 404, description: 'DEVICE_NOT_FOUND' })
  async retire(@Param('deviceId') deviceId: string, @Req() req: HttpRequest) {
    const device = await this.devices.retire(deviceId, apiActor(principalOf(req), requestIdOf(req)));
    if (!device) throw new ApiProblem('device-not-found', 'DEVICE_NOT_FOUND', `there is no device "${deviceId}"`);
    return { device };
  }
}
