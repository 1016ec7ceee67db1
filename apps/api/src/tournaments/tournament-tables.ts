import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { CommandBus } from '@nestjs/cqrs';
import { handInProgress } from '@felt/engine';
import { StreamQueue, type JointSlot, type RecordedEvent } from '@felt/event-store';
import { recordHandOf, sameStakes, stepDealtAt, tableRulesAt, type TableOrderCommand, type TournamentState } from '@felt/tournament';
import { senderOf } from '../auth/command-sender';
import { ApiProblem } from '../http/status-mapping';
import { RoomClock } from '../room/room-clock';
import { ApplyTableCommand, ApplyTableCommands, type ApplyOutcome } from '../tables/apply-table-command';
import type { CommandMetadata, CommandRequest } from '../tables/command-request';
import { FoldedTables } from '../tables/folded-tables';
import { TableFollowUps, type TableFollowUp } from '../tables/table-follow-ups';
import { streamIdOf } from '../tables/table-stream';
import { ApplyTournamentCommand } from './apply-tournament-command';
import { TournamentHandEnds, type HandEndItem } from './tournament-hand-ends';
import { idleTablesOf, ordersByTable, ordersOf, tableRequest, type Decided, type OrderToSend } from './tournament-table-orders';
import { TournamentStreams, type FoldedTournament } from './tournament-streams';
import { HandEndClock, startedAt, type HandEndStep } from './hand-end-timings';

/** A hand end waiting for its batch, and its request's answer. */
interface PendingHandEnd extends HandEndItem {
  readonly done: Promise<void>;
  readonly clock?: HandEndClock;
  resolve(): void;
  reject(error: unknown): void;
}

/** What only the tournament may do at its tables: seat, move, unseat, add chips, change the stakes, close. */
const TOURNAMENT_ONLY: ReadonlySet<string> = new Set([
  'SeatPlayer',
  'LeaveTable',
  'AddChips',
  'ChangeSeat',
  'ChangeRules',
  'CloseTable',
  'SitOut',
  'PlaceButton',
  'DrawForButton',
  'RaceChips',
]);

/**
 * Tournament tables are engine tables (docs/tournaments.md "Tournament tables on the engine"): the tournament's events
 * become the tables' commands (tableOrdersFor), each with a command id derived from the event's id, so a retry
 * writes nothing twice; a table's hand end becomes the tournament's RecordHand (its id derived from HandEnded's), so
 * stacks are never typed twice; the level's stakes are set just before a hand starts (TDA 23). From /tables, nobody
 * seats, unseats, adds chips or changes the rules at a tournament table.
 */
@Injectable()
export class TournamentTables implements TableFollowUp, OnModuleInit {
  private readonly logger = new Logger('TournamentTables');
  /** Each tournament's table commands, in the order its commands were decided (follow). */
  private readonly inOrder = new StreamQueue();
  /** Each table's commands from its tournament, in the order they were decided (a tournament's tables at once). */
  private readonly atTable = new StreamQueue();
  /** Each tournament's hand ends that arrived while its queue was busy: recorded together when their turn comes. */
  private readonly open = new Map<string, PendingHandEnd[]>();
  /** When each command reached `before`, while somebody listens to the hand ends' timings. */
  private readonly began = new WeakMap<CommandRequest, number>();

  constructor(
    @Inject(TableFollowUps) private readonly followUps: TableFollowUps,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(TournamentStreams) private readonly streams: TournamentStreams,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(RoomClock) private readonly clock: RoomClock,
    @Inject(TournamentHandEnds) private readonly handEnds: TournamentHandEnds,
  ) {}

  onModuleInit(): void {
    this.followUps.register(this);
  }

