import type { Answer } from './fuzz-checks';
import type { FuzzRandom } from './fuzz-random';
import { get, ok, post, type Step } from './fuzz-step';
import { nextName, type Actor, type World } from './fuzz-world';
import { DAILY } from '../../libs/tournament/src/tournament.test-support';

/**
 * The steps around the tables that are not the room: the player registry and exclusion lists, tournaments, and the
 * house's book. Mostly the floor, now and then another role; each family keeps what it made so that later steps
 * act on it (a ban on a registered player, a confirmation of a pending money request).
 */
export class HouseSteps {
  private readonly players: string[] = [];
  private readonly bans: { playerId: string; banId: string }[] = [];
  private readonly entries: string[] = [];
  private readonly tournaments: { id: string; registered: number }[] = [];
  private readonly funds: string[] = [];
  private readonly requests: string[] = [];

  constructor(
    private readonly world: World,
    private readonly random: FuzzRandom,
  ) {}

  next(): Step {
    return this.random.weighted<() => Step>([
      [4, () => this.playerStep()],
      [1, () => this.listStep()],
      [3, () => this.tournamentStep()],
      [3, () => this.moneyStep()],
    ])();
  }

  /** The floor, mostly; another role now and then (refused, writing nothing). */
  private actor(): Actor {
    const { actors } = this.world;
    return this.random.chance(0.85)
      ? actors.floor
      : this.random.pick([actors['assigned dealer'], actors.regulator, actors.service, actors.anonymous]);
  }

  private playerStep(): Step {
    const { random } = this;
    const actor = this.actor();
    if (this.players.length === 0 || random.chance(0.25)) {
      const playerId = nextName(this.world, 'card').replace(/[^A-Za-z0-9]/g, '');
      return post(actor, '/players', { playerId, name: `Fuzz Player ${playerId}`, alias: `F${this.world.counter}` }, (a) => {
        if (ok(a)) this.players.push(playerId);
      });
    }
    const playerId = random.pick(this.players);
    const p = `/players/${playerId}`;
    const ban = this.bans.length > 0 ? random.pick(this.bans) : { playerId, banId: 'no-ban' };
    return random.weighted<() => Step>([
      [3, () => get(actor, `/players?q=${encodeURIComponent(random.pick(['Fuzz', 'F', playerId]))}`)],
      [3, () => get(actor, p)],
      [1, () => ({ actor, method: 'PATCH', path: p, body: { alias: `G${this.world.counter}` } })],
      [1, () => post(actor, `${p}/notes`, { text: 'plays the button often' })],
      [
        1,
        () => {
          const banId = nextName(this.world, 'ban');
          const start = new Date(this.world.now).toISOString();
          const end = new Date(this.world.now + 3_600_000).toISOString();
          return post(actor, `${p}/bans`, { banId, reason: 'conduct', start, end }, (a) => ok(a) && this.bans.push({ playerId, banId }));
        },
      ],
      [1, () => post(actor, `/players/${ban.playerId}/bans/${ban.banId}/lift`, {})],
      [0.2, () => post(actor, `${p}/erase`, {})],
      [1, () => get(actor, `/player-sessions?day=${new Date(this.world.now).toISOString().slice(0, 10)}`)],
    ])();
  }

  private listStep(): Step {
    const { random, world } = this;
    const actor = this.actor();
    const entry = this.entries.length > 0 ? random.pick(this.entries) : 'no-entry';
    return random.weighted<() => Step>([
      [
        2,
        () => {
          const entryId = nextName(world, 'entry');
          const cardNumber = nextName(world, 'barred').replace(/[^A-Za-z0-9]/g, '');
          return post(actor, '/exclusion-lists/state/import', { source: 'fuzz', entries: [{ entryId, cardNumber }] }, (a) => {
            if (ok(a)) this.entries.push(entryId);
          });
        },
      ],
      [2, () => get(actor, '/exclusion-lists/state')],
      [1, () => post(actor, `/exclusion-lists/state/entries/${entry}/lift`, {})],
      [1, () => post(world.secondFloor, `/exclusion-lists/state/entries/${entry}/approve-lift`, {})],
    ])();
  }

  private tournamentStep(): Step {
    const { random, world } = this;
    const actor = this.actor();
    if (this.tournaments.length === 0 || random.chance(0.05)) {
      const id = nextName(world, 'tourney');
      return post(actor, '/tournaments', { tournamentId: id, structure: DAILY }, (a) => {
        if (ok(a)) this.tournaments.push({ id, registered: 0 });
      });
    }
    const tournament = random.pick(this.tournaments);
    const t = `/tournaments/${tournament.id}`;
    const command = (body: object, observe?: (a: Answer) => void) => post(actor, `${t}/commands`, body, observe);
    return random.weighted<() => Step>([
      [2, () => command({ type: 'AddTable', tableId: nextName(world, 'tt') })],
      [
        3,
        () =>
          command({ type: 'Register', playerId: nextName(world, 'entrant'), alias: `T${world.counter}` }, (a) => {
            if (ok(a)) tournament.registered++;
          }),
      ],
      [tournament.registered >= 2 ? 1 : 0, () => command({ type: 'DrawSeats' })],
      [1, () => command({ type: random.pick(['StartClock', 'PauseClock', 'ResumeClock']) })],
      [2, () => get(actor, t)],
      [2, () => get(world.actors.anonymous, `${t}/clock`)],
    ])();
  }

  private moneyStep(): Step {
    const { random, world } = this;
    const actor = this.actor();
    if (this.funds.length === 0 || random.chance(0.05)) {
      const fundId = nextName(world, 'fund');
      return post(actor, '/money/funds', { fundId, rules: { kind: 'bad-beat', name: 'Bad-beat jackpot', backupPercent: 20 } }, (a) => {
        if (ok(a)) this.funds.push(fundId);
      });
    }
    const fundId = random.pick(this.funds);
    const tableId = random.pick(world.tables).id;
    const pending = this.requests.length > 0 ? random.pick(this.requests) : 'no-request';
    const dealer = random.chance(0.7) ? world.actors['assigned dealer'] : actor;
    return random.weighted<() => Step>([
      [2, () => post(dealer, '/money/drops', { fundId, tableId, handNumber: random.int(1, 20), amount: random.int(1, 500) })],
      [
        2,
        () =>
          post(dealer, '/money/cash', {
            type: 'CashBuyIn',
            tableId,
            shiftId: 'day',
            playerId: 'cash-player',
            amount: random.int(100, 5000),
          }),
      ],
      [
        2,
        () => {
          const requestId = nextName(world, 'fill');
          const request = { kind: 'Fill', tableId, shiftId: 'day', amount: random.int(100, 5000) };
          return post(dealer, '/money/requests', { requestId, request }, (a) => ok(a) && this.requests.push(requestId));
        },
      ],
      [2, () => post(random.pick([world.secondFloor, world.actors.floor]), `/money/requests/${pending}/confirm`, {})],
      [0.5, () => post(world.secondFloor, `/money/requests/${pending}/decline`, { reason: 'counted again' })],
      [2, () => get(actor, '/money/book')],
      [1, () => get(actor, '/money/revenue')],
      [1, () => get(actor, `/money/funds/${fundId}/history`)],
    ])();
  }
}
