import { loadavg } from 'node:os';
import type { Database } from '@felt/event-store';
import { verifyEvents } from '@felt/regulator';
import { RoomClock } from '../../apps/api/src/room/room-clock';
import { TableClock } from '../../apps/api/src/tables/table-clock';
import { streamIdOf } from '../../apps/api/src/tables/table-stream';
import { signTestToken } from '../../apps/api/test/test-support/auth';
import type { TestApi } from '../../apps/api/test/test-support/test-api';
import { FuzzChecker, operationMatcher, tableOfUrl, type Answer, type FuzzFigures, type FuzzRequest } from './fuzz-checks';
import { FuzzRandom } from './fuzz-random';
import { get, ok, post, type Step } from './fuzz-step';
import {
  createWorld,
  KIND_NAMES,
  nextName,
  openTableRequests,
  readerActor,
  type KindName,
  type World,
  type WorldTable,
} from './fuzz-world';
import { requestArbitrary } from './openapi-arbitraries';
import { openGameStep, readStep, roomStep, staffStep } from './side-steps';
import { HouseSteps } from './house-steps';
import { learnFromTableAnswer, tableStep } from './table-steps';

/**
 * The stateful fuzzer: it plays real hands on tables of every kind (fuzz-world.ts) and, between the legal actions,
 * sends their plausible-but-wrong variants, the floor's moves, every read as every role, the staff's work, the
 * room's, and requests generated from the OpenAPI document (openapi-arbitraries.ts). Every answer is checked
 * (fuzz-checks.ts); at the end every table's log must verify (`felt verify`'s checks: chain, versions, every command
 * decided again, chips conserved). The seed replays a run's choices.
 */

export interface FuzzRunOptions {
  /** How many requests to send (the set-up's included). */
  readonly requests: number;
  readonly seed: number;
  /** Prefix of every id the run makes (two runs on one database do not meet). */
  readonly tag?: string;
  readonly onFailure?: (failure: FuzzFigures['failures'][number]) => void;
  readonly onProgress?: (figures: FuzzFigures) => void;
  /** Called with a line per request (what was sent, the status and code): FUZZ_TRACE. */
  readonly trace?: (line: string) => void;
}

export interface FuzzReport {
  readonly seed: number;
  readonly figures: FuzzFigures;
  /** The operations of the OpenAPI document, and those answered 2xx at least once. */
  readonly operations: readonly string[];
  readonly reached: readonly string[];
  /** Violations `verifyEvents` found in the tables' logs at the end. */
  readonly verifyViolations: readonly string[];
  readonly hands: number;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly loadAverage: readonly number[];
}

const START_OF_TIME = Date.parse('2026-12-07T18:00:00.000Z');

export async function runStatefulFuzz(api: TestApi, db: Database, options: FuzzRunOptions): Promise<FuzzReport> {
  const began = performance.now();
  const cpu = process.cpuUsage();
  const fastify = api.app.getHttpAdapter().getInstance();
  const doc = (await fastify.inject({ method: 'GET', url: '/docs-json' })).json();
  const matcher = operationMatcher(doc);
  const checker = new FuzzChecker(api, db, matcher.of, options.onFailure, options.trace);
  const random = new FuzzRandom(options.seed);
  const world = await createWorld(db, options.tag ?? `fz${options.seed.toString(36)}`, START_OF_TIME);
  api.app.get(TableClock).now = () => new Date(world.now);
  api.app.get(RoomClock).now = () => new Date(world.now);
  await checker.start();
  const runner = new StepRunner(world, checker, random, doc);

  for (const kind of KIND_NAMES) await runner.openTable(kind);
  await runner.run(openGameStep(world, world.actors.floor));
  await runner.run(
    post(world.actors.floor, '/devices', { name: nextName(world, 'console') }, (a) => ok(a) && world.deviceIds.push(a.body.device.id)),
  );

  while (checker.figures.requests < options.requests) {
    world.now += 1000;
    await runner.next();
    if (checker.figures.requests % 5000 === 0) options.onProgress?.(checker.figures);
  }

  const verifyViolations: string[] = [];
  let hands = 0;
  for (const table of world.tables) {
    const report = verifyEvents(await api.store.readStream(streamIdOf(table.id)));
    hands += report.hands;
    verifyViolations.push(...report.violations.map((v) => `${table.id}: ${JSON.stringify(v)}`));
  }
  const used = process.cpuUsage(cpu);
  return {
    seed: options.seed,
    figures: checker.figures,
    operations: matcher.operations,
    reached: matcher.operations.filter((name) => (checker.figures.byOperation[name]?.ok ?? 0) > 0),
    verifyViolations,
    hands,
    wallMs: performance.now() - began,
    cpuMs: (used.user + used.system) / 1000,
    loadAverage: loadavg(),
  };
}

