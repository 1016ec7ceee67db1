export { HmacDrbgSha256 } from './hmac-drbg';
export { DRBG_PRNG, drbgShuffledDeck, isDrbgSeed } from './drbg-shuffle';
export { deckCommitment, isSalt } from './deck-commitment';
