import { formatCard, mulberry32, type Card, type LegalAction, type TableCommand } from '@felt/engine';
import {
  deckPair,
  faceUpOf,
  HAND_END_EVENTS,
  randomCommand,
  SHOWDOWN_EVENTS,
  truthPair,
  type PublicSide,
} from '../../../libs/projections/src/hidden-cards.test-support';
import { addTestUser, seedTestUsers } from './test-support/auth';
import { deviceAgent } from './test-support/devices';
import { expectStatus, NO_LIMIT_1_2 } from './test-support/table-setup';
import { useTestStore } from './test-support/test-databases';
import { assignApproved, postApproved } from './test-support/approvals';
import { startTestApi, type HttpAgent, type TestApi } from './test-support/test-api';

/**
 * No answer depends on a card its sender may not see (docs/security.md "Insiders", row 2), over HTTP with every
 * role's token: two tables alike but for their hidden cards (deck tables: the hole cards and the cards never dealt,
 * or for a dealerSeesHoleCards table only the latter; live tables: what each table's reader reads) get the same
 * random commands from a random sender (no token, a service, a dealer not assigned, the assigned dealer, the floor,
 * a regulator; on live tables the table's reader device, reporting its own table's cards), and every answer must be
 * the same: status, code, sentence and body as that sender gets it, but for the table's name, ids and times. A run
 * stops where the rules expose the cards (a showdown, a hand's end). On a live table whose rules show the dealer the
 * hole cards, the readers' records are no secret to the assigned dealer: they are not among its senders there. The engine-level property, with more runs:
 * libs/projections/src/hidden-cards.spec.ts.
 */
const PLAYERS = 4;
const STEPS = 40;
type Pair = { readonly kind: 'deck' | 'live'; readonly dealerSees: boolean; readonly seed: number };
/** Three runs of each kind of table, each run one hand (most end at the showdown or a fold). */
const PAIRS: Pair[] = [1, 2, 3].flatMap((run) => [
  { kind: 'deck' as const, dealerSees: false, seed: 10 * run + 1 },
  { kind: 'deck' as const, dealerSees: true, seed: 10 * run + 2 },
  { kind: 'live' as const, dealerSees: false, seed: 10 * run + 3 },
  { kind: 'live' as const, dealerSees: true, seed: 10 * run + 4 },
]);

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

