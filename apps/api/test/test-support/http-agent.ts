import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';

/** A request as a transport sends it: light-my-request's shape, which Fastify's inject takes. */
export interface RawRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
}

/** An answer as a transport gives it back. */
export interface RawAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, unknown>;
  readonly payload: string;
}

export type Transport = (request: RawRequest) => Promise<RawAnswer>;

/** What a test reads of an answer: supertest's names for the parts the suites use. */
export interface HttpResponse {
  readonly status: number;
  /** The parsed body for a JSON media type (application/json, application/problem+json, ...), else {}. */
  readonly body: any;
  /** The body as text, whatever its type. */
  readonly text: string;
  /** Lower-case names; a header sent more than once is joined with ", ". */
  readonly headers: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Requests as the test suites write them (`agent.post(path).set(headers).send(body).expect(201)`), sent through a
 * transport: Fastify's inject (the same routing, hooks, parsing and serialization, no socket) or a real socket.
 * Only the calls the suites make; a request is sent when first awaited.
 */
export class HttpAgent {
  constructor(
    private readonly transport: Transport,
    private readonly defaults: Record<string, string> = {},
  ) {}

  get(path: string): HttpRequest {
    return this.request('GET', path);
  }
  post(path: string): HttpRequest {
    return this.request('POST', path);
  }
  put(path: string): HttpRequest {
    return this.request('PUT', path);
  }
  patch(path: string): HttpRequest {
    return this.request('PATCH', path);
  }
  delete(path: string): HttpRequest {
    return this.request('DELETE', path);
  }

  private request(method: Method, path: string): HttpRequest {
    return new HttpRequest(this.transport, method, path, this.defaults);
  }
}

export class HttpRequest implements Promise<HttpResponse> {
  readonly [Symbol.toStringTag] = 'HttpRequest';
  private readonly headers: Record<string, string> = {};
  private readonly search = new URLSearchParams();
  private payload: string | undefined;
  private expected: { status: number; text?: RegExp; stack: Error } | undefined;
  private sent: Promise<HttpResponse> | undefined;

  constructor(
    private readonly transport: Transport,
    private readonly method: Method,
    private readonly path: string,
    defaults: Record<string, string>,
  ) {
    this.set(defaults);
  }

  /** A header, or several; names are case-insensitive and the last value wins. */
  set(field: string | Record<string, string>, value?: string): this {
    const fields = typeof field === 'string' ? { [field]: value ?? '' } : field;
    for (const [name, v] of Object.entries(fields)) this.headers[name.toLowerCase()] = v;
    return this;
  }

  /** Adds to the query string (undefined values are left out). */
  query(values: Record<string, string | number | boolean | undefined>): this {
    for (const [name, value] of Object.entries(values)) if (value !== undefined) this.search.append(name, String(value));
    return this;
  }

  /**
   * The body: a string is sent as it is (with the Content-Type set, else as a form, as supertest does); anything else
   * as JSON.
   */
  send(body?: unknown): this {
    if (body === undefined) return this;
    if (typeof body === 'string') {
      this.headers['content-type'] ??= 'application/x-www-form-urlencoded';
      this.payload = body;
    } else {
      this.headers['content-type'] ??= 'application/json';
      this.payload = JSON.stringify(body);
    }
    return this;
  }

  /** Fails the request unless the status is `status` (and the body text matches `text`). */
  expect(status: number, text?: RegExp): this {
    // The error is made here so that its stack points at the test line that expected the status.
    this.expected = { status, ...(text ? { text } : {}), stack: new Error() };
    return this;
  }

  then<A = HttpResponse, B = never>(
    onSent?: ((response: HttpResponse) => A | PromiseLike<A>) | null,
    onFailed?: ((error: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.sent ??= this.dispatch();
    return this.sent.then(onSent, onFailed);
  }

  catch<B = never>(onFailed: (error: unknown) => B | PromiseLike<B>): Promise<HttpResponse | B> {
    return this.then(undefined, onFailed);
  }

  finally(onSettled?: (() => void) | null): Promise<HttpResponse> {
    return this.then().finally(onSettled);
  }

  private async dispatch(): Promise<HttpResponse> {
    const query = this.search.toString();
    const url = query === '' ? this.path : `${this.path}${this.path.includes('?') ? '&' : '?'}${query}`;
    const answer = await this.transport({
      method: this.method,
      url,
      headers: this.headers,
      ...(this.payload === undefined ? {} : { payload: this.payload }),
    });
    const response = responseOf(answer);
    const expected = this.expected;
    if (expected && (response.status !== expected.status || (expected.text && !expected.text.test(response.text)))) {
      expected.stack.message =
        `expected ${expected.status}${expected.text ? ` and a body matching ${expected.text}` : ''}, got ${response.status} ` +
        `for ${this.method} ${url}: ${response.text.slice(0, 500)}`;
      throw expected.stack;
    }
    return response;
  }
}

/** A JSON media type, as superagent tells one: application/json, application/problem+json; not application/x-ndjson. */
const JSON_TYPE = /[/+]json($|[^-\w])/i;

function responseOf(answer: RawAnswer): HttpResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  const text = answer.payload;
  const body = JSON_TYPE.test(headers['content-type'] ?? '') && text !== '' ? JSON.parse(text) : {};
  return { status: answer.statusCode, body, text, headers };
}

/** Fastify's inject: the request goes through the app's routing, hooks and serialization without a socket. */
export function injectTransport(app: INestApplication): Transport {
  const fastify = app.getHttpAdapter().getInstance();
  return async (request) => {
    const answer = await fastify.inject(request);
    return { statusCode: answer.statusCode, headers: answer.headers, payload: answer.payload };
  };
}

const listening = new WeakMap<INestApplication, Promise<string>>();

/** The app's base URL on 127.0.0.1: it listens on a free port the first time unless it listens already. */
export function baseUrlOf(app: INestApplication): Promise<string> {
  let url = listening.get(app);
  if (!url) {
    url = (async () => {
      const server = app.getHttpServer();
      if (!server.address()) await app.listen(0, '127.0.0.1');
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    })();
    listening.set(app, url);
  }
  return url;
}

/** A real socket: HTTP/1.1 to the app's port (baseUrlOf), on Node's keep-alive connections; app.close() closes it. */
export function socketTransport(app: INestApplication): Transport {
  return async (request) => {
    const base = await baseUrlOf(app);
    return new Promise<RawAnswer>((resolve, reject) => {
      const payload = request.payload === undefined ? undefined : Buffer.from(request.payload);
      const headers = payload === undefined ? request.headers : { ...request.headers, 'content-length': String(payload.length) };
      const sent = httpRequest(`${base}${request.url}`, { method: request.method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, payload: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      sent.on('error', reject);
      sent.end(payload);
    });
  };
}
