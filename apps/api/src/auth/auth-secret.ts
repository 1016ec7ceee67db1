import { createHash, type KeyObject } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { type TokenVerifyKeys, resolveTimerPublicKey, resolveTokenKey } from '@felt/staff';

/** The API's token keys: the Ed25519 private key staff tokens are signed with, and the keys tokens are checked with. */
export interface TokenKeys {
  readonly signing: KeyObject;
  readonly verify: TokenVerifyKeys;
  /** A secret of the API's own, derived from its signing key, for keyed hashes (request fingerprints). */
  readonly hashKey: Buffer;
}

export const TOKEN_KEYS = Symbol('TOKEN_KEYS');

export const tokenKeysProvider: Provider = {
  provide: TOKEN_KEYS,
  inject: [API_CONFIG],
  useFactory: (config: ApiConfig): TokenKeys => {
    const { privateKey, publicKey } = resolveTokenKey(config);
    const timer = resolveTimerPublicKey(config);
    const hashKey = createHash('sha256')
      .update('felt api hash key v1')
      .update(privateKey.export({ format: 'der', type: 'pkcs8' }))
      .digest();
    return { signing: privateKey, verify: timer === undefined ? { staff: publicKey } : { staff: publicKey, timer }, hashKey };
  },
};
