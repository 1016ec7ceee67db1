import { deciderSpec, EVENT_TYPES } from '@felt/engine';
import { ROOM_EVENT_TYPES } from './events';
import type { RoomEvent } from './events';
import { DEFAULT_ROOM_POLICIES } from './house-policies/room-policies';
import { roomDecider } from './room-decider';
import { boardGame, floorGame, WITHHELD_ALIAS, WITHOUT_REGISTRY } from './board';

const spec = deciderSpec(roomDecider);
const T = (minute: number, second = 0) => new Date(Date.UTC(2026, 0, 1, 20, minute, second)).toISOString();

const opened: RoomEvent = {
  type: 'GameOpened',
  at: T(0),
  gameId: 'nl25',
  name: '2/5 NLHE',
  stakes: '2/5',
  structure: 'no-limit',
  seatsPerTable: 9,
  tableRules: null,
  policies: DEFAULT_ROOM_POLICIES,
};
const table = (tableId: string, mustMove = false, seated: { seat: number; playerId: string; alias: string }[] = []): RoomEvent => ({
  type: 'TableAdded',
  at: T(1),
  tableId,
  seats: 9,
  mustMove,
  seated,
});
const listed = (playerId: string, alias: string, minute: number): RoomEvent => ({ type: 'PlayerListed', at: T(minute), playerId, alias });
const fullTable = (tableId: string, prefix: string, mustMove = false, seats = 9) =>
  table(
    tableId,
    mustMove,
    Array.from({ length: seats }, (_, i) => ({ seat: i + 1, playerId: `${prefix}${i + 1}`, alias: `${prefix.toUpperCase()}${i + 1}` })),
  );

