import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { JsonHttpClient } from '../apps/api/test/test-support/http-client';
import { nextCommand, type PlayerView } from '../apps/api/test/test-support/table-player';

/** What a bot sees of its table (a command's answer or GET /tables/:id). */
export interface BotView extends PlayerView {
  readonly status: string;
  readonly rules: PlayerView['rules'] & { readonly smallBlind: number };
}

/** One applied table command, as its bot timed it. */
export interface CommandTiming {
  readonly tournament: boolean;
  /** `StartHand`, `hand end` (the command whose events end the hand: at a tournament table it records the hand), or `other`. */
  readonly kind: 'StartHand' | 'hand end' | 'other';
  readonly ms: number;
}

/** An accepted StartHand: when it was sent and answered (Date.now(), the API's clock too) and the blinds it dealt at. */
export interface HandStart {
  readonly tableId: string;
  readonly sentAt: number;
  readonly answeredAt: number;
  readonly bigBlind: number;
}

/** What every bot of the run adds to. */
export class BotRecord {
  readonly commands: CommandTiming[] = [];
  readonly handStarts: HandStart[] = [];
  /** Refusals by code (a StartHand at a table left with one player, say), each followed by a re-read. */
  readonly refusals = new Map<string, number>();
  /** StartHand refused NOT_ENOUGH_PLAYERS at a table showing two players with chips or more, by table. */
  readonly cannotDeal = new Map<string, number>();

  handsAt(tournament: boolean, tournamentTables: ReadonlySet<string>): number {
    return this.handStarts.filter((h) => tournamentTables.has(h.tableId) === tournament).length;
  }
}

/** How often a player to act goes all in, and how often they make the smallest bet or raise: a field that lasts a few levels. */
const SHOVE = 0.012;
const MIN_RAISE = 0.08;

/**
 * The seat to act's choice, milder than the engine's random player (whose all-ins would bust most of the field
 * within the first one-minute level): sometimes all in, sometimes the smallest raise, else check, mostly call, or
 * fold. Null when nobody is to bet (blinds, the deal, the showdown): the random player's choice then.
 */
function bettingMove(view: BotView, random: () => number): Record<string, unknown> | null {
  const mine = view.legalActions.filter((a) => a.seat === view.toAct);
  const of = (type: string) => mine.find((a) => a.type === type);
  const seat = view.toAct;
  const raise = of('Raise') ?? of('Bet');
  if (!raise && !of('Check') && !of('Call')) return null;
  const r = random();
  if (raise && 'min' in raise && (r < SHOVE || r < SHOVE + MIN_RAISE)) {
    const size = r < SHOVE ? raise.max : raise.min;
    return raise.type === 'Raise' ? { type: 'Raise', seat, to: size } : { type: 'Bet', seat, amount: size };
  }
  if (of('Check')) return { type: 'Check', seat };
  if (of('Call') && r < 0.9) return { type: 'Call', seat };
  return of('Fold') ? { type: 'Fold', seat } : { type: 'Call', seat };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A dealer and its players at one table, through HTTP: StartHand, then random legal actions of the seat to act
 * (blinds, the house deal, bets, showdown: the engine's random player) until the hand ends, `thinkMs` between two
 * commands. At a tournament table nobody adds chips (the tournament seats and unseats); a table left with one player
 * waits for players to arrive; a closed (broken) table ends its bot. At a cash table a broke player rebuys.
 */
export class TableBot {
  private view: BotView | undefined;
  private sent = 0;

  constructor(
    readonly tableId: string,
    private readonly tournament: boolean,
    private readonly client: JsonHttpClient,
    private readonly record: BotRecord,
    private readonly random: () => number,
    private readonly thinkMs: number,
  ) {}

  async play(stopped: () => boolean): Promise<void> {
    // Tables start out of step, as a room's do.
    await pause(this.random() * this.thinkMs * 4);
    while (!stopped()) {
      const view = this.view ?? (await this.read());
      if (view.status === 'closed') return;
      if (view.legalActions.length === 0 && this.tournament && view.seats.filter((s) => s.stack > 0).length < 2) {
        await pause(200); // players are on their way (a balancing move), or the table is about to break
        this.view = undefined;
        continue;
      }
      await this.send(this.commandFor(view));
      await pause(this.thinkMs);
    }
  }

  private commandFor(view: BotView): Record<string, unknown> {
    if (view.legalActions.length === 0 && this.tournament) return { type: 'StartHand' };
    return bettingMove(view, this.random) ?? nextCommand(view, this.random);
  }

  private async read(): Promise<BotView> {
    const answer = await this.client.get(`/tables/${this.tableId}`);
    if (answer.status !== 200) throw new Error(`GET /tables/${this.tableId}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return (this.view = answer.body as BotView);
  }

  private async send(command: Record<string, unknown>): Promise<void> {
    const headers = { 'Idempotency-Key': `${this.tableId}/${++this.sent}-${randomBytes(3).toString('hex')}` };
    const sentAt = Date.now();
    const began = performance.now();
    const answer = await this.client.post(`/tables/${this.tableId}/commands`, command, headers);
    const ms = performance.now() - began;
    if (answer.status !== 201 && answer.status !== 200) {
      if (answer.status >= 500) throw new Error(`${this.tableId} ${command.type}: ${answer.status} ${JSON.stringify(answer.body)}`);
      const code = String(answer.body?.code ?? answer.status);
      this.record.refusals.set(code, (this.record.refusals.get(code) ?? 0) + 1);
      // (Every player there arrived by a move and waits for the big blind: the engine deals nobody.)
      if (code === 'NOT_ENOUGH_PLAYERS' && this.view && this.view.seats.filter((s) => s.stack > 0).length >= 2)
        this.record.cannotDeal.set(this.tableId, (this.record.cannotDeal.get(this.tableId) ?? 0) + 1);
      this.view = undefined;
      await pause(500);
      return;
    }
    const events = (answer.body.events as { type: string }[]).map((e) => e.type);
    // The answer's table is the one before the tournament's follow-ups (busts leaving, moves): read it again after a hand.
    const handEnded = events.includes('HandEnded');
    this.view = handEnded ? undefined : (answer.body.table as BotView);
    const kind = command.type === 'StartHand' ? 'StartHand' : handEnded ? 'hand end' : 'other';
    this.record.commands.push({ tournament: this.tournament, kind, ms });
    if (kind === 'StartHand')
      this.record.handStarts.push({ tableId: this.tableId, sentAt, answeredAt: Date.now(), bigBlind: answer.body.table.rules.bigBlind });
  }
}
