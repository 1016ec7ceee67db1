import type { Answer } from './fuzz-checks';
import type { FuzzRandom } from './fuzz-random';
import { get, ok, post, type Step } from './fuzz-step';
import { nextName, type Actor, type ActorName, type World, type WorldGame, type WorldTable } from './fuzz-world';

/**
 * The steps beside the tables' play: every read path as every role, the floor's staff work (users, devices, dealer
 * assignments, sign-in), and the room (games, lists, calls, seats).
 */

const ACTOR_NAMES: readonly ActorName[] = ['floor', 'assigned dealer', 'unassigned dealer', 'regulator', 'service', 'anonymous'];

/** Readers: every role, the floor and regulators most (they may read the most). */
function reader(world: World, random: FuzzRandom): Actor {
  return world.actors[random.weighted<ActorName>([[3, 'floor'], [3, 'regulator'], ...ACTOR_NAMES.map((n) => [1, n] as const)])];
}

/** A read of any read path, as any role. */
export function readStep(world: World, table: WorldTable, random: FuzzRandom): Step {
  const t = table.id;
  const version = table.view?.version ?? 1;
  const game = world.games.length > 0 ? random.pick(world.games).id : 'no-game';
  const path = random.weighted<string>([
    [6, `/tables/${t}`],
    [4, `/tables/${t}/events?fromVersion=${Math.max(1, version - random.int(0, 60))}&limit=${random.int(1, 100)}`],
    [1, `/tables?limit=${random.int(1, 50)}`],
    [1, `/tables/${t}/dealers`],
    [1, '/regulator/tables'],
    [2, `/regulator/tables/${t}/events?fromVersion=${Math.max(1, version - random.int(0, 60))}`],
    [2, `/regulator/tables/${t}/hands?last=${random.int(1, 5)}`],
    [2, `/regulator/tables/${t}/export?format=${random.pick(['jsonl', 'phh', 'ohh'])}`],
    [1, `/regulator/audit?limit=${random.int(1, 50)}`],
    [0.5, '/regulator/audit/export'],
    [1, '/board'],
    [0.5, random.pick(['/health', '/health/live', '/health/ready'])],
    [0.5, '/metrics'],
    [1, '/users'],
    [1, '/devices'],
    [1, '/room/games'],
    [1, `/room/games/${game}`],
  ]);
  return get(reader(world, random), path);
}

/** The floor's staff work, now and then by another role: users, devices, dealers, and signing in. */
export function staffStep(world: World, random: FuzzRandom): Step {
  const floor = random.chance(0.85) ? world.actors.floor : world.actors[random.pick(ACTOR_NAMES)];
  const spare = random.pick(world.spareUserIds);
  const table = random.pick(world.tables).id;
  const device = world.deviceIds.length > 0 ? random.pick(world.deviceIds) : 'no-device';
  const learnCode = (a: Answer) => ok(a) && world.enrollments.push({ username: a.body.user.name, code: a.body.enrollmentCode });
  const enrollment = world.enrollments.length > 0 ? random.pick(world.enrollments) : { username: world.login.username, code: 'no-code' };
  return random.weighted<() => Step>([
    [
      2,
      () =>
        post(
          floor,
          '/users',
          { name: nextName(world, 'user'), role: random.pick(['dealer', 'dealer', 'regulator', 'service', 'floor']) },
          (a) => a.status === 201 && world.spareUserIds.push(a.body.user.id) && learnCode(a),
        ),
    ],
    [
      2,
      () => ({
        actor: floor,
        method: 'PATCH',
        path: `/users/${spare}`,
        body: random.pick<object>([
          { disabled: true },
          { disabled: false },
          { role: 'dealer' },
          { role: 'regulator' },
          { role: 'dealer', disabled: false },
        ]),
      }),
    ],
    [1, () => post(floor, `/users/${spare}/password`, {}, learnCode)],
    [
      1,
      () =>
        post(world.actors.anonymous, '/auth/enroll', {
          username: enrollment.username,
          code: random.chance(0.8) ? enrollment.code : 'not-the-code',
          password: `${enrollment.username}-own-secret`,
        }),
    ],
    [1.5, () => post(floor, '/devices', { name: nextName(world, 'console') }, (a) => ok(a) && world.deviceIds.push(a.body.device.id))],
    [0.5, () => ({ actor: floor, method: 'DELETE', path: `/devices/${device}` })],
    [2, () => ({ actor: floor, method: 'PUT', path: `/tables/${table}/dealers/${spare}` })],
    [1, () => ({ actor: floor, method: 'DELETE', path: `/tables/${table}/dealers/${spare}` })],
    [
      2,
      () =>
        post(world.actors.anonymous, '/auth/login', {
          username: world.login.username,
          password: random.chance(0.8) ? world.login.password : 'not-the-password',
        }),
    ],
  ])();
}

