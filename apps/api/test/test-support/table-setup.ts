import { postApproved } from './approvals';
import type { TestApi } from './test-api';

export const NO_LIMIT_1_2 = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } as const;

/** NO_LIMIT_1_2 on a training table: decks and hole cards may be chosen (a test that must know the cards), labelled training. */
export const TRAINING_1_2 = { ...NO_LIMIT_1_2, deckSource: 'training' } as const;

/**
 * Opens a table, seats `players` players with 100 chips each in seats 1.., and places the button on seat 1 (if anyone
 * sits). Rules that widen who sees or chooses cards are approved by a second floor supervisor (postApproved).
 */
export async function openTableWithPlayers(api: TestApi, tableId: string, players = 3, rules: object = NO_LIMIT_1_2): Promise<void> {
  await expectStatus(postApproved(api, '/tables', { tableId, rules }), 201);
  for (let seat = 1; seat <= players; seat++) {
    await expectStatus(api.http.post(`/tables/${tableId}/seat-player`).send({ seat, playerId: `player-${seat}`, buyIn: 100 }), 201);
  }
  if (players > 0) await expectStatus(api.http.post(`/tables/${tableId}/place-button`).send({ seat: 1 }), 201);
}

/** Starts a hand and posts both blinds (button 1 with three or more players: small blind 2, big blind 3). */
export async function startHandWithBlinds(api: TestApi, tableId: string): Promise<{ toAct: number; version: number }> {
  const started = await expectStatus(api.http.post(`/tables/${tableId}/start-hand`).send({}), 201);
  let table = started.body.table;
  for (const due of table.legalActions.filter((a: { type: string }) => a.type === 'PostBlind')) {
    table = (await expectStatus(api.http.post(`/tables/${tableId}/post-blind`).send({ seat: due.seat, blind: due.blind }), 201)).body.table;
  }
  return { toAct: table.toAct, version: table.version };
}

/** Awaits the request and fails with its body when the status is not the expected one. */
export async function expectStatus<T extends { status: number; body: unknown }>(req: PromiseLike<T>, status: number): Promise<T> {
  const res = await req;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res;
}
