import { hash } from 'node:crypto';
import type { Card } from '../cards/card';

/**
 * The deck commitment HandStarted carries: SHA-256 over the salt's bytes followed by the deck's 52 card numbers,
 * one byte each (rank * 4 + suit, top card first), written as 64 lower-case hex digits. In Python:
 * `hashlib.sha256(bytes.fromhex(salt) + bytes(deck)).hexdigest()`. The salt (16 to 64 random bytes, revealed with
 * the deck after the hand) keeps anyone from testing guessed orders against the commitment during the hand.
 */
export function deckCommitment(salt: string, deck: readonly Card[]): string {
  const saltBytes = salt.length / 2;
  // A plain Uint8Array: V8 allocates it inline, where Buffer.allocUnsafe's pooled slice cost a third of this function;
  // a Buffer over the same memory only to read a salt's hex digits.
  const bytes = new Uint8Array(saltBytes + deck.length);
  if (saltBytes > 0) Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).write(salt, 0, saltBytes, 'hex');
  for (let i = 0; i < deck.length; i++) bytes[saltBytes + i] = deck[i];
  // crypto.hash, the one-shot digest: a third of createHash's cost for a few dozen bytes, paid once a hand.
  return hash('sha256', bytes, 'hex');
}

/** A salt as the commitment takes it: 16 to 64 bytes as lower-case hex (empty only for scripts, which hide nothing). */
export function isSalt(salt: unknown): salt is string {
  return typeof salt === 'string' && /^(?:[0-9a-f]{2}){16,64}$/.test(salt);
}