/** The room: games, their lists, calls and seats, as the floor (sometimes another role). */
export function roomStep(world: World, random: FuzzRandom, addTable: (tableId: string) => void): Step {
  const floor = random.chance(0.9) ? world.actors.floor : world.actors[random.pick(ACTOR_NAMES)];
  const open = world.games.filter((g) => g.view?.state.status !== 'closed');
  if (open.length === 0 || random.chance(0.003)) return openGameStep(world, floor);
  const game = random.pick(open);
  const learn = (a: Answer) => {
    if (ok(a) && a.body?.game) game.view = a.body.game;
    else if (ok(a)) game.view = null;
  };
  if (game.view === null) return get(world.actors.floor, `/room/games/${game.id}`, (a) => (game.view = ok(a) ? a.body : null));
  const view = game.view;
  const g = `/room/games/${game.id}`;
  const listed = view.state.list.map((p) => p.playerId);
  const called = view.calls;
  const seated = view.state.tables.flatMap((t) => t.seated.map((s) => ({ tableId: t.tableId, seat: s.seat, playerId: s.playerId })));
  const command = (body: object): Step => post(floor, `${g}/commands`, body, learn);
  const choices: [number, () => Step][] = [
    [3, () => command({ type: 'JoinList', playerId: nextName(world, 'card'), alias: `A${world.counter}` })],
    [
      listed.length > 0 && view.openSeats.length > 0 ? 4 : 0,
      () => {
        const seat = random.pick(view.openSeats);
        // The first on the list, mostly: calling another is CALL_OUT_OF_TURN unless the floor passes the others over.
        return command({
          type: 'CallPlayer',
          playerId: random.chance(0.8) ? listed[0] : random.pick(listed),
          tableId: seat.tableId,
          seat: seat.seat,
        });
      },
    ],
    [called.length > 0 ? 5 : 0, () => post(floor, `${g}/seat`, { playerId: random.pick(called).playerId, buyIn: 100 }, learn)],
    [
      seated.length > 0 ? 1.5 : 0,
      () => {
        const s = random.pick(seated);
        return post(floor, `${g}/vacate`, { tableId: s.tableId, seat: s.seat }, learn);
      },
    ],
    [listed.length > 0 ? 0.5 : 0, () => command({ type: 'LeaveList', playerId: random.pick(listed) })],
    [seated.length > 0 ? 0.5 : 0, () => command({ type: 'RequestTableChange', playerId: random.pick(seated).playerId })],
    [
      (view.state.changes?.length ?? 0) > 0 ? 0.5 : 0,
      () => command({ type: 'CancelTableChange', playerId: random.pick(view.state.changes!).playerId }),
    ],
    [
      called.length > 0 ? 0.5 : 0,
      () => {
        // The call's time runs out (the fuzzer moves the API's clock), and the floor marks the no-show.
        const call = random.pick(called);
        if (call.respondBy) world.now = Math.max(world.now, Date.parse(call.respondBy) + 1);
        return command({ type: 'NoShow', playerId: call.playerId });
      },
    ],
    [
      view.state.tables.length < 3 ? 1 : 0.1,
      () => {
        const tableId = nextName(world, 'room-t');
        return post(floor, `${g}/tables`, { tableId }, (a) => {
          learn(a);
          if (ok(a)) addTable(tableId);
        });
      },
    ],
    [open.length > 1 ? 0.05 : 0, () => command({ type: 'CloseGame' })],
  ];
  return random.weighted(choices.filter(([w]) => w > 0).map(([w, make]) => [w, make] as const))();
}

export function openGameStep(world: World, actor: Actor): Step {
  const gameId = nextName(world, 'game');
  const game: WorldGame = { id: gameId, view: null };
  return post(
    actor,
    '/room/games',
    {
      gameId,
      name: `fuzz ${gameId}`,
      stakes: '1/2',
      structure: 'no-limit',
      tableRules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 },
    },
    (a) => {
      if (!ok(a)) return;
      game.view = a.body.game ?? null;
      world.games.push(game);
    },
  );
}
