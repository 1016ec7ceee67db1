import type { TestApi } from '../../../api/test/test-support/test-api';
import { expectStatus, startHandWithBlinds } from '../../../api/test/test-support/table-setup';

/** Plays one hand through the API, every seat folding (or checking) to the big blind: blinds move on, nothing else. */
export async function playFoldedHand(api: TestApi, tableId: string): Promise<void> {
  await startHandWithBlinds(api, tableId);
  let table = (await expectStatus(api.http.get(`/tables/${tableId}`), 200)).body;
  for (let step = 0; step < 12 && table.hand && table.hand.phase !== 'complete'; step++) {
    const next = ['Fold', 'Check', 'Deal']
      .map((type) => table.legalActions.find((a: { type: string }) => a.type === type))
      .find(Boolean) as { type: string; seat: number | null };
    const body = next.seat === null ? {} : { seat: next.seat };
    table = (await expectStatus(api.http.post(`/tables/${tableId}/${next.type.toLowerCase()}`).send(body), 201)).body.table;
  }
}

/** Plays the hand in progress through the API to its showdown: the cards dealt, every seat checking or calling. */
export async function checkDown(api: TestApi, tableId: string): Promise<any> {
  let table = (await expectStatus(api.http.get(`/tables/${tableId}`), 200)).body;
  for (let step = 0; step < 30 && table.hand?.phase !== 'showdown' && table.hand?.phase !== 'complete'; step++) {
    const next = ['Deal', 'Check', 'Call']
      .map((type) => table.legalActions.find((a: { type: string }) => a.type === type))
      .find(Boolean) as { type: string; seat: number | null };
    const body = next.seat === null ? {} : { seat: next.seat };
    table = (await expectStatus(api.http.post(`/tables/${tableId}/${next.type.toLowerCase()}`).send(body), 201)).body.table;
  }
  return table;
}
