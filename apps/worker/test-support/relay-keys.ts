import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { relayKey, type RelayKey } from '../../../examples/consumer/relay-signature';
import { JobSigner } from '../src/relay/job-signature';

/** The relay's signing key in tests (PKCS #8 PEM, as FELT_RELAY_SIGNING_KEY may be): made up per test process. */
export const TEST_RELAY_PRIVATE_KEY = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
/** What the tests' relays sign jobs with. */
export const TEST_RELAY_SIGNER = new JobSigner(createPrivateKey(TEST_RELAY_PRIVATE_KEY));
/** The reference consumer's pinned key: the relay's public half. */
export const TEST_RELAY_KEYS: readonly RelayKey[] = [relayKey(TEST_RELAY_SIGNER.publicKey)];
