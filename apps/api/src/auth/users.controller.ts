import { Controller, Get, HttpCode, Inject, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { requestIdOf, type HttpRequest, type HttpResponse } from '../http/http-types';
import { jsonBody } from '../http/json-body';
import { listPageSchema, pageOf } from '../http/list-page';
import { parseInput } from '../http/parse-input';
import { bodySchema } from '../openapi/body-schema';
import { ApiProblem } from '../http/status-mapping';
import { Roles } from './access-decorators';
import {
  apiActor,
  isStaffRefusal,
  StaffAdmin,
  StaffApprovals,
  type StaffAdminActor,
  type StaffRefusal,
  type EnrollmentCode,
  USER_NAME,
  USER_ROLES,
  Users,
  type User,
} from '@felt/staff';
import { principalOf } from './principal';

// role is any string here: the staff rules refuse an unknown one with UNKNOWN_ROLE and a sentence (the document lists them).
const role = z.string({ error: 'role must be a string' }).meta({ enum: [...USER_ROLES] });
export const createSchema = z.strictObject({
  name: z.string({ error: 'name must be a string' }),
  role,
});
export const changeSchema = z
  .strictObject({
    role: role.optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  })
  .refine((c) => c.role !== undefined || c.disabled !== undefined, { error: 'give role, disabled or both' });
export const resetSchema = z.strictObject({});
const pageSchema = listPageSchema(z.string().regex(USER_NAME, { error: "after is a user name: the previous answer's nextAfter" }));

/** A refusal of the staff rules as the API's problem: 400 bad input, 404 no such user, 409 taken or last floor, 403 yourself. */
export function staffProblem(refusal: StaffRefusal): ApiProblem {
  switch (refusal.kind) {
    case 'invalid':
      return new ApiProblem('invalid-request', refusal.code, refusal.message);
    case 'not-found':
      return new ApiProblem('user-not-found', refusal.code, refusal.message);
    case 'conflict':
      return new ApiProblem('staff-conflict', refusal.code, refusal.message);
    case 'forbidden':
      return new ApiProblem('forbidden', refusal.code, refusal.message);
  }
}

function done<T>(result: T | StaffRefusal): T {
  if (isStaffRefusal(result)) throw staffProblem(result);
  return result;
}

/**
 * User admin for the floor (docs/api.md "Users"): list, add, change role or disable, reset a password. Each change
 * commits with its audit event (StaffAdmin). Adding a user or resetting a password answers a one-time enrollment
 * code, never a password: the person sets their own.
 */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
@Roles('floor')
export class UsersController {
  constructor(
    @Inject(Users) private readonly users: Users,
    @Inject(StaffAdmin) private readonly admin: StaffAdmin,
    @Inject(StaffApprovals) private readonly staffApprovals: StaffApprovals,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The users by name, a page at a time: id, name, role, createdAt, disabled (floor only; never a password)' })
  @ApiQuery({ name: 'after', required: false, description: "The last name of the page before (the previous answer's nextAfter)" })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 1000 (default 1000)' })
  async list(@Query() query: Record<string, unknown>) {
    const { after, limit } = parseInput(pageSchema, query);
    const { items, nextAfter } = pageOf(await this.users.page(limit + 1, after), limit, (u) => u.name);
    return { users: items, nextAfter };
  }

  @Post()
  @ApiOperation({
    summary: 'Add a user {name, role}: 201 with a one-time enrollment code the person sets their own password with (floor only)',
  })
  @ApiBody({ schema: bodySchema(createSchema) })
  @ApiResponse({
    status: 201,
    description: '{user, enrollmentCode, expiresAt}: the code is shown once; the person sets their password with POST /auth/enroll',
  })
  @ApiResponse({ status: 400, description: 'INVALID_REQUEST, INVALID_USER_NAME, UNKNOWN_ROLE' })
  @ApiResponse({
    status: 202,
    description:
      'APPROVAL_REQUIRED: a floor supervisor, a regulator or a count team member is added once another floor supervisor approves (POST /approvals/{approvalId}/approve, which answers the code)',
  })
  @ApiResponse({ status: 409, description: 'USER_NAME_TAKEN' })
  async create(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpResponse) {
    const { name, role } = parseInput(createSchema, jsonBody(req));
    const asked = done(await this.staffApprovals.askCreate(name, role, actorOf(req)));
    if (asked) {
      res.status(202);
      return asked;
    }
    const { user, enrollment } = done(await this.admin.create(name, role, actorOf(req)));
    return enrollmentAnswer(user, enrollment!);
  }

  @Patch(':userId')
  @ApiOperation({ summary: "Change a user's role and/or disable or enable them {role?, disabled?} (floor only); by id or name" })
  @ApiBody({ schema: bodySchema(changeSchema) })
  @ApiResponse({ status: 200, description: '{user, changes}: the audit events written (none when nothing changed)' })
  @ApiResponse({ status: 400, description: 'INVALID_REQUEST, UNKNOWN_ROLE' })
  @ApiResponse({ status: 403, description: 'CANNOT_DISABLE_SELF, CANNOT_CHANGE_OWN_ROLE' })
  @ApiResponse({ status: 404, description: 'USER_NOT_FOUND' })
  @ApiResponse({
    status: 202,
    description:
      'APPROVAL_REQUIRED: a role changed to floor, regulator or count, or a disabled floor supervisor, regulator or count team member enabled, is applied once another floor supervisor approves (POST /approvals/{approvalId}/approve)',
  })
  @ApiResponse({ status: 409, description: 'LAST_FLOOR_USER' })
  async change(@Param('userId') userId: string, @Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpResponse) {
    const change = parseInput(changeSchema, jsonBody(req));
    const asked = await this.staffApprovals.askChange(userId, change, actorOf(req));
    if (asked) {
      res.status(202);
      return asked;
    }
    const { user, events } = done(await this.admin.update(userId, change, actorOf(req)));
    return { user, changes: events.map((e) => e.type) };
  }

  @Post(':userId/password')
  @HttpCode(200)
  @ApiOperation({
    summary: "Reset a user's password (floor only): the old one and the user's tokens stop; 200 with a one-time enrollment code",
  })
  @ApiBody({ required: false, schema: bodySchema(resetSchema) })
  @ApiResponse({ status: 404, description: 'USER_NOT_FOUND' })
  async resetPassword(@Param('userId') userId: string, @Req() req: HttpRequest) {
    parseInput(resetSchema, jsonBody(req));
    const { user, enrollment } = done(await this.admin.resetPassword(userId, actorOf(req)));
    return enrollmentAnswer(user, enrollment!);
  }
}

/** The floor gets a code to hand over, never a password: the person chooses theirs (docs/security.md "Insiders", row 3). */
export function enrollmentAnswer(user: User, enrollment: EnrollmentCode) {
  return {
    user,
    enrollmentCode: enrollment.code,
    expiresAt: enrollment.expiresAt,
    note: `the code is shown once: hand it to ${user.name}, who sets their own password with it (POST /auth/enroll, or "First sign-in" on the console) before ${enrollment.expiresAt}`,
  };
}

function actorOf(req: HttpRequest): StaffAdminActor {
  const principal = principalOf(req);
  return { userId: principal.sub, audit: apiActor(principal, requestIdOf(req)) };
}
