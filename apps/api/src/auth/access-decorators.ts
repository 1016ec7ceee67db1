import { SetMetadata } from '@nestjs/common';
import type { Role } from '@felt/staff';

export const ROLES_KEY = 'felt:roles';
export const PUBLIC_KEY = 'felt:public';

/** The roles that may call this route (or every route of this controller); without it any signed-in role may. */
export const Roles = (...roles: readonly Role[]) => SetMetadata(ROLES_KEY, roles);

/** A route anyone may call without a token (POST /auth/login). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

export const DEVICE_COMMANDS_KEY = 'felt:device-commands';

/**
 * Routes a card reader's or a certified shuffler's token may call (the table commands, where TableAccess says which
 * at which table); every other route refuses such a token (403 DEVICE_NOT_A_CONSOLE), whatever its user's role.
 */
export const DeviceCommands = () => SetMetadata(DEVICE_COMMANDS_KEY, true);
