import { tableDecider, type TableCommand, type TableEvent } from '@felt/engine';
import { parsePhh, replayPhhHand } from '../index';
import { phhHandsFromEvents, toPhhText } from './export';
import { ohhHandsFromEvents } from '../ohh/export';

function eventsOf(commands: readonly TableCommand[]): TableEvent[] {
  let state = tableDecider.initialState;
  const events: TableEvent[] = [];
  for (const c of commands) {
    const d = tableDecider.decide(c, state);
    if (!d.ok) throw new Error(`${c.type} refused: ${d.rejection.code} ${d.rejection.message}`);
    for (const e of d.events) {
      state = tableDecider.evolve(state, e);
      events.push(e);
    }
  }
  return events;
}

/** Button 1, blinds 2 and 3: seat 4 raises, seat 1 folds, seat 2's fold is keyed by mistake and taken back; seat 2 calls, seat 3 folds. */
const commands: TableCommand[] = [
  { type: 'OpenTable', tableId: 'x', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } },
  ...[1, 2, 3, 4].map((seat): TableCommand => ({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 100 })),
  { type: 'PlaceButton', seat: 1 },
  { type: 'StartHand', seed: 3 },
  { type: 'PostBlind', seat: 2 },
  { type: 'PostBlind', seat: 3 },
  { type: 'Raise', seat: 4, to: 6 },
  { type: 'Fold', seat: 1 },
  { type: 'Fold', seat: 2 },
  { type: 'CorrectAction', action: 3, reason: 'double tap' },
  { type: 'Call', seat: 2 },
  { type: 'Fold', seat: 3 },
  ...['flop', 'turn', 'river'].flatMap((): TableCommand[] => [
    { type: 'Check', seat: 2 },
    { type: 'Check', seat: 4 },
  ]),
];

describe('exports of a corrected hand: as finally played, the retracted actions left out, with a note', () => {
  const events = eventsOf(commands);
  const finished = eventsOf([...commands, ...showdown(events)]);

  function showdown(sofar: TableEvent[]): TableCommand[] {
    const order =
      sofar.filter((e): e is Extract<TableEvent, { type: 'ShowdownStarted' }> => e.type === 'ShowdownStarted').at(-1)?.order ?? [];
    return order.map((seat) => ({ type: 'ShowHand', seat }));
  }

  it('PHH: no fold for seat 2, a corrected note, and pokerkit-equivalent stacks on replay', () => {
    const { hands, counts } = phhHandsFromEvents(finished);
    expect(hands).toHaveLength(1);
    const [hand] = hands;
    // PHH numbers from the button's left: seat 2 is p1, seat 3 p2, seat 1 p4. Seat 2's fold is not there.
    expect(hand.actions.filter((a) => a.endsWith(' f'))).toEqual(['p4 f', 'p2 f']);
    expect(hand.notes).toEqual([
      { kind: 'corrected', text: 'the floor took back PlayerFolded by seat 2 (double tap): written as finally played, without them' },
    ]);
    expect(counts.corrected).toBe(1);
    const [parsed] = parsePhh(toPhhText(hands), 'corrected.phh');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const replay = replayPhhHand(parsed.hand);
    expect(replay.status).toBe('matched');
    expect(replay.finalStacks).toEqual(replay.expectedStacks);
  });

  it('OHH: the retracted fold is not among the actions', () => {
    const [hand] = ohhHandsFromEvents(finished);
    const folds = JSON.stringify(hand).match(/"Fold"/g) ?? [];
    expect(folds).toHaveLength(2);
  });
});