  /**
   * Refused before the tournament writes: a hand typed in for an engine table (the table reports its own hands),
   * AddTable of a table that already exists (a cash table), and a colour-up while a table still plays a hand (its
   * chips are raced off between hands, and the hand's end would record the stacks from before the race).
   */
  async beforeTournamentCommand(command: { type: string; tableId?: string }, state: TournamentState): Promise<void> {
    if (!onEngine(state)) return;
    if (command.type === 'RecordHand')
      throw new ApiProblem(
        'rule-refused',
        'HANDS_FROM_THE_TABLE',
        `tournament ${state.tournamentId} plays on Felt's tables: each hand is recorded when the table ends it`,
        { tournamentId: state.tournamentId },
      );
    if (command.type === 'ColourUp') return this.noHandInPlay(state);
    if (command.type !== 'AddTable' || command.tableId === undefined) return;
    const table = await this.tables.caughtUp(streamIdOf(command.tableId));
    if (table.version > 0)
      throw new ApiProblem(
        'rule-refused',
        'TABLE_ALREADY_OPEN',
        `table ${command.tableId} is already open; a tournament opens its own tables`,
        {
          tableId: command.tableId,
          field: 'tableId',
        },
      );
  }

  private async noHandInPlay(state: TournamentState): Promise<void> {
    for (const t of state.tables.filter((t) => !t.broken)) {
      const table = await this.tables.caughtUp(streamIdOf(t.tableId));
      if (handInProgress(table.state))
        throw new ApiProblem(
          'rule-refused',
          'HAND_IN_PLAY',
          `table ${t.tableId} is still playing its hand: the chips are raced once every table's hand has ended`,
          { tableId: t.tableId, tournamentId: state.tournamentId },
        );
    }
  }

  async before(request: CommandRequest): Promise<void> {
    const began = startedAt();
    if (began !== undefined) this.began.set(request, began);
    const type = request.command.type;
    if (!TOURNAMENT_ONLY.has(type) && type !== 'StartHand') return;
    const tournament = await this.tournamentOf(request.tableId);
    if (!tournament || !onEngine(tournament.state)) return;
    const id = tournament.tournamentId;
    if (type !== 'StartHand')
      throw new ApiProblem(
        'rule-refused',
        'TOURNAMENT_TABLE',
        `table ${request.tableId} plays tournament ${id}: seats, chips and stakes there are set by the tournament`,
        { tableId: request.tableId, tournamentId: id },
      );
    await this.readyForHand(request, tournament);
  }

  async after(request: CommandRequest, events: readonly RecordedEvent[]): Promise<void> {
    const ended = events.find((e) => e.type === 'HandEnded');
    if (!ended) return;
    const clock = HandEndClock.from(this.began.get(request));
    clock?.mark('table');
    // Which tournament, from memory when this process knows it (the batch checks its fold by the append's version).
    const tournament = this.streams.knownAtTable(request.tableId) ?? (await this.tournamentOf(request.tableId));
    if (!tournament || !onEngine(tournament.state)) return;
    clock?.mark('lookup');
    const item = { tableId: request.tableId, commandId: `${ended.eventId}.tournament`, metadata: senderOf(request.metadata) };
    await this.pending(tournament.tournamentId, { ...item, tableVersion: ended.streamVersion }, clock);
  }

  /**
   * A hand end joins the tournament's open batch (group commit): the hand ends that arrive while the queue works on
   * earlier ones are decided together when their turn comes. A retried hand end shares the first one's answer.
   */
  private pending(tournamentId: string, item: HandEndItem, clock?: HandEndClock): Promise<void> {
    let batch = this.open.get(tournamentId);
    const same = batch?.find((p) => p.commandId === item.commandId);
    if (same) return same.done;
    if (!batch) {
      const opened: PendingHandEnd[] = [];
      this.open.set(tournamentId, opened);
      batch = opened;
      void this.inOrder.run(tournamentId, () => {
        if (this.open.get(tournamentId) === opened) this.open.delete(tournamentId);
        return this.recordBatch(tournamentId, opened);
      });
    }
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
    batch.push({ ...item, done, resolve, reject, ...(clock ? { clock } : {}) });
    return done;
  }

