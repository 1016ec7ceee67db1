import { createHmac } from 'node:crypto';

/**
 * HMAC_DRBG with SHA-256, as NIST SP 800-90A Rev. 1 section 10.1.2 defines it: Instantiate, then Generate
 * requests, without prediction resistance and without reseeding (one deck asks for a few hundred bytes, far below
 * the 2^48 requests the standard allows between reseeds). Deterministic: the same entropy input, nonce and
 * personalization give the same bytes, which is what lets a regulator re-derive a deck from its seed. The caller
 * supplies the entropy (the API draws it from the operating system's CSPRNG); nothing here is random.
 */
export class HmacDrbgSha256 {
  private key: Buffer;
  private value: Buffer;

  constructor(entropyInput: Uint8Array, nonce: Uint8Array = EMPTY, personalization: Uint8Array = EMPTY) {
    this.key = Buffer.alloc(32, 0x00);
    this.value = Buffer.alloc(32, 0x01);
    this.update(Buffer.concat([entropyInput, nonce, personalization]));
  }

  /** Generate (10.1.2.5): `bytes` pseudorandom bytes, with optional additional input. */
  generate(bytes: number, additionalInput: Uint8Array = EMPTY): Buffer {
    if (additionalInput.length > 0) this.update(additionalInput);
    const out = Buffer.allocUnsafe(Math.ceil(bytes / 32) * 32);
    for (let at = 0; at < bytes; at += 32) {
      this.value = hmac(this.key, this.value);
      this.value.copy(out, at);
    }
    this.update(additionalInput);
    return out.subarray(0, bytes);
  }

  /** HMAC_DRBG_Update (10.1.2.2). */
  private update(provided: Uint8Array): void {
    this.key = hmac(this.key, this.value, ZERO, provided);
    this.value = hmac(this.key, this.value);
    if (provided.length === 0) return;
    this.key = hmac(this.key, this.value, ONE, provided);
    this.value = hmac(this.key, this.value);
  }
}

const EMPTY = new Uint8Array(0);
const ZERO = new Uint8Array([0x00]);
const ONE = new Uint8Array([0x01]);

function hmac(key: Buffer, ...parts: Uint8Array[]): Buffer {
  const h = createHmac('sha256', key);
  for (const part of parts) if (part.length > 0) h.update(part);
  return h.digest();
}