describe('the room decider: games and their lists', () => {
  it('opens a game with the house policies written out in full', () => {
    spec
      .given([])
      .when({ type: 'OpenGame', at: T(0), gameId: 'nl25', name: '2/5 NLHE', stakes: '2/5', structure: 'no-limit' })
      .then([opened]);
  });

  it('refuses a second opening, and commands to a game never opened', () => {
    spec
      .given([opened])
      .when({ type: 'OpenGame', at: T(0), gameId: 'nl25', name: 'x', stakes: 'x', structure: 'x' })
      .thenRejected({ code: 'GAME_ALREADY_OPEN' });
    spec
      .given([])
      .when({ type: 'JoinList', at: T(1), playerId: 'p1', alias: 'JD' })
      .thenRejected({ code: 'GAME_NOT_OPEN' });
  });

  it('refuses a house policy out of range, naming the field', () => {
    spec
      .given([])
      .when({ type: 'OpenGame', at: T(0), gameId: 'g', name: 'g', stakes: '1/2', structure: 'nl', policies: { callResponseSeconds: 5 } })
      .thenRejected({ code: 'INVALID_COMMAND', field: 'policies.callResponseSeconds' });
  });

  it('lists a player by alias, once; a second player with the same alias is refused', () => {
    spec
      .given([opened])
      .when({ type: 'JoinList', at: T(2), playerId: 'p1', alias: 'JD' })
      .then([listed('p1', 'JD', 2)]);
    spec
      .given([opened, listed('p1', 'JD', 2)])
      .when({ type: 'JoinList', at: T(3), playerId: 'p1', alias: 'JD' })
      .thenRejected({ code: 'PLAYER_ALREADY_LISTED' });
    spec
      .given([opened, listed('p1', 'JD', 2)])
      .when({ type: 'JoinList', at: T(3), playerId: 'p2', alias: 'jd' })
      .thenRejected({ code: 'ALIAS_TAKEN', field: 'alias' });
  });

  it('refuses to list a player who already plays in the game', () => {
    spec
      .given([opened, table('t1', false, [{ seat: 1, playerId: 'p1', alias: 'JD' }])])
      .when({ type: 'JoinList', at: T(2), playerId: 'p1', alias: 'JD' })
      .thenRejected({ code: 'PLAYER_ALREADY_SEATED' });
  });

  it('calls the first player on the list to an open seat, with the response time recorded', () => {
    spec
      .given([opened, table('t1'), listed('p1', 'JD', 2)])
      .when({ type: 'CallPlayer', at: T(5), playerId: 'p1', tableId: 't1', seat: 4 })
      .then([
        {
          type: 'PlayerCalledToSeat',
          at: T(5),
          playerId: 'p1',
          alias: 'JD',
          tableId: 't1',
          seat: 4,
          route: 'list',
          respondBy: T(8),
          passedOver: [],
        },
      ]);
  });

  it('refuses to skip a player ahead without a reason, and records the reason when there is one', () => {
    const given = [opened, table('t1'), listed('p1', 'JD', 2), listed('p2', 'AB', 3)];
    spec
      .given(given)
      .when({ type: 'CallPlayer', at: T(5), playerId: 'p2', tableId: 't1', seat: 4 })
      .thenRejected((r) => {
        expect(r.code).toBe('CALL_OUT_OF_TURN');
        expect(r.message).toContain('JD (list) is ahead of AB');
      });
    spec
      .given(given)
      .when({
        type: 'CallPlayer',
        at: T(5),
        playerId: 'p2',
        tableId: 't1',
        seat: 4,
        passOver: [{ playerId: 'p1', reason: 'asked-to-wait' }],
      })
      .then((events) => expect(events[0]).toMatchObject({ playerId: 'p2', passedOver: [{ playerId: 'p1', reason: 'asked-to-wait' }] }));
    spec
      .given(given)
      .when({
        type: 'CallPlayer',
        at: T(5),
        playerId: 'p1',
        tableId: 't1',
        seat: 4,
        passOver: [{ playerId: 'p2', reason: 'asked-to-wait' }],
      })
      .thenRejected({ code: 'INVALID_PASS_OVER' });
  });

  it('refuses a seat offered twice, a player called twice, and a player called to a game they are not listed for', () => {
    const called: RoomEvent = {
      type: 'PlayerCalledToSeat',
      at: T(5),
      playerId: 'p1',
      alias: 'JD',
      tableId: 't1',
      seat: 4,
      route: 'list',
      respondBy: T(8),
      passedOver: [],
    };
    const given = [opened, table('t1'), listed('p1', 'JD', 2), listed('p2', 'AB', 3), called];
    spec
      .given(given)
      .when({ type: 'CallPlayer', at: T(6), playerId: 'p2', tableId: 't1', seat: 4 })
      .thenRejected({ code: 'SEAT_ALREADY_OFFERED', field: 'seat' });
    spec
      .given(given)
      .when({ type: 'CallPlayer', at: T(6), playerId: 'p1', tableId: 't1', seat: 5 })
      .thenRejected({ code: 'PLAYER_ALREADY_CALLED' });
    spec
      .given(given)
      .when({ type: 'CallPlayer', at: T(6), playerId: 'stranger', tableId: 't1', seat: 5 })
      .thenRejected((r) => {
        expect(r.code).toBe('PLAYER_NOT_LISTED');
        expect(r.message).toBe('player stranger is not on the list for 2/5 NLHE; add them to the list first');
      });
  });

  it('refuses to call a player seated at one table of the game to another table without a change request', () => {
    spec
      .given([opened, table('t1', false, [{ seat: 1, playerId: 'p1', alias: 'JD' }]), table('t2')])
      .when({ type: 'CallPlayer', at: T(3), playerId: 'p1', tableId: 't2', seat: 2 })
      .thenRejected({ code: 'PLAYER_ALREADY_SEATED' });
  });

  it('refuses a table that lists a player already seated at another table of the game', () => {
    spec
      .given([opened, table('t1', false, [{ seat: 1, playerId: 'p1', alias: 'JD' }])])
      .when({ type: 'AddTable', at: T(2), tableId: 't2', seated: [{ seat: 3, playerId: 'p1', alias: 'JD' }] })
      .thenRejected({ code: 'PLAYER_ALREADY_SEATED' });
  });

  it('seats a called player: off the list, into the seat', () => {
    const called: RoomEvent = {
      type: 'PlayerCalledToSeat',
      at: T(5),
      playerId: 'p1',
      alias: 'JD',
      tableId: 't1',
      seat: 4,
      route: 'list',
      respondBy: T(8),
      passedOver: [],
    };
    spec
      .given([opened, table('t1'), listed('p1', 'JD', 2), called])
      .when({ type: 'TakeSeat', at: T(6), playerId: 'p1' })
      .then([{ type: 'SeatTaken', at: T(6), playerId: 'p1', alias: 'JD', tableId: 't1', seat: 4, route: 'list', from: null }]);
    spec
      .given([opened, table('t1'), listed('p1', 'JD', 2)])
      .when({ type: 'TakeSeat', at: T(6), playerId: 'p1' })
      .thenRejected({ code: 'PLAYER_NOT_CALLED' });
  });

  it('records a no-show only after the response time: the first to the end of the list, the second off it', () => {
    const called: RoomEvent = {
      type: 'PlayerCalledToSeat',
      at: T(5),
      playerId: 'p1',
      alias: 'JD',
      tableId: 't1',
      seat: 4,
      route: 'list',
      respondBy: T(8),
      passedOver: [],
    };
    const given = [opened, table('t1'), listed('p1', 'JD', 2), listed('p2', 'AB', 3), called];
    spec
      .given(given)
      .when({ type: 'NoShow', at: T(7, 59), playerId: 'p1' })
      .thenRejected((r) => {
        expect(r.code).toBe('CALL_STILL_RUNNING');
        expect(r.message).toContain('20:08:00 UTC');
      });
    const first = spec.given(given).when({ type: 'NoShow', at: T(8), playerId: 'p1' });
    first.then([{ type: 'PlayerNoShow', at: T(8), playerId: 'p1', tableId: 't1', seat: 4, outcome: 'end-of-list' }]);
    const after = spec.given([
      ...given,
      { type: 'PlayerNoShow', at: T(8), playerId: 'p1', tableId: 't1', seat: 4, outcome: 'end-of-list' },
    ]);
    expect(after.state.list.map((e) => e.playerId)).toEqual(['p2', 'p1']);
    const again: RoomEvent = {
      type: 'PlayerCalledToSeat',
      at: T(9),
      playerId: 'p1',
      alias: 'JD',
      tableId: 't1',
      seat: 4,
      route: 'list',
      respondBy: T(12),
      passedOver: [{ playerId: 'p2', reason: 'asked-to-wait' }],
    };
    spec
      .given([...given, { type: 'PlayerNoShow', at: T(8), playerId: 'p1', tableId: 't1', seat: 4, outcome: 'end-of-list' }, again])
      .when({ type: 'NoShow', at: T(12), playerId: 'p1' })
      .then((events) => expect(events[0]).toMatchObject({ outcome: 'removed' }));
  });

  it("takes a no-show off the list at once under the 'remove' policy", () => {
    const strict: RoomEvent = { ...opened, policies: { ...DEFAULT_ROOM_POLICIES, noShow: 'remove' } } as RoomEvent;
    const called: RoomEvent = {
      type: 'PlayerCalledToSeat',
      at: T(5),
      playerId: 'p1',
      alias: 'JD',
      tableId: 't1',
      seat: 4,
      route: 'list',
      respondBy: T(8),
      passedOver: [],
    };
    spec
      .given([strict, table('t1'), listed('p1', 'JD', 2), called])
      .when({ type: 'NoShow', at: T(9), playerId: 'p1' })
      .then((events) => expect(events[0]).toMatchObject({ outcome: 'removed' }));
  });

  it('puts the longest-seated must-move player first for a main-game seat, before the list', () => {
    const given = [
      opened,
      fullTable('main', 'm'),
      table('mm', true),
      listed('w1', 'W1', 1),
      {
        type: 'PlayerCalledToSeat',
        at: T(2),
        playerId: 'w1',
        alias: 'W1',
        tableId: 'mm',
        seat: 1,
        route: 'list',
        respondBy: T(5),
        passedOver: [],
      } as RoomEvent,
      { type: 'SeatTaken', at: T(3), playerId: 'w1', alias: 'W1', tableId: 'mm', seat: 1, route: 'list', from: null } as RoomEvent,
      listed('w2', 'W2', 4),
      {
        type: 'PlayerCalledToSeat',
        at: T(5),
        playerId: 'w2',
        alias: 'W2',
        tableId: 'mm',
        seat: 2,
        route: 'list',
        respondBy: T(8),
        passedOver: [],
      } as RoomEvent,
      { type: 'SeatTaken', at: T(6), playerId: 'w2', alias: 'W2', tableId: 'mm', seat: 2, route: 'list', from: null } as RoomEvent,
      listed('w3', 'W3', 7),
      { type: 'SeatVacated', at: T(10), tableId: 'main', seat: 5, playerId: 'm5' } as RoomEvent,
    ];
    const g = spec.given(given);
    expect(
      floorGame(g.state)
        .openSeats.find((s) => s.tableId === 'main')!
        .queue.map((c) => `${c.playerId}:${c.route}`),
    ).toEqual(['w1:must-move', 'w2:must-move', 'w3:list']);
    g.when({ type: 'CallPlayer', at: T(11), playerId: 'w3', tableId: 'main', seat: 5 }).thenRejected({ code: 'CALL_OUT_OF_TURN' });
    g.when({ type: 'CallPlayer', at: T(11), playerId: 'w1', tableId: 'main', seat: 5 }).then((events) =>
      expect(events[0]).toMatchObject({ route: 'must-move', respondBy: T(14) }),
    );
    // The move: off the must-move table, onto the main table.
    const moved = spec.given([
      ...given,
      {
        type: 'PlayerCalledToSeat',
        at: T(11),
        playerId: 'w1',
        alias: 'W1',
        tableId: 'main',
        seat: 5,
        route: 'must-move',
        respondBy: T(14),
        passedOver: [],
      },
    ]);
    moved.when({ type: 'TakeSeat', at: T(12), playerId: 'w1' }).then([
      {
        type: 'SeatTaken',
        at: T(12),
        playerId: 'w1',
        alias: 'W1',
        tableId: 'main',
        seat: 5,
        route: 'must-move',
        from: { tableId: 'mm', seat: 1 },
      },
    ]);
  });

  it('breaks a must-move table when its last player moves to the main game or leaves', () => {
    const given = [
      opened,
      fullTable('main', 'm'),
      table('mm', true, [{ seat: 1, playerId: 'x', alias: 'X' }]),
      { type: 'SeatVacated', at: T(2), tableId: 'main', seat: 3, playerId: 'm3' } as RoomEvent,
      {
        type: 'PlayerCalledToSeat',
        at: T(3),
        playerId: 'x',
        alias: 'X',
        tableId: 'main',
        seat: 3,
        route: 'must-move',
        respondBy: T(6),
        passedOver: [],
      } as RoomEvent,
    ];
    spec
      .given(given)
      .when({ type: 'TakeSeat', at: T(4), playerId: 'x' })
      .then([
        {
          type: 'SeatTaken',
          at: T(4),
          playerId: 'x',
          alias: 'X',
          tableId: 'main',
          seat: 3,
          route: 'must-move',
          from: { tableId: 'mm', seat: 1 },
        },
        { type: 'TableBroken', at: T(4), tableId: 'mm' },
      ]);
    spec
      .given([opened, table('mm', true, [{ seat: 1, playerId: 'x', alias: 'X' }])])
      .when({ type: 'VacateSeat', at: T(4), tableId: 'mm', seat: 1 })
      .then([
        { type: 'SeatVacated', at: T(4), tableId: 'mm', seat: 1, playerId: 'x' },
        { type: 'TableBroken', at: T(4), tableId: 'mm' },
      ]);
  });

  it('follows a seat change at the table, unless the new seat is offered to a called player', () => {
    const given = [opened, table('t1', false, [{ seat: 1, playerId: 'c', alias: 'C' }]), listed('w', 'W', 2)];
    const moved = spec.given(given).when({ type: 'MoveSeat', at: T(3), tableId: 't1', from: 1, to: 4 });
    moved.then([{ type: 'SeatMoved', at: T(3), tableId: 't1', from: 1, to: 4, playerId: 'c' }]);
    const after = spec.given([...given, { type: 'SeatMoved', at: T(3), tableId: 't1', from: 1, to: 4, playerId: 'c' }]).state;
    expect(after.tables[0]!.seated.map((h) => `${h.playerId}@${h.seat}`)).toEqual(['c@4']);
    expect(floorGame(after).openSeats.map((s) => s.seat)).toContain(1);
    const called: RoomEvent = {
      type: 'PlayerCalledToSeat',
      at: T(3),
      playerId: 'w',
      alias: 'W',
      tableId: 't1',
      seat: 4,
      route: 'list',
      respondBy: T(6),
      passedOver: [],
    };
    spec
      .given([...given, called])
      .when({ type: 'MoveSeat', at: T(4), tableId: 't1', from: 1, to: 4 })
      .thenRejected({ code: 'SEAT_ALREADY_OFFERED', field: 'to' });
    spec
      .given(given)
      .when({ type: 'MoveSeat', at: T(4), tableId: 't1', from: 2, to: 4 })
      .thenRejected({ code: 'SEAT_ALREADY_OPEN', field: 'from' });
    spec
      .given(given)
      .when({ type: 'MoveSeat', at: T(4), tableId: 't1', from: 1, to: 12 })
      .thenRejected({ code: 'SEAT_OUT_OF_RANGE', field: 'to' });
  });

  it('gives a table-change request the seat before the list (the default) and moves the player', () => {
    const given = [
      opened,
      table('t1', false, [{ seat: 1, playerId: 'c', alias: 'C' }]),
      table('t2'),
      listed('w', 'W', 2),
      { type: 'TableChangeRequested', at: T(3), playerId: 'c', fromTableId: 't1', toTableId: 't2' } as RoomEvent,
    ];
    spec
      .given(given)
      .when({ type: 'CallPlayer', at: T(4), playerId: 'w', tableId: 't2', seat: 1 })
      .thenRejected({ code: 'CALL_OUT_OF_TURN' });
    spec
      .given([
        ...given,
        {
          type: 'PlayerCalledToSeat',
          at: T(4),
          playerId: 'c',
          alias: 'C',
          tableId: 't2',
          seat: 1,
          route: 'table-change',
          respondBy: T(7),
          passedOver: [],
        },
      ])
      .when({ type: 'TakeSeat', at: T(5), playerId: 'c' })
      .then((events) =>
        expect(events).toEqual([
          {
            type: 'SeatTaken',
            at: T(5),
            playerId: 'c',
            alias: 'C',
            tableId: 't2',
            seat: 1,
            route: 'table-change',
            from: { tableId: 't1', seat: 1 },
          },
        ]),
      );
    spec
      .given([opened, table('t1')])
      .when({ type: 'RequestTableChange', at: T(3), playerId: 'nobody' })
      .thenRejected({ code: 'PLAYER_NOT_SEATED' });
  });

  it('records NewTableDue when the interest list reaches the house count', () => {
    const given = [opened, ...[1, 2, 3, 4, 5].map((i) => listed(`p${i}`, `P${i}`, i))];
    spec
      .given(given)
      .when({ type: 'JoinList', at: T(6), playerId: 'p6', alias: 'P6' })
      .then([listed('p6', 'P6', 6), { type: 'NewTableDue', at: T(6), waiting: 6 }]);
    const board = boardGame(spec.given(given).state);
    expect(board).toMatchObject({ interestList: true, listLength: 5, list: ['P1', 'P2', 'P3', 'P4', 'P5'], newTableDue: false });
  });

  it('closes only an empty game', () => {
    spec
      .given([opened, listed('p1', 'JD', 1)])
      .when({ type: 'CloseGame', at: T(2) })
      .thenRejected({ code: 'GAME_NOT_EMPTY' });
    spec
      .given([opened])
      .when({ type: 'CloseGame', at: T(2) })
      .then([{ type: 'GameClosed', at: T(2) }]);
    spec
      .given([opened, { type: 'GameClosed', at: T(2) }])
      .when({ type: 'JoinList', at: T(3), playerId: 'p', alias: 'P' })
      .thenRejected({ code: 'GAME_CLOSED' });
  });

  it('refuses a command without a valid time', () => {
    spec
      .given([opened])
      .when({ type: 'JoinList', at: 'yesterday', playerId: 'p', alias: 'P' })
      .thenRejected({ code: 'INVALID_COMMAND', field: 'at' });
  });

  it("names no event like one of the engine's (the queue's consumers key on the type alone)", () => {
    expect(ROOM_EVENT_TYPES.filter((t) => (EVENT_TYPES as readonly string[]).includes(t))).toEqual([]);
  });

  it('shows the public board aliases and counts only, never player ids', () => {
    const state = spec.given([
      opened,
      table('t1', false, [{ seat: 1, playerId: 'card-1234', alias: 'JD' }]),
      listed('card-9876', 'AB', 2),
    ]).state;
    const text = JSON.stringify(boardGame(state));
    expect(text).not.toContain('card-');
    expect(boardGame(state)).toMatchObject({ tablesRunning: 1, seatsOpen: 8, listLength: 1, list: ['AB'] });
  });

  it("shows the registry's alias where the API has one, and never an alias that is the player's id", () => {
    const state = spec.given([opened, listed('C1001', 'C 1001', 1), listed('C1002', 'C1002', 2), listed('C1003', 'KK', 3)]).state;
    expect(boardGame(state).list).toEqual([WITHHELD_ALIAS, WITHHELD_ALIAS, 'KK']);
    const registry = new Map([
      ['C1001', 'Ace'],
      ['C1003', 'C1003'],
    ]);
    const board = boardGame(state, (playerId, roomAlias) => registry.get(playerId) ?? roomAlias);
    expect(board.list).toEqual(['Ace', WITHHELD_ALIAS, WITHHELD_ALIAS]);
    // Where no registry is (the worker's rows), no alias typed on the list is shown.
    expect(boardGame(state, WITHOUT_REGISTRY).list).toEqual([WITHHELD_ALIAS, WITHHELD_ALIAS, WITHHELD_ALIAS]);
  });
});

