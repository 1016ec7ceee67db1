import { authHeaders } from '../apps/api/test/test-support/auth';

/**
 * Clocked tables over HTTP, for the timer's benchmark and its crash test: tables of three at 1/2 with a shot clock
 * (5 seconds, the shortest the engine takes, unless said), each left one command short of its first clock (the big
 * blind), so that the clocks can be started together or at a chosen pace; and what their logs say about clock 1's expiry.
 */
export const CLOCK_SECONDS = 5;
const rulesWith = (seconds: number) => ({
  structure: { kind: 'no-limit' },
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 6,
  houseOptions: { shotClock: { seconds } },
});
const FLOOR = authHeaders('floor', { expiresIn: 24 * 3600 });

async function post(baseUrl: string, path: string, body: object): Promise<{ status: number; body: any }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...FLOOR },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

export async function expect201(baseUrl: string, path: string, body: object): Promise<any> {
  const answer = await post(baseUrl, path, body);
  if (answer.status !== 201) throw new Error(`POST ${path} ${JSON.stringify(body)}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Runs `work` over `items`, `width` at a time. */
export async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Opens the tables and plays each up to the big blind: no clock runs yet. */
export async function prepareClockedTables(baseUrl: string, ids: readonly string[], width = 16, seconds = CLOCK_SECONDS): Promise<void> {
  const rules = rulesWith(seconds);
  await inParallel(ids, width, async (tableId) => {
    await expect201(baseUrl, '/tables', { tableId, rules });
    for (let seat = 1; seat <= 3; seat++)
      await expect201(baseUrl, `/tables/${tableId}/seat-player`, { seat, playerId: `p${seat}`, buyIn: 100 });
    await expect201(baseUrl, `/tables/${tableId}/place-button`, { seat: 1 });
    await expect201(baseUrl, `/tables/${tableId}/commands`, { type: 'StartHand' });
    await expect201(baseUrl, `/tables/${tableId}/commands`, { type: 'PostBlind', seat: 2 });
  });
}

/**
 * The big blinds: each table's clock 1 starts (seat 1 to act). All at once by default; with `spreadMs`, table i's
 * not before i * spreadMs / n, so that the clocks start at an even pace, as a room's do.
 */
export async function startClocks(baseUrl: string, ids: readonly string[], width = 32, spreadMs = 0): Promise<void> {
  const start = Date.now();
  const order = new Map(ids.map((id, i) => [id, i]));
  await inParallel(ids, width, async (tableId) => {
    const wait = start + (order.get(tableId)! * spreadMs) / ids.length - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await expect201(baseUrl, `/tables/${tableId}/commands`, { type: 'PostBlind', seat: 3 });
  });
}

export interface FirstClock {
  readonly tableId: string;
  readonly deadline: number;
  /** recordedAt of each ClockExpired of clock 1 (ms since the epoch): exactly one when all is well. */
  readonly expiredAt: readonly number[];
}

export interface TableEvent {
  readonly eventId: string;
  readonly type: string;
  readonly recordedAt: string;
  readonly data: { clock?: number; seat?: number; deadline?: string; outcome?: string };
  readonly metadata: Record<string, unknown>;
}

/** The table's log (read through the API as the floor). */
export async function tableEvents(baseUrl: string, tableId: string): Promise<TableEvent[]> {
  const res = await fetch(`${baseUrl}/tables/${tableId}/events?limit=1000`, { headers: FLOOR });
  if (res.status !== 200) throw new Error(`GET /tables/${tableId}/events: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { events: TableEvent[] }).events;
}

/** What the table's log says about clock 1. */
export async function firstClock(baseUrl: string, tableId: string): Promise<FirstClock> {
  const events = await tableEvents(baseUrl, tableId);
  const started = events.find((e) => e.type === 'ClockStarted' && e.data.clock === 1);
  const expired = events.filter((e) => e.type === 'ClockExpired' && e.data.clock === 1);
  return {
    tableId,
    deadline: started?.data.deadline ? Date.parse(started.data.deadline) : NaN,
    expiredAt: expired.map((e) => Date.parse(e.recordedAt)),
  };
}

/** Polls until every table's clock 1 has expired (or `timeoutMs` passed), then gives each table's account. */
export async function untilFirstClocksExpire(baseUrl: string, ids: readonly string[], timeoutMs: number): Promise<FirstClock[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const clocks: FirstClock[] = [];
    await inParallel(ids, 16, async (id) => void clocks.push(await firstClock(baseUrl, id)));
    if (clocks.every((c) => c.expiredAt.length > 0) || Date.now() > deadline)
      return clocks.sort((a, b) => a.tableId.localeCompare(b.tableId));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
