import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

/**
 * Sends PING to the Redis at `url` (redis:// or rediss://, with AUTH if the URL has a password) and resolves when
 * it answers +PONG. A few lines of RESP instead of a client library: health needs nothing more.
 */
export function pingRedis(url: string, timeoutMs = 2000): Promise<void> {
  const target = new URL(url);
  const port = Number(target.port || 6379);
  const host = target.hostname || '127.0.0.1';
  const socket: Socket = target.protocol === 'rediss:' ? connectTls({ host, port, servername: host }) : connectTcp({ host, port });
  const commands: string[][] = [];
  if (target.password)
    commands.push(
      target.username
        ? ['AUTH', decodeURIComponent(target.username), decodeURIComponent(target.password)]
        : ['AUTH', decodeURIComponent(target.password)],
    );
  commands.push(['PING']);

  return new Promise<void>((resolve, reject) => {
    let buffer = '';
    let answered = 0;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`no answer from Redis within ${timeoutMs} ms`)), timeoutMs);
    socket.once('error', (error) => finish(error));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (line.startsWith('-')) return finish(new Error(`Redis: ${line.slice(1)}`));
        answered++;
        if (answered === commands.length) return finish(line === '+PONG' ? undefined : new Error(`Redis answered ${line} to PING`));
      }
    });
    socket.write(commands.map((args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`).join(''));
  });
}
