import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { newAnchorKeyPair, signAnchors, startAnchorReceiver, takeAnchors } from '@felt/regulator';
import { addSourceOptions, openEventLog, type SourceOptions } from './event-log-source';

interface AnchorsOptions extends SourceOptions {
  key: string;
  publicKey?: string;
  generateKey?: boolean;
  out?: string;
}

/**
 * `felt anchors --key PRIVATE.pem [--out FILE]`: every stream's head (version and hash) at this moment, signed with
 * the operator's Ed25519 private key; the regulator keeps the file and the public key, and later runs
 * `felt verify --anchors FILE --anchors-key PUBLIC.pem` to prove the log still extends every anchor.
 * `felt anchors --generate-key --key PRIVATE.pem --public-key PUBLIC.pem` makes the key pair (or with openssl:
 * `openssl genpkey -algorithm ed25519 -out anchors.key && openssl pkey -in anchors.key -pubout -out anchors.pub`).
 * Exit codes: 0 written; 2 the options, the key or the log cannot be used.
 */
export function registerAnchorsCommand(program: Command): void {
  const command = program
    .command('anchors')
    .description("sign every stream's head (version and hash) with an Ed25519 key, for the regulator to hold the log to")
    .requiredOption('--key <private.pem>', 'the Ed25519 private key (PEM) that signs the anchors')
    .option('--out <file>', 'write the signed anchors to this file instead of standard output')
    .option('--generate-key', 'make a new Ed25519 key pair instead: the private key to --key, the public key to --public-key')
    .option('--public-key <public.pem>', 'with --generate-key: where the public key goes (give it to the regulator)');
  addSourceOptions(command).action((options: AnchorsOptions, cmd: Command) => runAnchors(options, cmd));
}

async function runAnchors(options: AnchorsOptions, command: Command): Promise<void> {
  const fail = (message: string) => command.error(`felt anchors: ${message}`, { exitCode: 2, code: 'felt.options' });
  if (options.generateKey) {
    if (!options.publicKey) return fail('--generate-key needs --public-key FILE for the public half.');
    for (const file of [options.key, options.publicKey])
      if (existsSync(file)) return fail(`${file} already exists; a key is never overwritten.`);
    const pair = newAnchorKeyPair();
    writeFileSync(options.key, pair.privateKeyPem, { mode: 0o600 });
    writeFileSync(options.publicKey, pair.publicKeyPem);
    command.configureOutput().writeOut!(
      `wrote the private key to ${options.key} (keep it with the operator) and the public key to ${options.publicKey} (give it to the regulator)\n`,
    );
    return;
  }
  let privateKeyPem: string;
  try {
    privateKeyPem = readFileSync(options.key, 'utf8');
  } catch (error) {
    return fail(`cannot read the key ${options.key}: ${(error as Error).message}.`);
  }
  if (options.file) return fail('anchors are taken from a database (--database-url or --data-dir), not from an export.');
  const log = await openEventLog(options, command, 'anchors');
  if (log.kind !== 'store') return;
  let text: string;
  try {
    const anchors = await takeAnchors(log.store);
    text = JSON.stringify(signAnchors(anchors, privateKeyPem), null, 2) + '\n';
  } catch (error) {
    return fail(`${(error as Error).message}.`);
  } finally {
    await log.close();
  }
  if (options.out) writeFileSync(options.out, text);
  else command.configureOutput().writeOut!(text);
}

/**
 * `felt anchors-receive --dir DIR --public-key PUBLIC.pem [--port N] [--host H]`: the regulator's receiver for the
 * anchors the worker pushes every minute (FELT_ANCHOR_PUSH_URL): each POSTed set with a good signature is kept in DIR
 * as a read-only file never overwritten; `felt verify --anchors DIR --anchors-key PUBLIC.pem` checks the log against
 * all of them. Runs until stopped.
 */
export function registerAnchorsReceiveCommand(program: Command): void {
  program
    .command('anchors-receive')
    .description('receive the anchors the worker pushes (FELT_ANCHOR_PUSH_URL) and keep each signed set as a file')
    .requiredOption('--dir <dir>', 'where the received anchors are kept')
    .requiredOption('--public-key <public.pem>', "the operator's anchor public key: sets it did not sign are refused")
    .option('--port <n>', 'the port to listen on', '9470')
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .action(async (options: { dir: string; publicKey: string; port: string; host: string }, cmd: Command) => {
      const server = await startAnchorReceiver({
        dir: options.dir,
        publicKeyPem: readFileSync(options.publicKey, 'utf8'),
        port: Number(options.port),
        host: options.host,
      });
      const address = server.address();
      cmd.configureOutput().writeOut!(
        `receiving anchors on ${typeof address === 'object' && address ? `${address.address}:${address.port}` : options.port}, keeping them in ${options.dir}\n`,
      );
      await new Promise<void>((resolve) => process.once('SIGINT', () => server.close(() => resolve())));
    });
}
