import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { handInProgress } from '@felt/engine';
import { StreamQueue, type RecordedEvent } from '@felt/event-store';
import {
  recordHandOf,
  sameStakes,
  seatedAt,
  stepDealtAt,
  tableOrdersFor,
  tableRulesAt,
  toTournamentEvent,
  type TableOrderCommand,
  type TournamentState,
} from '@felt/tournament';
import { senderOf } from '../auth/command-sender';
import { ApiProblem } from '../http/status-mapping';
import { RoomClock } from '../room/room-clock';
import { ApplyTableCommand, type ApplyOutcome } from '../tables/apply-table-command';
import type { CommandMetadata, CommandRequest } from '../tables/command-request';
import { FoldedTables } from '../tables/folded-tables';
import { TableFollowUps, type TableFollowUp } from '../tables/table-follow-ups';
import { streamIdOf } from '../tables/table-stream';
import { ApplyTournamentCommand } from './apply-tournament-command';
import { TournamentStreams, type FoldedTournament } from './tournament-streams';

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

  constructor(
    @Inject(TableFollowUps) private readonly followUps: TableFollowUps,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(TournamentStreams) private readonly streams: TournamentStreams,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(RoomClock) private readonly clock: RoomClock,
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
    const tournament = await this.tournamentOf(request.tableId);
    if (!tournament || !onEngine(tournament.state)) return;
    await this.inOrder.run(tournament.tournamentId, () =>
      this.record(tournament, request.tableId, `${ended.eventId}.tournament`, senderOf(request.metadata)),
    );
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
    await this.inOrder.run(state.tournamentId, () => this.sendOrders(events, state, metadata));
  }

  /**
   * follow's work, in the tournament's queue already. Each table's commands in order, the tables at once: a table
   * broken sends its players to many tables, and the writes of different tables share their commits.
   */
  private async sendOrders(events: readonly RecordedEvent[], state: TournamentState, metadata: CommandMetadata): Promise<void> {
    const byTable = new Map<string, { command: TableOrderCommand; commandId: string }[]>();
    for (const recorded of events)
      for (const order of tableOrdersFor(toTournamentEvent(recorded), state)) {
        const orders = byTable.get(order.tableId) ?? [];
        orders.push({ command: order.command, commandId: `${recorded.eventId}.${order.key}` });
        byTable.set(order.tableId, orders);
      }
    await Promise.all(
      [...byTable].map(async ([tableId, orders]) => {
        for (const { command, commandId } of orders) await this.send(tableId, command, commandId, metadata);
      }),
    );
    // A table left with one player cannot deal the hand its players' moves wait for: its stacks are recorded as they
    // are (nothing won or lost), and the moves are made.
    const last = events[events.length - 1]!.eventId;
    for (const table of state.tables.filter((t) => !t.broken && state.moves.some((m) => m.from.tableId === t.tableId)))
      if (seatedAt(state, table.tableId).length < 2) {
        const tournament = { tournamentId: state.tournamentId, state, version: 0 };
        await this.record(tournament, table.tableId, `${last}.idle-${table.tableId}`, metadata, true);
      }
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
    if (outcome.kind === 'applied' || outcome.kind === 'replayed') return this.sendOrders(outcome.events, outcome.folded.state, metadata);
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
    const table = await this.tables.caughtUp(streamIdOf(request.tableId));
    if (table.state.rules && sameStakes(table.state.rules, rules)) return;
    const commandId = `${request.tableId}.hand-${table.state.handsPlayed + 1}.level-${step}`;
    await this.send(request.tableId, { type: 'ChangeRules', rules }, commandId, senderOf(request.metadata));
  }

  /** One table command of the tournament's, with its id (derived from the event that asked for it). */
  async send(tableId: string, command: TableOrderCommand, commandId: string, metadata: CommandMetadata): Promise<void> {
    const outcome: ApplyOutcome = await this.commandBus.execute(
      new ApplyTableCommand({ tableId, command: command as CommandRequest['command'], commandId, commandIdGenerated: false, metadata }),
    );
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
