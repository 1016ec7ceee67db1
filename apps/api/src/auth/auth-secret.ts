import type { Provider } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { resolveJwtSecret } from './jwt-secret';

/** The HS256 secret tokens are signed and checked with (a string). */
export const AUTH_SECRET = Symbol('AUTH_SECRET');

export const authSecretProvider: Provider = {
  provide: AUTH_SECRET,
  inject: [API_CONFIG],
  useFactory: (config: ApiConfig) => resolveJwtSecret(config).secret,
};
