import { Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { badBeatOf, badBeatShown, bookView, highHandsOf, moneyRejection, type MoneyCommand, type MoneyRequest } from '@felt/accounting';
import { Roles } from '../auth/access-decorators';
import { rawCommandRequest } from '../auth/command-sender';
import { DealerAssignments } from '../auth/dealer-assignments';
import { principalOf } from '../auth/principal';
import { TableAccess } from '../auth/table-access';
import { sendJson, type HttpRequest, type HttpResponse } from '../http/http-types';
import { parseInput } from '../http/parse-input';
import { ApiProblem, SUCCESS_STATUS } from '../http/status-mapping';
import { sendStreamOutcome } from '../http/stream-answer';
import { tableIdSchema } from '../tables/table-command-schema';
import { roomBodySchema } from '../openapi/room-docs';
import { RoomClock } from '../room/room-clock';
import { parseRoomRequest, type RoomEnvelope } from '../room/room-request';
import { RequestFingerprints } from '../tables/request-fingerprint';
import { ApplyMoneyCommand, type MoneyOutcome } from './apply-money-command';
import { LoggedHands } from './logged-hands';
import { MoneyBooks, ROOM_BOOK } from './money-books';
import {
  badBeatQuerySchema,
  badBeatSchema,
  cashSchema,
  chipValueSchema,
  confirmSchema,
  declineSchema,
  dropSchema,
  highHandSchema,
  moneyRequestSchema,
  openFundSchema,
  requestIdSchema,
} from './money-request';

/**
 * The house's money (docs/money.md): funds, drops, cash at the tables, fills, credits, the count and jackpot
 * payouts. Every move of money out of a fund, into or out of a tray, and every count is asked for by one person and
 * confirmed by another (the book refuses SAME_PERSON). Refusals are 422 with the book's code, malformed bodies 400;
 * neither writes anything. Regulators read (money-reports.controller.ts) and move nothing.
 */
@ApiTags('money')
@ApiBearerAuth()
@Controller('money')
@Roles('floor')
export class MoneyController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(MoneyBooks) private readonly books: MoneyBooks,
    @Inject(LoggedHands) private readonly hands: LoggedHands,
    @Inject(RoomClock) private readonly clock: RoomClock,
    @Inject(RequestFingerprints) private readonly fingerprints: RequestFingerprints,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(DealerAssignments) private readonly assignments: DealerAssignments,
  ) {}

  @Post('funds')
  @ApiBody({ schema: roomBodySchema(openFundSchema) })
  @ApiOperation({
    summary: 'OpenFund: a bad-beat jackpot or a high-hand promotion with its posted rules (⚙ split, backup share, qualifying hand, prize)',
  })
  openFund(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('funds', openFundSchema, req, res, (body) => ({ type: 'OpenFund', ...body }));
  }

  @Post('drops')
  @Roles('floor', 'dealer', 'service')
  @ApiBody({ schema: roomBodySchema(dropSchema) })
  @ApiOperation({ summary: "CollectDrop: a pot's jackpot or promotion drop, into its fund (the backup share held back)" })
  drop(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('drops', dropSchema, req, res, async (body) => {
      await this.dealerAtTable(req, body.tableId);
      return { type: 'CollectDrop', ...body };
    });
  }

  @Post('chip-values')
  @ApiBody({ schema: roomBodySchema(chipValueSchema) })
  @ApiOperation({ summary: "SetChipValue: what one of the table's chips is worth in cents, from now on (revenue and drops in cents)" })
  chipValue(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('chip-values', chipValueSchema, req, res, (body) => ({ type: 'SetChipValue', ...body }));
  }

  @Post('cash')
  @Roles('floor', 'dealer')
  @ApiBody({ schema: roomBodySchema(cashSchema) })
  @ApiOperation({ summary: 'CashBuyIn (cash into the drop box, chips to the player) or ChipsFromCage, at a table in a shift' })
  cash(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('cash', cashSchema, req, res, async (body) => {
      await this.dealerAtTable(req, body.tableId);
      return body;
    });
  }

  @Post('requests')
  @Roles('floor', 'dealer', 'count')
  @ApiBody({ schema: roomBodySchema(moneyRequestSchema) })
  @ApiOperation({
    summary: 'Ask for a SeedFund, Fill, Credit or Count; a second person confirms it (POST /money/requests/:requestId/confirm)',
  })
  request(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('requests', moneyRequestSchema, req, res, async (body) => {
      if ('tableId' in body.request) await this.dealerAtTable(req, body.request.tableId);
      return { type: 'RequestMoney', requestId: body.requestId, request: body.request as MoneyRequest };
    });
  }

  @Post('requests/bad-beat')
  @Roles('floor', 'dealer')
  @ApiBody({ schema: roomBodySchema(badBeatSchema) })
  @ApiOperation({
    summary: "Ask for a bad-beat payout for a hand: the hand is qualified from the log, the split from the fund's posted rules",
  })
  badBeat(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('bad-beat', badBeatSchema, req, res, async (body) => {
      await this.dealerAtTable(req, body.tableId);
      const fund = (await this.books.caughtUp(ROOM_BOOK)).state.funds[body.fundId];
      if (!fund) throw refused(moneyRejection('FUND_UNKNOWN', `there is no fund ${body.fundId}`, 'fundId'));
      const hand = await this.hands.hand(body.tableId, body.handNumber);
      const beat = hand && badBeatOf(hand, fund.rules);
      if (!beat)
        throw refused(
          moneyRejection(
            'HAND_NOT_QUALIFYING',
            `hand ${body.handNumber} of table ${body.tableId} is not a finished hand that qualifies for ${fund.rules.name}`,
          ),
        );
      const request: MoneyRequest = {
        kind: 'PayBadBeat',
        fundId: body.fundId,
        tableId: body.tableId,
        handNumber: body.handNumber,
        loser: beat.loser.playerId,
        winner: beat.winner.playerId,
        table: beat.table,
      };
      return { type: 'RequestMoney', requestId: body.requestId, request };
    });
  }

  @Post('requests/high-hand')
  @Roles('floor')
  @ApiBody({ schema: roomBodySchema(highHandSchema) })
  @ApiOperation({ summary: "Ask for a high-hand period's payout: the best hand shown in [from, to) from the log, ties split" })
  highHand(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('high-hand', highHandSchema, req, res, async (body) => {
      const fund = (await this.books.caughtUp(ROOM_BOOK)).state.funds[body.fundId];
      if (!fund) throw refused(moneyRejection('FUND_UNKNOWN', `there is no fund ${body.fundId}`, 'fundId'));
      const best = highHandsOf(await this.hands.all(), body.from, body.to, fund.rules);
      if (best.length === 0) throw refused(moneyRejection('HAND_NOT_QUALIFYING', `no hand was shown between ${body.from} and ${body.to}`));
      const winners = best.map((b) => ({ playerId: b.hand.playerId, tableId: b.tableId, handNumber: b.handNumber }));
      const unique = winners.filter((w, i) => winners.findIndex((o) => o.playerId === w.playerId) === i);
      return {
        type: 'RequestMoney',
        requestId: body.requestId,
        request: { kind: 'PayHighHand', fundId: body.fundId, period: body.period, from: body.from, to: body.to, winners: unique },
      };
    });
  }

  @Post('requests/:requestId/confirm')
  @Roles('floor', 'count')
  @ApiBody({ schema: roomBodySchema(confirmSchema) })
  @ApiOperation({ summary: 'Confirm a money move another person asked for (never your own: SAME_PERSON)' })
  confirm(@Param('requestId') requestId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('confirm', confirmSchema, req, res, () => ({ type: 'ConfirmRequest', requestId: knownRequestId(requestId) }));
  }

  @Post('requests/:requestId/decline')
  @Roles('floor', 'count')
  @ApiBody({ schema: roomBodySchema(declineSchema) })
  @ApiOperation({ summary: 'Decline a money move waiting for confirmation, saying why' })
  decline(@Param('requestId') requestId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('decline', declineSchema, req, res, (body) => ({
      type: 'DeclineRequest',
      requestId: knownRequestId(requestId),
      ...body,
    }));
  }

  @Get('book')
  @Roles('floor', 'regulator', 'count')
  @ApiOperation({ summary: "The book now: every fund's totals, the count sheet and the requests waiting for a second person" })
  async book(@Query() _query: Record<string, unknown>, @Res() res: HttpResponse) {
    const book = await this.books.caughtUp(ROOM_BOOK);
    res.header('ETag', `"${book.version}"`);
    sendJson(res, SUCCESS_STATUS.read, bookView(book.state, book.version, this.clock.at()));
  }

  @Get('hands/:tableId/:handNumber/bad-beat')
  @Roles('floor', 'regulator')
  @ApiOperation({
    summary:
      "A finished hand read for a fund's bad beat: the loser's and winner's shown hands, the table's other players, the fund's posted rules and the split at its balance now, or 404",
  })
  async badBeatHand(
    @Param('tableId') tableId: string,
    @Param('handNumber') handNumber: string,
    @Query() query: Record<string, unknown>,
    @Res() res: HttpResponse,
  ) {
    const { fundId } = parseInput(badBeatQuerySchema, query);
    const fund = (await this.books.caughtUp(ROOM_BOOK)).state.funds[fundId];
    const number = Number(handNumber);
    const hand =
      fund && tableIdSchema.safeParse(tableId).success && Number.isSafeInteger(number) ? await this.hands.hand(tableId, number) : null;
    const beat = hand && badBeatOf(hand, fund!.rules);
    if (!beat)
      throw new ApiProblem(
        'route-not-found',
        'HAND_NOT_QUALIFYING',
        `no finished hand ${handNumber.slice(0, 12)} of table ${tableId.slice(0, 64)} qualifies for fund ${fundId}`,
      );
    sendJson(res, SUCCESS_STATUS.read, badBeatShown(fund!, beat));
  }

  /** Body (400), then who may act on the table (403), then the book's decision (422) or the events (201). */
  private async run<T>(
    route: string,
    schema: z.ZodType<T>,
    req: HttpRequest,
    res: HttpResponse,
    command: (body: T) => Promise<MoneyCommandBody> | MoneyCommandBody,
  ): Promise<void> {
    const principal = principalOf(req);
    this.access.checkDevice(req, principal);
    const { body, envelope } = parseRoomRequest(schema, rawCommandRequest(req));
    const requestFingerprint = this.fingerprints.ofRoomRequest(`money/${route}`, ROOM_BOOK, body);
    const full = {
      ...(await command(body)),
      at: this.clock.at(),
      by: { id: principal.sub, role: principal.role },
    } as MoneyCommand;
    const meta: RoomEnvelope = { ...envelope, metadata: { ...envelope.metadata, requestFingerprint } };
    answer(res, envelope.commandId, await this.commandBus.execute(new ApplyMoneyCommand({ bookId: ROOM_BOOK, command: full, ...meta })));
  }

  /** A dealer records cash and asks for fills only at a table assigned to them. */
  private async dealerAtTable(req: HttpRequest, tableId: string): Promise<void> {
    const principal = principalOf(req);
    if (principal.role !== 'dealer' || (await this.assignments.isAssigned(tableId, principal.sub))) return;
    throw new ApiProblem('forbidden', 'NOT_ASSIGNED', `you are not assigned to table ${tableId}`, { tableId });
  }
}

type MoneyCommandBody = Record<string, unknown> & { readonly type: MoneyCommand['type'] };

function answer(res: HttpResponse, commandId: string, outcome: MoneyOutcome): void {
  sendStreamOutcome(res, commandId, outcome, { ids: {}, subject: 'the book' });
}

function refused(rejection: { code: string; message: string; field?: string }): ApiProblem {
  return new ApiProblem('rule-refused', rejection.code, rejection.message, rejection.field === undefined ? {} : { field: rejection.field });
}

function knownRequestId(requestId: string): string {
  if (!requestIdSchema.safeParse(requestId).success)
    throw new ApiProblem('route-not-found', 'REQUEST_NOT_FOUND', `there is no request "${requestId.slice(0, 64)}"`);
  return requestId;
}