/** Chooses the next step from what the world's answers say, sends it through the checks, and learns from its answer. */
class StepRunner {
  private readonly forged: string[];
  private arbitrary: ReturnType<typeof requestArbitrary> | null = null;
  /** The ids generated requests aim at, kept up to date (the arbitrary reads them as it generates). */
  private readonly tableIds: string[] = [];
  private readonly gameIds: string[] = [];
  /** Steps decided ahead (the rest of a table's set-up). */
  private readonly queue: Step[] = [];
  /** The registry, tournaments and the book, with what the fuzzer made there. */
  private readonly house: HouseSteps;

  constructor(
    private readonly world: World,
    private readonly checker: FuzzChecker,
    private readonly random: FuzzRandom,
    private readonly doc: unknown,
  ) {
    this.house = new HouseSteps(world, random);
    this.forged = [
      `Bearer ${signTestToken('floor', { secret: 'not-the-secret-0123456789abcdef0123' })}`,
      `Bearer ${signTestToken('floor', { expiresIn: -60 })}`,
      'Bearer not.a.token',
      'Basic Zmxvb3I6cGFzcw==',
    ];
  }

  async next(): Promise<void> {
    const queued = this.queue.shift();
    if (queued) return void (await this.run(queued));
    const { world, random } = this;
    const missing = KIND_NAMES.find((kind) => !world.tables.some((t) => t.kind === kind && !t.room && !t.closed));
    if (missing) return this.openTable(missing);
    const open = world.tables.filter((t) => !t.closed);
    const table = random.pick(random.chance(0.97) ? open : world.tables);
    const what = random.weighted<string>([
      [58, 'table'],
      [11, 'read'],
      [4, 'staff'],
      [8, 'room'],
      [6, 'house'],
      [13, 'generated'],
    ]);
    if (what === 'read') return void (await this.run(readStep(world, table, random)));
    if (what === 'staff') return void (await this.run(staffStep(world, random)));
    if (what === 'room') return void (await this.run(roomStep(world, random, (id) => this.addRoomTable(id))));
    if (what === 'house') return void (await this.run(this.house.next()));
    if (what === 'generated') return this.generated();
    if (table.view === null) return void (await this.run(get(world.actors.floor, `/tables/${table.id}`)));
    if (table.refusedInARow > 40 && !table.closed) {
      // A table the fuzzer cannot move on (all its players out of chips and sitting out, ...): closed, and replaced.
      table.refusedInARow = 0;
      this.queue.push(post(world.actors.floor, `/tables/${table.id}/close-table`, {}));
      return void (await this.run(post(world.actors.floor, `/tables/${table.id}/void-hand`, { reason: 'the fuzzer is done with it' })));
    }
    const answer = await this.run(tableStep(world, table, table.view, random));
    table.refusedInARow = ok(answer) ? 0 : table.refusedInARow + 1;
  }