  /**
   * A batch's hand ends, in the tournament's queue, once their tables' queues are done: recorded together
   * (TournamentHandEnds), then their commands queued at the tables (answer). A table's second hand end in the batch
   * waits for a batch of its own. Off the happy path the hand ends are recorded one at a time.
   */
  private async recordBatch(tournamentId: string, batch: readonly PendingHandEnd[]): Promise<void> {
    const tables = new Set<string>();
    const now = batch.filter((p) => !tables.has(p.tableId) && tables.add(p.tableId));
    const later = batch.filter((p) => !now.includes(p));
    const mark = (step: HandEndStep, at = performance.now()) => now.forEach((p) => p.clock?.mark(step, at));
    try {
      mark('queue');
      await this.tablesCaughtUp(now.map((p) => p.tableId));
      mark('caughtUp');
      const recorded = await this.handEnds.record(tournamentId, now, mark, (tableId, orders, slot) =>
        this.atTable.run(tableId, () => this.sendTogether(tableId, orders, slot)),
      );
      if (recorded)
        await this.answer(
          now,
          recorded.ends.map((r, i) => ({ ...r, metadata: now[i]!.metadata })),
          recorded.joined,
        );
      else {
        await this.oneAtATime(tournamentId, now);
        for (const p of now) p.clock?.publish(0);
      }
    } catch (error) {
      for (const p of now) p.reject(error);
    }
    if (later.length > 0) await this.recordBatch(tournamentId, later);
  }

  private async oneAtATime(tournamentId: string, batch: readonly PendingHandEnd[]): Promise<void> {
    for (const p of batch)
      try {
        const tournament = await this.streams.caughtUp(tournamentId);
        await this.record(tournament, p.tableId, p.commandId, p.metadata);
        p.resolve();
      } catch (error) {
        p.reject(error);
      }
  }

  /**
   * The batch's table commands queued at their tables; each hand end answered when the tables it concerns have taken
   * theirs (and, when the batch leaves a table of one that a move waits for, once that table is recorded). The
   * tournament's queue moves on to the next batch meanwhile: it reads a table only once that table's queue is done.
   * The `joined` tables took theirs with the hand ends (TournamentHandEnds.record).
   */
  private async answer(batch: readonly PendingHandEnd[], decided: readonly Decided[], joined: ReadonlySet<string>): Promise<void> {
    const chains = this.sendAll(decided, joined);
    const idle = idleTablesOf(decided[decided.length - 1]!.state);
    const idleDone = idle.length === 0 ? Promise.resolve() : Promise.allSettled(chains.values()).then(() => this.recordIdle(idle, decided));
    batch.forEach((p, i) => {
      const concerned = new Set([p.tableId, ...ordersOf(decided[i]!).map((o) => o.tableId)]);
      Promise.resolve(chains.get(p.tableId))
        .then(() => p.clock?.mark('ownTable'))
        .then(() => Promise.all([...concerned].map((t) => chains.get(t))))
        .then(() => p.clock?.mark('otherTables'))
        .then(() => idleDone)
        .then(() => p.clock?.mark('idle'))
        .then(() => p.clock?.publish(batch.length))
        .then(p.resolve, p.reject);
    });
    await idleDone.catch(() => undefined);
  }

  /** Once every command queued at these tables has been applied (their seats are then read). */
  private async tablesCaughtUp(tableIds: readonly string[]): Promise<void> {
    await Promise.all(tableIds.map((t) => this.atTable.run(t, () => Promise.resolve())));
  }

  /** The tournament playing at a table with tournament rules (the game type is set when it opens: no read when cached). */
  private async tournamentOf(tableId: string): Promise<FoldedTournament | undefined> {
    const table = await this.tables.current(streamIdOf(tableId));
    return table.state.rules?.gameType === 'tournament' ? this.streams.ofTable(tableId) : undefined;
  }

