import { Agent, request } from 'node:http';

export interface HttpAnswer {
  readonly status: number;
  readonly body: any;
}

/**
 * A bare keep-alive HTTP/1.1 JSON client for a real server (the kill -9 test, the benchmark): cheaper per request
 * than fetch, and it reports a dropped connection as an error rather than retrying it.
 */
export class JsonHttpClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });

  /** `defaultHeaders` go with every request (e.g. authHeaders('floor') from ./auth); per-request headers win. */
  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get(path: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    return this.send('GET', path, undefined, { ...this.defaultHeaders, ...headers });
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    return this.send('POST', path, body, { ...this.defaultHeaders, ...headers });
  }

  close(): void {
    this.agent.destroy();
  }

  private send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.baseUrl}${path}`,
        {
          method,
          agent: this.agent,
          headers:
            payload === undefined
              ? headers
              : { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
            } catch (error) {
              reject(error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
}
