import { SetMetadata } from '@nestjs/common';
import type { Role } from './roles';

export const ROLES_KEY = 'felt:roles';
export const PUBLIC_KEY = 'felt:public';

/** The roles that may call this route (or every route of this controller); without it any signed-in role may. */
export const Roles = (...roles: readonly Role[]) => SetMetadata(ROLES_KEY, roles);

/** A route anyone may call without a token (POST /auth/login). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