  async openTable(kind: KindName): Promise<void> {
    const tableId = nextName(this.world, kind);
    const table: WorldTable = { id: tableId, kind, view: null, actionVersions: [], closed: false, room: false, refusedInARow: 0 };
    this.world.tables.push(table);
    for (const request of openTableRequests(this.world, kind, tableId, this.random)) {
      let answer = await this.run({
        actor: this.world.actors.floor,
        method: request.method,
        path: request.path,
        ...(request.body ? { body: request.body } : {}),
      });
      // A widening (a training table, dealerSeesHoleCards) waits for a second floor supervisor's approval.
      if (answer.status === 202 && answer.body?.code === 'APPROVAL_REQUIRED')
        answer = await this.run({
          actor: this.world.secondFloor,
          method: 'POST',
          path: `/approvals/${answer.body.approvalId}/approve`,
          body: {},
        });
      if (!ok(answer))
        throw new Error(
          `the fuzzer could not set up ${tableId}: ${request.method} ${request.path} answered ${answer.status} ${answer.text.slice(0, 300)}`,
        );
      if (request.path === '/devices') table.reader = readerActor(this.world, answer.body.device.id);
    }
  }

  private addRoomTable(tableId: string): void {
    this.world.tables.push({ id: tableId, kind: 'plain', view: null, actionVersions: [], closed: false, room: true, refusedInARow: 0 });
    this.queue.push({
      actor: this.world.actors.floor,
      method: 'PUT',
      path: `/tables/${tableId}/dealers/${this.world.actors['assigned dealer'].userId}`,
    });
  }

  /** A request generated from the OpenAPI document, with the world's ids and every role's token (and forged ones). */
  private async generated(): Promise<void> {
    const { world } = this;
    this.arbitrary ??= requestArbitrary(this.doc as Record<string, unknown>, {
      tableIds: this.tableIds,
      userIds: world.spareUserIds,
      gameIds: this.gameIds,
      deviceIds: world.deviceIds,
      authorizations: [world.actors.floor.authorization, ...Object.values(world.actors).map((a) => a.authorization), ...this.forged],
    });
    this.tableIds.splice(0, this.tableIds.length, ...world.tables.map((t) => t.id));
    this.gameIds.splice(0, this.gameIds.length, ...world.games.map((g) => g.id));
    const request = this.random.sample(this.arbitrary);
    const actor =
      Object.values(world.actors).find((a) => a.authorization !== undefined && a.authorization === request.headers.authorization) ??
      world.actors.anonymous;
    const answer = await this.checker.send(request, actor);
    this.learn(request.method, request.url, answer);
  }

  async run(step: Step): Promise<Answer> {
    const payload = step.raw ?? (step.body === undefined ? undefined : JSON.stringify(step.body));
    const headers: Record<string, string> = {
      ...(step.actor.authorization ? { authorization: step.actor.authorization } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...step.headers,
    };
    const request: FuzzRequest = { method: step.method, url: step.path, headers, ...(payload === undefined ? {} : { payload }) };
    const answer = await this.checker.send(request, step.actor);
    this.learn(step.method, step.path, answer);
    step.observe?.(answer);
    return answer;
  }

  /** What any answer teaches about the tables: a view, or that the one known is out of date. */
  private learn(method: string, url: string, answer: Answer): void {
    const tableId = tableOfUrl(url);
    const table = tableId === null ? undefined : this.world.tables.find((t: WorldTable) => t.id === tableId);
    if (table && ok(answer)) {
      if (method !== 'GET') learnFromTableAnswer(table, answer.body);
      else if (url.split('?')[0] === `/tables/${table.id}` && answer.body?.legalActions) table.view = answer.body;
    } else if (table && ['VERSION_CONFLICT', 'TABLE_CLOSED'].includes(answer.body?.code)) table.view = null;
    if (method !== 'GET' && ok(answer) && url.startsWith('/room/')) for (const t of this.world.tables) if (t.room) t.view = null;
  }
}