  /**
   * The tables' commands for a tournament command's events (`state`: the tournament after them), in the tournament's
   * queue (inOrder): after the commands of the decisions before, so that a seat a bust frees is left before a moved
   * player takes it.
   */
  async follow(events: readonly RecordedEvent[], state: TournamentState, metadata: CommandMetadata): Promise<void> {
    if (!onEngine(state) || events.length === 0) return;
    // Hand ends arriving from now on are decided after this command's table work.
    this.open.delete(state.tournamentId);
    await this.inOrder.run(state.tournamentId, () => this.sendOrders([{ events, state, metadata }]));
  }

  /** Decisions' table commands (in the tournament's queue already), then the tables of one a move waits for. */
  private async sendOrders(decided: readonly Decided[]): Promise<void> {
    await Promise.all(this.sendAll(decided).values());
    await this.recordIdle(idleTablesOf(decided[decided.length - 1]!.state), decided);
  }

  /**
   * Each table's commands in order, the tables at once (a table broken sends its players to many tables, and the
   * writes of different tables share their commits): each table's chain of sends.
   */
  private sendAll(decided: readonly Decided[], joined: ReadonlySet<string> = new Set()): Map<string, Promise<void>> {
    const chains = new Map<string, Promise<void>>();
    for (const [tableId, orders] of ordersByTable(decided.map((d) => ({ orders: ordersOf(d), metadata: d.metadata }))))
      if (!joined.has(tableId))
        chains.set(
          tableId,
          this.atTable.run(tableId, () => this.sendTogether(tableId, orders)),
        );
    return chains;
  }

  /** The idle tables' stacks recorded as they are (idleTablesOf), in the tournament's queue. */
  private async recordIdle(tableIds: readonly string[], decided: readonly Decided[]): Promise<void> {
    const { state, events, metadata } = decided[decided.length - 1]!;
    const last = events[events.length - 1]!.eventId;
    const tournament = { tournamentId: state.tournamentId, state, version: 0 };
    await this.tablesCaughtUp(tableIds);
    for (const tableId of tableIds) await this.record(tournament, tableId, `${last}.idle-${tableId}`, metadata, true);
  }

  /**
   * The table's seats now as the tournament's RecordHand, and what the tournament decides then sent to the tables; in
   * the tournament's queue, so that the seats are read once every table command decided before has been applied.
   */
  private async record(
    tournament: FoldedTournament,
    tableId: string,
    commandId: string,
    metadata: CommandMetadata,
    idle = false,
  ): Promise<void> {
    const table = await this.tables.caughtUp(streamIdOf(tableId));
    const seats = table.state.seats.filter((s) => s !== null);
    const button = table.state.lastPositions?.button ?? 0;
    // (The fold read before the wait in the queue may predate a late entry now seated here.)
    const record =
      recordHandOf(tournament.state, tableId, button, seats) ??
      recordHandOf((await this.streams.caughtUp(tournament.tournamentId)).state, tableId, button, seats);
    if (!record) {
      this.logger.error({ tableId }, 'a player the tournament did not seat sits at its table: hand not recorded');
      return;
    }
    const outcome = await this.commandBus.execute(
      new ApplyTournamentCommand({
        tournamentId: tournament.tournamentId,
        command: { ...record, at: this.clock.at() },
        commandId,
        metadata,
        fromTable: true,
      }),
    );
    if (outcome.kind === 'applied' || outcome.kind === 'replayed')
      return outcome.events.length === 0 ? undefined : this.sendOrders([{ events: outcome.events, state: outcome.folded.state, metadata }]);
    // Requests deciding at once may each see the idle table: the first to record it moved its players and broke it.
    if (idle && outcome.kind === 'rejected' && outcome.rejection.code === 'TABLE_NOT_IN_PLAY') return;
    this.logger.error({ tableId, outcome }, 'the tournament did not take the hand');
    throw new ApiProblem(
      'rule-refused',
      outcome.kind === 'rejected' ? outcome.rejection.code : 'TOURNAMENT_NOT_RECORDED',
      `table ${tableId}'s stacks were not recorded by tournament ${tournament.tournamentId}${outcome.kind === 'rejected' ? `: ${outcome.rejection.message}` : ''}`,
      { tableId, tournamentId: tournament.tournamentId },
    );
  }

