import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { EventStore } from '@felt/event-store';
import { openSignedAnchors, signAnchors, takeAnchors, type AnchorSet } from './anchors';

/**
 * Anchors taken continuously and pushed where the database's operator cannot rewrite them (docs/regulators.md,
 * "Anchors pushed every minute"; issue 30 row 9). The worker signs every stream's head and POSTs it to
 * FELT_ANCHOR_PUSH_URL; a receiver the regulator runs (`felt anchors receive`) checks the signature and keeps each set
 * as a file it never overwrites; `felt verify --anchors DIR` then holds the log to every one of them.
 */
export async function pushAnchors(store: EventStore, privateKeyPem: string, url: string, post: typeof fetch = fetch): Promise<AnchorSet> {
  const anchors = await takeAnchors(store);
  const response = await post(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signAnchors(anchors, privateKeyPem)),
  });
  if (!response.ok) throw new Error(`the anchor receiver at ${url} answered ${response.status}`);
  return anchors;
}

/** At most this much of a body is read: an anchors file names every stream, a few hundred bytes each. */
const MAX_BODY = 64 * 1024 * 1024;

/**
 * An HTTP receiver: POST a signed anchors document (as `felt anchors` writes it); a good signature by `publicKeyPem`
 * is kept as `<dir>/anchors-<takenAt>-<random>.json` (201), anything else is refused (400) and nothing is written.
 */
export function startAnchorReceiver(options: { dir: string; publicKeyPem: string; port: number; host?: string }): Promise<Server> {
  mkdirSync(options.dir, { recursive: true });
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let anchors: AnchorSet;
      try {
        anchors = openSignedAnchors(text, options.publicKeyPem);
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`refused: ${(error as Error).message}\n`);
        return;
      }
      const file = join(options.dir, `anchors-${anchors.takenAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`);
      writeFileSync(file, text, { flag: 'wx', mode: 0o444 });
      res.writeHead(201, { 'content-type': 'text/plain' }).end(`kept ${file}\n`);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve(server));
  });
}

/** Every anchors set kept in `path` (a directory of received files) or in the one file `path`, each checked against `publicKeyPem`. */
export function readAnchorSets(path: string, publicKeyPem: string): AnchorSet[] {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(path, name))
    : [path];
  return files.map((file) => {
    try {
      return openSignedAnchors(readFileSync(file, 'utf8'), publicKeyPem);
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
  });
}
