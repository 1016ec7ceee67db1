import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { type HttpRequest } from '../http/http-types';
import { jsonBody } from '../http/json-body';
import { ApiProblem } from '../http/status-mapping';
import { fieldIssues } from '../tables/command-request';
import type { SignInFailure } from '@felt/regulator';
import { requestIdOf } from '../http/http-types';
import { Public } from './access-decorators';
import { apiActor, AuditLog, signAccessToken, verifyPassword, isStaffRefusal, StaffAdmin, Users } from '@felt/staff';
import { Devices } from './devices';
import { SignInThrottle, type SignInWait } from './login-throttle';
import { TOKEN_KEYS, type TokenKeys } from './auth-secret';
import { SecurityLog } from './security-log';
import { staffProblem } from './users.controller';
import { parseInput } from '../http/parse-input';
import { bodySchema } from '../openapi/body-schema';

export const loginSchema = z.strictObject({
  username: z.string({ error: 'username must be a string' }).min(1).max(64),
  password: z.string({ error: 'password must be a string' }).min(1).max(1024),
  /** The credential of the registered device signing in (POST /devices): its id goes into the token. */
  device: z
    .string({ error: 'device must be a string: the credential POST /devices gave' })
    .min(1)
    .max(256)
    .optional()
    .meta({ description: 'the credential of a registered device (POST /devices)' }),
});

export const enrollSchema = z.strictObject({
  username: z.string({ error: 'username must be a string' }).min(1).max(64),
  code: z.string({ error: 'code must be a string: the enrollment code the floor handed you' }).min(1).max(256),
  password: z
    .string({ error: 'password must be a string' })
    .min(1)
    .max(1024)
    .meta({ description: 'at least 8 characters (400 PASSWORD_TOO_SHORT)' }),
});