describe('the room decider: walk-ins seated at the table', () => {
  const walkIn = (over: Partial<{ tableId: string; seat: number; playerId: string; alias: string }> = {}) =>
    ({ type: 'SeatWalkIn', at: T(9), tableId: 't1', seat: 3, playerId: 'card-77', ...over }) as const;

  it('records a walk-in at a seat nobody is owed, as "Walk-in <n>" (the table id may be a card number; the board shows aliases)', () => {
    const given = [opened, table('t1', false, [{ seat: 1, playerId: 'p1', alias: 'Walk-in 1' }])];
    spec
      .given(given)
      .when(walkIn())
      .then([{ type: 'WalkInSeated', at: T(9), tableId: 't1', seat: 3, playerId: 'card-77', alias: 'Walk-in 2', fromList: false }]);
    const state = spec.given([
      ...given,
      { type: 'WalkInSeated', at: T(9), tableId: 't1', seat: 3, playerId: 'card-77', alias: 'Walk-in 2', fromList: false },
    ]).state;
    expect(state.tables[0]!.seated.map((h) => [h.seat, h.playerId])).toEqual([
      [1, 'p1'],
      [3, 'card-77'],
    ]);
    expect(boardGame(state)).toMatchObject({ seatsOpen: 7 });
  });

  it('refuses a walk-in while anyone is listed ahead for the seat, naming who is first', () => {
    spec
      .given([opened, table('t1'), listed('p1', 'JD', 2), listed('p2', 'AB', 3)])
      .when(walkIn())
      .thenRejected((r) => {
        expect(r.code).toBe('LIST_AHEAD');
        expect(r.message).toBe(
          "2 players are ahead for a seat at table t1 (first: JD, list); call them from the room's board, or put this player on the list",
        );
      });
    // Listed, but not first: the player ahead is owed the seat first.
    spec
      .given([opened, table('t1'), listed('p1', 'JD', 2), listed('p2', 'AB', 3)])
      .when(walkIn({ playerId: 'p2' }))
      .thenRejected((r) => expect(r.message).toMatch(/^1 player is ahead/));
  });

  it('refuses a walk-in to a main-game seat while a must-move player waits for one', () => {
    spec
      .given([opened, table('t1'), table('mm', true, [{ seat: 1, playerId: 'm1', alias: 'MM' }])])
      .when(walkIn())
      .thenRejected((r) => {
        expect(r.code).toBe('LIST_AHEAD');
        expect(r.message).toContain('first: MM, must-move');
      });
  });

  it('seats the first listed player who walks up, who leaves the list, with the list alias', () => {
    spec
      .given([opened, table('t1'), listed('p1', 'JD', 2), listed('p2', 'AB', 3)])
      .when(walkIn({ playerId: 'p1', alias: 'ignored' }))
      .then([{ type: 'WalkInSeated', at: T(9), tableId: 't1', seat: 3, playerId: 'p1', alias: 'JD', fromList: true }]);
    const state = spec.given([
      opened,
      table('t1'),
      listed('p1', 'JD', 2),
      listed('p2', 'AB', 3),
      { type: 'WalkInSeated', at: T(9), tableId: 't1', seat: 3, playerId: 'p1', alias: 'JD', fromList: true },
    ]).state;
    expect(state.list.map((e) => e.playerId)).toEqual(['p2']);
  });

  it('refuses a seat offered to a called player, a seat taken, a player seated or called elsewhere, a table of another game', () => {
    const called: RoomEvent = {
      type: 'PlayerCalledToSeat',
      at: T(5),
      playerId: 'p1',
      alias: 'JD',
      tableId: 't1',
      seat: 3,
      route: 'list',
      respondBy: T(8),
      passedOver: [],
    };
    spec
      .given([opened, table('t1'), listed('p1', 'JD', 2), called])
      .when(walkIn())
      .thenRejected({ code: 'SEAT_ALREADY_OFFERED', field: 'seat' });
    spec
      .given([opened, table('t1'), listed('p1', 'JD', 2), called])
      .when(walkIn({ seat: 4, playerId: 'p1' }))
      .thenRejected({ code: 'PLAYER_ALREADY_CALLED' });
    spec
      .given([opened, table('t1', false, [{ seat: 3, playerId: 'p9', alias: 'NN' }])])
      .when(walkIn())
      .thenRejected({ code: 'SEAT_TAKEN' });
    spec
      .given([opened, table('t1'), table('t2', false, [{ seat: 1, playerId: 'card-77', alias: 'NN' }])])
      .when(walkIn())
      .thenRejected({ code: 'PLAYER_ALREADY_SEATED' });
    spec
      .given([opened, table('t1')])
      .when(walkIn({ tableId: 'elsewhere' }))
      .thenRejected({ code: 'TABLE_NOT_IN_GAME' });
    spec
      .given([opened, table('t1')])
      .when(walkIn({ seat: 10 }))
      .thenRejected({ code: 'SEAT_OUT_OF_RANGE' });
    spec
      .given([opened, table('t1'), listed('p1', 'JD', 2), called])
      .when(walkIn({ seat: 4, playerId: 'p5', alias: 'jd' }))
      .thenRejected({ code: 'ALIAS_TAKEN' });
  });
});
