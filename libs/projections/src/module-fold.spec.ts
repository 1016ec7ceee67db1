import { DEFAULT_MODULES, ruleModule, tableDecider, type AnyRuleModule, type TableEngine, type TableEvent } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { project } from './projection';
import { handHistory, handHistoryOf } from './hand-history';
import type { HandRecord } from './hand-record';
import { sessionLedger, sessionLedgerOf } from './session-ledger';
import { tableHands } from './table-hands';
import { scriptedTable } from './scripted-table.test-support';

/**
 * A casino's own option, written outside the engine: the house takes a fee at the end of every hand in an event of
 * its own (HouseFeeTaken), and its post of a live total (a "double-up" of its own kind). Its `formats.record` is all
 * the hand record, the hand history and the session ledger need to count them.
 */
const houseFee: AnyRuleModule = ruleModule<Record<string, never>>({
  name: 'houseFee',
  where: 'houseOptions',
  params: () => null,
  defaults: {},
  formats: {
    record: {
      HouseFeeTaken: (e) => [{ change: 'house-take', amount: (e as unknown as { amount: number }).amount }],
      DoubledUp: (e) => {
        const { seat, total } = e as unknown as { seat: number; total: number };
        return [{ change: 'post-to-total', seat, kind: 'double-up', total }];
      },
    },
  },
});
const MODULES = [...DEFAULT_MODULES, houseFee];
const ENGINE: Pick<TableEngine, 'modules' | 'readsEvent'> = {
  modules: MODULES,
  readsEvent: (type, version) => tableDecider.readsEvent(type, version) || (version === 1 && ['HouseFeeTaken', 'DoubledUp'].includes(type)),
};

/** The scripted table's hand with the module's events in it: a double-up before the first raise, the fee before HandEnded. */
function withModuleEvents(events: readonly RecordedEvent[]): RecordedEvent[] {
  const at = (type: string) => events.findIndex((e) => e.type === type);
  const extra = (e: RecordedEvent, type: string, data: object): RecordedEvent => ({
    ...e,
    eventId: `${e.eventId}-${type}`,
    type,
    data: { ...data },
  });
  const raise = at('RaisePlaced');
  const ended = at('HandEnded');
  const out = [
    ...events.slice(0, raise),
    extra(events[raise]!, 'DoubledUp', { seat: 2, total: 4 }),
    ...events.slice(raise, ended),
    extra(events[ended]!, 'HouseFeeTaken', { amount: 3 }),
    ...events.slice(ended),
  ];
  return out.map((e, i) => ({ ...e, streamVersion: i + 1 }));
}

const bare = (events: readonly RecordedEvent[]) => events.map((e) => ({ ...(e.data as object), type: e.type }) as TableEvent);
const withoutVersions = ({ fromVersion: _f, toVersion: _t, ...rest }: HandRecord) => rest;

describe("a module's part of the hand record (formats.record)", () => {
  const plain = scriptedTable().events;
  const events = withModuleEvents(plain);

  it("changes the record's generic fields as the module says, with no line of the fold naming it", () => {
    const [hand] = tableHands(bare(events), undefined, MODULES);
    expect(hand!.record.rake).toBe(3);
    const doubled = hand!.record.actions.find((a) => a.kind === 'double-up');
    expect(doubled).toMatchObject({ street: 'preflop', seat: 2, playerId: 'bob', action: 'double-up', amount: 4 });
  });

  it('leaves the record as it was for tables whose modules do not know the events', () => {
    const [withEvents] = tableHands(bare(events));
    const [without] = tableHands(bare(plain));
    expect(withoutVersions(withEvents!.record)).toEqual(withoutVersions(without!.record));
  });

  it("reaches the hand history and the session ledger through the table's engine", () => {
    const history = project(handHistoryOf(ENGINE), events);
    expect(history.hands.t1![0]!.rake).toBe(3);
    expect(project(handHistory, events).hands.t1![0]!.rake).toBe(0);
    expect(project(sessionLedgerOf(ENGINE), events).tables.t1!.rake).toBe(3);
    expect(project(sessionLedger, events).tables.t1!.rake).toBe(0);
  });
});
