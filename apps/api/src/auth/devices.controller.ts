import { Controller, Delete, Get, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { requestIdOf, type HttpRequest } from '../http/http-types';
import { jsonBody } from '../http/json-body';
import { listPageSchema, pageOf } from '../http/list-page';
import { parseInput } from '../http/parse-input';
import { ApiProblem } from '../http/status-mapping';
import { fieldIssues } from '../tables/command-request';
import { Roles } from './access-decorators';
import { apiActor } from './audit-log';
import { DEVICE_NAME, Devices } from './devices';
import { principalOf } from './principal';

const registerSchema = z.strictObject({
  name: z.string({ error: 'name must be a string' }).regex(DEVICE_NAME, { error: 'a device name is 1 to 64 letters, digits, spaces, ".", "_", "@" or "-"' }),
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
  @ApiOperation({ summary: 'The registered devices by name, a page at a time: id, name, registeredBy, registeredAt, retiredAt (floor only)' })
  @ApiQuery({ name: 'after', required: false, description: "The last name of the page before (the previous answer's nextAfter)" })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 1000 (default 1000)' })
  async list(@Query() query: Record<string, unknown>) {
    const { after, limit } = parseInput(pageSchema, query);
    const { items, nextAfter } = pageOf(await this.devices.page(limit + 1, after), limit, (d) => d.name);
    return { devices: items, nextAfter };
  }

  @Post()
  @ApiOperation({ summary: 'Register a console {name}: 201 with its credential, shown once (floor only)' })
  @ApiBody({ schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } })
  @ApiResponse({ status: 409, description: 'DEVICE_NAME_TAKEN' })
  async register(@Req() req: HttpRequest) {
    const parsed = registerSchema.safeParse(jsonBody(req));
    if (!parsed.success) throw ApiProblem.invalidRequest(fieldIssues(parsed.error));
    const principal = principalOf(req);
    const registered = await this.devices.register(parsed.data.name, principal.sub, apiActor(principal, requestIdOf(req)));
    if (registered === 'name-taken') throw new ApiProblem('staff-conflict', 'DEVICE_NAME_TAKEN', `there is already a device "${parsed.data.name}"`);
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