/** Checked against when the user does not exist, so that a wrong name costs as long as a wrong password. */
const NO_USER_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(Users) private readonly users: Users,
    @Inject(TOKEN_KEYS) private readonly keys: TokenKeys,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Devices) private readonly devices: Devices,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
    @Inject(StaffAdmin) private readonly admin: StaffAdmin,
  ) {}

  @Post('enroll')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set your own password with the one-time enrollment code the floor handed you (a new account, or after a reset)',
  })
  @ApiBody({ schema: bodySchema(enrollSchema) })
  @ApiResponse({ status: 200, description: '{user: {id, name, role}}: sign in with POST /auth/login' })
  @ApiResponse({ status: 400, description: 'INVALID_REQUEST, PASSWORD_TOO_SHORT' })
  @ApiResponse({ status: 401, description: 'INVALID_ENROLLMENT_CODE: a wrong, used or expired code, or a disabled user (nothing written)' })
  @ApiResponse({ status: 429, description: 'LOGIN_THROTTLED: too many failures for this name from this address, or from this address' })
  async enroll(@Req() req: HttpRequest) {
    const { username, code, password } = parseInput(enrollSchema, jsonBody(req));
    const address = req.ip ?? null;
    const wait = await this.throttle.waitFor(username, address);
    if (wait !== null) throw this.throttled(req, username, wait);
    const enrolled = await this.admin.enroll(username, code, password, requestIdOf(req));
    if (isStaffRefusal(enrolled)) throw staffProblem(enrolled);
    if (enrolled === null) {
      // Guessing codes is throttled like guessing passwords.
      await this.throttle.failed(username, address);
      const problem = new ApiProblem(
        'unauthenticated',
        'INVALID_ENROLLMENT_CODE',
        'the enrollment code is wrong, used or expired (or the user is disabled): ask a floor supervisor for a new one',
      );
      throw this.securityLog.refuse(req, problem, 'enroll: invalid code', { name: username });
    }
    await this.throttle.succeeded(username, address);
    return { user: { id: enrolled.id, name: enrolled.name, role: enrolled.role } };
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in: a user name and password for a Bearer access token (JWT)' })
  @ApiBody({ schema: bodySchema(loginSchema) })
  @ApiResponse({ status: 200, description: '{accessToken, tokenType: "Bearer", expiresIn (seconds), user: {id, name, role}}' })
  @ApiResponse({
    status: 401,
    description:
      'Wrong user name or password, or the user is disabled (INVALID_CREDENTIALS); a wrong or retired device credential (INVALID_DEVICE)',
  })
  @ApiResponse({
    status: 429,
    description:
      'Too many failed sign-ins for this user name from this address, or from this address (LOGIN_THROTTLED, Retry-After); good sign-ins never count',
  })
  async login(@Req() req: HttpRequest) {
    const parsed = loginSchema.safeParse(jsonBody(req));
    if (!parsed.success) throw ApiProblem.invalidRequest(fieldIssues(parsed.error));
    const { username, password, device: credential } = parsed.data;
    const address = req.ip ?? null;
    const wait = await this.throttle.waitFor(username, address);
    if (wait !== null) throw this.throttled(req, username, wait);
    const found = await this.users.byNameWithHash(username);
    const passwordMatches = await verifyPassword(password, found?.passwordHash ?? NO_USER_HASH);
    if (!found || !passwordMatches || found.user.disabled) {
      const failure: SignInFailure = !found ? 'no-such-user' : !passwordMatches ? 'wrong-password' : 'user-disabled';
      const who = found ? { sub: found.user.id, name: found.user.name, role: found.user.role } : undefined;
      await this.audit.append({ type: 'SignInFailed', name: username, reason: failure, address }, apiActor(who, requestIdOf(req)));
      const started = await this.throttle.failed(username, address);
      // A lock is on record once, when it starts, not for every attempt refused while it lasts.
      if (started !== null)
        await this.audit.append(
          {
            type: 'SignInLocked',
            scope: started.scope,
            name: started.scope === 'user' ? username : null,
            address,
            seconds: started.seconds,
          },
          apiActor(undefined),
        );
      const problem = new ApiProblem(
        'unauthenticated',
        'INVALID_CREDENTIALS',
        'the user name or password is wrong, or the user is disabled',
      );
      throw this.securityLog.refuse(req, problem, `login: ${failure.replace(/-/g, ' ')}`, who ?? { name: username });
    }
    await this.throttle.succeeded(username, address);
    const { user } = found;
    const principal = { sub: user.id, name: user.name, role: user.role, generation: found.tokenGeneration };
    let device: string | undefined;
    if (credential !== undefined) {
      const checked = await this.devices.check(credential);
      if (!checked.ok) {
        await this.audit.append(
          { type: 'SignInFailed', name: username, reason: checked.reason, address },
          apiActor(principal, requestIdOf(req)),
        );
        const problem = new ApiProblem(
          'unauthenticated',
          'INVALID_DEVICE',
          'this console is not a registered device (its credential is wrong, or it was retired): ask the floor to register it',
        );
        throw this.securityLog.refuse(req, problem, `login: ${checked.reason.replace(/-/g, ' ')}`, principal);
      }
      device = checked.device.id;
    }
    const signed = device === undefined ? principal : { ...principal, device };
    await this.audit.append(
      { type: 'SignedIn', userId: user.id, name: user.name, role: user.role, deviceId: device ?? null, address },
      apiActor(signed, requestIdOf(req)),
    );
    const expiresIn = this.config.tokenTtlSeconds;
    return {
      accessToken: signAccessToken(this.keys.signing, signed, expiresIn),
      tokenType: 'Bearer',
      expiresIn,
      user: { id: user.id, name: user.name, role: user.role },
      device: device ?? null,
    };
  }

  /** 429 LOGIN_THROTTLED with Retry-After, and a security log line; nothing is written. */
  private throttled(req: HttpRequest, username: string, wait: SignInWait): ApiProblem {
    const problem = new ApiProblem(
      'too-many-requests',
      'LOGIN_THROTTLED',
      wait.scope === 'user'
        ? `too many failed sign-ins for this user name from this address: wait ${wait.seconds} s, or sign in from another console; a floor supervisor can help meanwhile`
        : `too many failed sign-ins from this address: wait ${wait.seconds} s`,
      { retryAfterSeconds: wait.seconds },
    );
    return this.securityLog.refuse(
      req,
      problem,
      wait.scope === 'user' ? 'login: user name waiting at this address' : 'login: address throttled',
      wait.scope === 'user' ? { name: username } : undefined,
    );
  }
}