describe('no answer depends on a card its sender may not see, over HTTP (postgres)', () => {
  let api: TestApi;
  let dealerId: string;
  let senders: [string, HttpAgent | TestApi['anonymous']][];
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });

  beforeAll(async () => {
    api = await startTestApi(database.db);
    await seedTestUsers(database.db, [{ sub: 'hidden-floor', role: 'floor' }]);
    dealerId = (await addTestUser(database.db, 'hidden-dealer', 'dealer')).id;
    const unassigned = (await addTestUser(database.db, 'hidden-other-dealer', 'dealer')).id;
    senders = [
      ['anonymous', api.anonymous],
      ['service', api.as('service')],
      ['dealer not assigned', api.as('dealer', { sub: unassigned })],
      ['assigned dealer', api.as('dealer', { sub: dealerId })],
      ['assigned dealer', api.as('dealer', { sub: dealerId })],
      ['floor', api.as('floor', { sub: 'hidden-floor' })],
      ['floor', api.as('floor', { sub: 'hidden-floor' })],
      ['regulator', api.as('regulator')],
    ];
  });

  async function open(tableId: string, pair: Pair): Promise<HttpAgent | null> {
    const rules = {
      ...NO_LIMIT_1_2,
      ...(pair.kind === 'live' ? { cardSource: 'live' } : { deckSource: 'training' }),
      ...(pair.dealerSees ? { dealerSeesHoleCards: true } : {}),
    };
    await expectStatus(postApproved(api, '/tables', { tableId, rules }), 201);
    for (let seat = 1; seat <= PLAYERS; seat++)
      await expectStatus(api.http.post(`/tables/${tableId}/seat-player`).send({ seat, playerId: `p${seat}`, buyIn: 60 + 10 * seat }), 201);
    await expectStatus(api.http.post(`/tables/${tableId}/place-button`).send({ seat: 1 }), 201);
    await expectStatus(assignApproved(api, tableId, dealerId), 200);
    return pair.kind === 'live' ? (await deviceAgent(api, 'reader', tableId)).agent : null;
  }

  it.each(PAIRS.map((pair, i) => [`${pair.kind} tables${pair.dealerSees ? ' whose dealer sees the hole cards' : ''}`, i] as const))(
    '%s (run %#): every answer the same',
    async (_, index) => {
      const pair = PAIRS[index]!;
      const random = mulberry32(pair.seed);
      const ids = [`hidden-${index}-a`, `hidden-${index}-b`] as const;
      const readers = [await open(ids[0], pair), await open(ids[1], pair)];
      let truths: [Map<number, Card[]>, Map<number, Card[]>] = [new Map(), new Map()];
      let view = (await api.http.get(`/tables/${ids[0]}`).expect(200)).body;
      let compared = 0;
      for (let step = 0; step < STEPS; step++) {
        const between = view.hand === null || view.hand.phase === 'complete';
        if (between && pair.kind === 'deck') {
          // The floor deals each table its own deck (a training table): the hidden difference, not a compared command.
          const [a, b] = deckPair(random, PLAYERS, pair.dealerSees);
          await expectStatus(api.http.post(`/tables/${ids[0]}/start-hand`).send({ deck: a.map(formatCard) }), 201);
          view = (await expectStatus(api.http.post(`/tables/${ids[1]}/start-hand`).send({ deck: b.map(formatCard) }), 201)).body.table;
          continue;
        }
        if (between)
          truths = truthPair(
            random,
            view.seats.map((s: { seat: number }) => s.seat),
          );
        const unread = pair.kind === 'live' && view.hand?.phase === 'betting' && view.hand.board === '' ? unreadSeat(view) : null;
        const [sender, agents, commands] =
          unread !== null
            ? [
                'reader',
                readers as HttpAgent[],
                [0, 1].map((t) => ({ type: 'ReportHoleCards', seat: unread, cards: truths[t]!.get(unread)!.map(formatCard) })),
              ]
            : (() => {
                // A live table's records are no secret to the dealer of a dealerSeesHoleCards table: their answers show them.
                const from = pair.kind === 'live' && pair.dealerSees ? senders.filter(([name]) => name !== 'assigned dealer') : senders;
                const [name, agent] = from[Math.floor(random() * from.length)]!;
                const command: TableCommand = between ? { type: 'StartHand' } : randomCommand(random, publicSide(view));
                return [name, [agent, agent], [command, command]] as const;
              })();
        const answers: Answer[] = [];
        for (const t of [0, 1]) {
          const res = await agents[t]!.post(`/tables/${ids[t]}/commands`).send(commands[t]!);
          answers.push({ status: res.status, body: res.body });
        }
        if (answers.some(exposes)) break;
        expect({ step, sender, command: commands[0], answer: comparable(answers[1]!, ids[1]) }).toEqual({
          step,
          sender,
          command: commands[0],
          answer: comparable(answers[0]!, ids[0]),
        });
        compared++;
        if (answers[0]!.status < 300 && answers[0]!.body.table) view = answers[0]!.body.table;
      }
      expect(compared).toBeGreaterThan(5);
    },
  );
});

/** The first seat still in the hand whose reader has not reported it (its hole cards are still unknown to the table). */
function unreadSeat(view: { legalActions: LegalAction[] }): number | null {
  return view.legalActions.find((a) => a.type === 'ReportHoleCards')?.seat ?? null;
}

function publicSide(view: {
  legalActions: LegalAction[];
  hand: { board: string; players: { shown: boolean; holeCards: string | null }[] } | null;
}): PublicSide {
  const shown = (view.hand?.players ?? []).filter((p) => p.shown && p.holeCards !== null).map((p) => p.holeCards!);
  return { legal: view.legalActions, faceUp: faceUpOf(view.hand?.board ?? '', shown) };
}

/** An answer that tables hands or ends one: the rules show hidden cards from there on (to the floor, every card). */
function exposes(answer: Answer): boolean {
  const events = (answer.body.events ?? []) as { type: string }[];
  return events.some((e) => SHOWDOWN_EVENTS.has(e.type) || HAND_END_EVENTS.has(e.type));
}

/** An answer without what differs between two tables by name, ids and time: the table's name, event ids, times, request ids. */
function comparable(answer: Answer, tableId: string): unknown {
  const text = JSON.stringify(answer.body).split(tableId).join('<table>');
  const { requestId: _r, commandId: _c, ...body } = JSON.parse(text) as Record<string, unknown>;
  if (Array.isArray(body.events)) {
    body.events = (body.events as Record<string, unknown>[]).map(
      ({ eventId: _e, recordedAt: _t, globalPosition: _g, metadata: _m, hash, data, ...e }) => ({
        ...e,
        hash: hash === null ? null : 'a hash',
        data: e.type === 'HandStarted' ? { ...(data as object), deckCommitment: 'a commitment' } : data,
      }),
    );
  }
  return { status: answer.status, body };
}
