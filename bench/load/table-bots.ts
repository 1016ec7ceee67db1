import { randomBytes } from 'node:crypto';
import type { HttpAnswer, JsonHttpClient } from '../../apps/api/test/test-support/http-client';
import { nextCommand, type PlayerView } from '../../apps/api/test/test-support/table-player';
import type { LoadStats } from './load-stats';

/** One client per API process, each carrying the bearer token in its default headers. */
export type ApiClients = readonly JsonHttpClient[];

/** A request with no answer by then counts as unanswered and is sent again with the same command id. */
const REQUEST_TIMEOUT_MS = 15000;
const RETRY_PAUSE_MS = 100;
/** A command still unanswered this long after the run's end is given up (and reported). */
const SETTLE_MS = 60000;

export const TABLE_RULES = [
  { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 },
  { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, houseOptions: { rake: { percent: 5, cap: 4 } } },
  { structure: { kind: 'pot-limit' }, smallBlind: 5, bigBlind: 10, maxSeats: 6, houseOptions: { straddle: true } },
  { structure: { kind: 'fixed-limit' }, smallBlind: 2, bigBlind: 4, maxSeats: 6, houseOptions: { rake: { percent: 10, cap: 3 } } },
];

/**
 * One bot on one table: it decides its next command among the legal actions of the view it last saw, sends it with
 * its own command id and the version it decided on (If-Match), each time to the next API process in turn. An
 * unanswered request (a killed process, a database restarting) is sent again with the same id until it is answered;
 * a 409 or a refusal makes it re-read the table and decide again.
 */
export class TableBot {
  private view: PlayerView & { version: number };
  private sent = 0;
  /** Command ids given up after the run (never answered). */
  readonly unresolved: string[] = [];

  constructor(
    readonly tableId: string,
    readonly name: string,
    view: PlayerView & { version: number },
    private readonly clients: ApiClients,
    private readonly stats: LoadStats,
    private readonly random: () => number,
    private readonly pick: () => number,
  ) {
    this.view = view;
  }

  /**
   * Plays until `until()`: a closed loop (the next command as soon as the last is answered), or with `intervalMs`
   * one command every intervalMs (a live table's pace; a late answer delays the next command, never piles them up).
   */
  async play(until: () => boolean, intervalMs = 0, offsetMs = 0): Promise<void> {
    let next = Date.now() + offsetMs;
    for (;;) {
      if (intervalMs > 0) await pause(Math.max(0, next - Date.now()));
      if (until()) return;
      await this.playOne();
      next += intervalMs;
    }
  }

  private async playOne(): Promise<void> {
    const body = nextCommand(this.view, this.random);
    const commandId = `${this.tableId}/${this.name}/${++this.sent}-${randomBytes(3).toString('hex')}`;
    const headers = { 'Idempotency-Key': commandId, 'If-Match': `"${this.view.version}"` };
    const giveUpAt = Date.now() + REQUEST_TIMEOUT_MS + SETTLE_MS;
    for (;;) {
      const began = performance.now();
      const answer = await this.send((client) => client.post(`/tables/${this.tableId}/commands`, body, headers));
      if (answer.status === 201 || answer.status === 200) {
        // 200: a resent command found applied already (its first answer was lost): acknowledged all the same.
        this.stats.acknowledged.set(commandId, { tableId: this.tableId, version: answer.body.version, events: answer.body.events.length });
        if (answer.status === 201) {
          this.stats.latencies.push(performance.now() - began);
          this.stats.applied(Date.now());
        } else {
          this.stats.replayed++;
        }
        this.view = answer.body.table;
        return;
      }
      if (answer.status === 409) {
        this.stats.conflicts++;
        return this.reread();
      }
      if (answer.status >= 400 && answer.status < 500) {
        this.stats.count(this.stats.rejections, String(answer.body?.code ?? answer.status));
        return this.reread();
      }
      this.stats.count(
        this.stats.failures,
        answer.status === 0 ? String(answer.body) : `HTTP ${answer.status} ${answer.body?.code ?? ''}`.trim(),
      );
      if (Date.now() > giveUpAt) {
        this.unresolved.push(commandId);
        return this.reread();
      }
      await pause(RETRY_PAUSE_MS);
    }
  }

  private async reread(): Promise<void> {
    const giveUpAt = Date.now() + SETTLE_MS;
    for (;;) {
      const answer = await this.send((client) => client.get(`/tables/${this.tableId}`));
      this.stats.reads++;
      if (answer.status === 200) {
        this.view = answer.body;
        return;
      }
      if (Date.now() > giveUpAt)
        throw new Error(
          `${this.tableId}: no API process answered GET /tables/${this.tableId} for ${SETTLE_MS} ms (last: ${answer.status} ${JSON.stringify(answer.body)})`,
        );
      await pause(RETRY_PAUSE_MS);
    }
  }

  /** One request to the next API process; no answer comes back as status 0 with the reason as body. */
  private async send(request: (client: JsonHttpClient) => Promise<HttpAnswer>): Promise<HttpAnswer> {
    const client = this.clients[this.pick() % this.clients.length]!;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<HttpAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ status: 0, body: 'timeout' }), REQUEST_TIMEOUT_MS);
    });
    const answered = request(client).catch((error: NodeJS.ErrnoException) => ({ status: 0, body: error.code ?? 'no answer' }));
    try {
      return await Promise.race([answered, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Opens a six-seat table with six players and a drawn button; returns its view. */
export async function openLoadTable(clients: ApiClients, index: number, tableId: string): Promise<PlayerView & { version: number }> {
  const client = clients[index % clients.length]!;
  const expect201 = async (answer: Promise<HttpAnswer>) => {
    const a = await answer;
    if (a.status !== 201) throw new Error(`${tableId}: expected 201, got ${a.status}: ${JSON.stringify(a.body)}`);
    return a;
  };
  await expect201(client.post('/tables', { tableId, rules: TABLE_RULES[index % TABLE_RULES.length] }));
  for (let seat = 1; seat <= 6; seat++) {
    await expect201(client.post(`/tables/${tableId}/seat-player`, { seat, playerId: `${tableId}-p${seat}`, buyIn: 200 }));
  }
  return (await expect201(client.post(`/tables/${tableId}/draw-for-button`, {}))).body.table;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