  /**
   * A hand may start when the tournament is not on a break nor waiting for other tables' hand-for-hand hands; the
   * table then deals at the clock's level (a level that started during the last hand applies now: TDA 23).
   */
  private async readyForHand(request: CommandRequest, tournament: FoldedTournament): Promise<void> {
    const { state } = tournament;
    const refuse = (code: string, message: string) =>
      new ApiProblem('rule-refused', code, message, { tableId: request.tableId, tournamentId: tournament.tournamentId });
    if (state.handForHand?.reported.includes(request.tableId))
      throw refuse('WAITING_FOR_HAND_FOR_HAND', `hand-for-hand: table ${request.tableId} waits until every table has played this hand`);
    const step = stepDealtAt(state, this.clock.at());
    const seats = state.tables.find((t) => t.tableId === request.tableId)!.seats;
    const rules = tableRulesAt(state.structure!, step, seats);
    if (!rules) throw refuse('TOURNAMENT_ON_BREAK', `tournament ${tournament.tournamentId} is on a break: no hand is dealt`);
    // The table as this process knows it (no read): behind another process, ChangeRules is sent again under the same id
    // and answered with its first result; StartHand itself is then decided on the table caught up.
    const table = await this.tables.current(streamIdOf(request.tableId));
    if (table.state.rules && sameStakes(table.state.rules, rules)) return;
    const commandId = `${request.tableId}.hand-${table.state.handsPlayed + 1}.level-${step}`;
    await this.send(request.tableId, { type: 'ChangeRules', rules }, commandId, senderOf(request.metadata));
  }

  /**
   * A table's commands of one turn in one round trip (ApplyTableCommands: decided in order, written in one
   * transaction); off the happy path (a refusal, a retry, the table's dealer appending meanwhile) nothing of them is
   * written and they are sent one at a time, each answered as a single command is. In `joint`'s transaction when
   * given (with the hand ends that decided them): then only that, the hand ends' fallback sending them again.
   */
  private async sendTogether(tableId: string, orders: readonly OrderToSend[], joint?: JointSlot): Promise<void> {
    if (orders.length > 1 || joint) {
      const requests = orders.map((o) => tableRequest(tableId, o.command, o.commandId, o.metadata));
      if ((await this.commandBus.execute(new ApplyTableCommands(tableId, requests, joint))) || joint) return;
    }
    for (const { command, commandId, metadata } of orders) await this.send(tableId, command, commandId, metadata);
  }

  /** One table command of the tournament's, with its id (derived from the event that asked for it). */
  async send(tableId: string, command: TableOrderCommand, commandId: string, metadata: CommandMetadata): Promise<void> {
    const outcome: ApplyOutcome = await this.commandBus.execute(new ApplyTableCommand(tableRequest(tableId, command, commandId, metadata)));
    if (outcome.kind === 'applied' || outcome.kind === 'replayed') return;
    this.logger.error({ tableId, commandId, outcome }, `the tournament's ${command.type} was not applied at its table`);
    throw new ApiProblem(
      'rule-refused',
      outcome.kind === 'rejected' ? outcome.rejection.code : 'TOURNAMENT_TABLE_NOT_FOLLOWED',
      `table ${tableId} did not take the tournament's ${command.type}${outcome.kind === 'rejected' ? `: ${outcome.rejection.message}` : ` (${outcome.kind})`}; send the same request again`,
      { tableId },
    );
  }
}

/** Whether the tournament plays on Felt's tables (the structure's `tables`, engine when absent). */
const onEngine = (state: TournamentState): boolean => state.structure?.tables !== 'reported';
