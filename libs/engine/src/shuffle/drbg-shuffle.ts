import type { Card } from '../cards/card';
import { HmacDrbgSha256 } from './hmac-drbg';

/**
 * PRNG "hmac-drbg-sha256-fisher-yates", the house shuffle. A regulator re-derives a deck from its seed with this:
 *
 * 1. The seed is 32 bytes (256 bits, written as 64 lower-case hex digits). HMAC_DRBG with SHA-256 (NIST SP 800-90A
 *    Rev. 1, 10.1.2) is instantiated with the seed as its entropy input, an empty nonce and an empty
 *    personalization string.
 * 2. Random numbers are unsigned 32-bit integers, read big-endian from successive Generate requests of 256 bytes
 *    (no additional input), 64 numbers a request.
 * 3. A number below n is drawn without modulo bias by rejection: with limit = 2^32 - (2^32 mod n), numbers x >=
 *    limit are skipped and the answer is x mod n.
 * 4. Fisher-Yates from the deck in card order (2c 2d 2h 2s 3c ... As, card numbers 0..51): for i = 51 down to 1,
 *    swap position i with position j, j a number below i + 1 drawn as in 3.
 *
 * Every one of the 52! orders is reachable: each step picks any of its i + 1 positions with equal probability,
 * and the generator's 256-bit state far exceeds log2(52!) ≈ 226 bits.
 */
export const DRBG_PRNG = 'hmac-drbg-sha256-fisher-yates';

const REQUEST_BYTES = 256;
const TWO_32 = 0x1_0000_0000;

export function drbgShuffledDeck(seed: Uint8Array): Card[] {
  const drbg = new HmacDrbgSha256(seed);
  let block = drbg.generate(REQUEST_BYTES);
  let at = 0;
  const next = (): number => {
    if (at === REQUEST_BYTES) {
      block = drbg.generate(REQUEST_BYTES);
      at = 0;
    }
    const x = block.readUInt32BE(at);
    at += 4;
    return x;
  };
  const deck: Card[] = [];
  for (let i = 0; i < 52; i++) deck.push(i);
  for (let i = 51; i > 0; i--) {
    const n = i + 1;
    const limit = TWO_32 - (TWO_32 % n);
    let x = next();
    while (x >= limit) x = next();
    const j = x % n;
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck;
}

/** A seed as the house writes it: 64 lower-case hex digits. */
export function isDrbgSeed(seed: unknown): seed is string {
  return typeof seed === 'string' && /^[0-9a-f]{64}$/.test(seed);
}
