import type { TableEvent } from './events';

/**
 * Chip conservation computed from the events alone, without the engine's state or its chipsOnTable: an outside
 * check for the property tests. Per hand, the chips put in (blinds, antes, kills, calls, bets and raises, less what
 * came back) equal the pots paid plus the rake plus the chop fee, and the players leave with what they brought less
 * what they put in plus what they won. Per table, after every hand, buy-ins + chips added − cash-outs = the stacks
 * of the seated players + everything the house took. Returns the first problem found, or null.
 */
export function eventLedgerProblem(events: readonly TableEvent[]): string | null {
  let boughtIn = 0;
  let house = 0;
  const seats = new Map<number, { playerId: string; stack: number }>();
  let hand: {
    number: number;
    players: Map<number, { playerId: string; stack: number }>;
    put: number;
    paid: number;
    rake: number;
    fee: number;
    live: Map<number, number>;
  } | null = null;
  const putIn = (seat: number, chips: number, live: boolean) => {
    hand!.put += chips;
    if (live) hand!.live.set(seat, (hand!.live.get(seat) ?? 0) + chips);
  };
  const seatedTotal = () => [...seats.values()].reduce((sum, s) => sum + s.stack, 0);
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    switch (e.type) {
      case 'PlayerSeated':
        boughtIn += e.buyIn;
        seats.set(e.seat, { playerId: e.playerId, stack: e.buyIn });
        break;
      case 'ChipsAdded':
        boughtIn += e.amount;
        seats.get(e.seat)!.stack += e.amount;
        break;
      case 'PlayerLeft':
        boughtIn -= e.cashOut;
        seats.delete(e.seat);
        break;
      case 'HandStarted':
        hand = {
          number: e.handNumber,
          players: new Map(e.players.map((p) => [p.seat, { playerId: p.playerId, stack: p.stack }])),
          put: 0,
          paid: 0,
          rake: 0,
          fee: 0,
          live: new Map(),
        };
        for (const p of e.players)
          if (seats.get(p.seat)?.stack !== p.stack)
            return `hand ${e.handNumber}: seat ${p.seat} starts with ${p.stack}, its chips say ${seats.get(p.seat)?.stack}`;
        break;
      case 'BlindPosted':
        putIn(e.seat, e.amount, e.live);
        break;
      case 'KillPotPosted':
        putIn(e.seat, e.amount - (hand!.live.get(e.seat) ?? 0), true);
        break;
      case 'PlayerCalled':
        putIn(e.seat, e.amount, true);
        break;
      case 'BetPlaced':
      case 'RaisePlaced': {
        const to = e.type === 'BetPlaced' ? e.amount : e.to;
        putIn(e.seat, to - (hand!.live.get(e.seat) ?? 0), true);
        break;
      }
      case 'UncalledBetReturned':
        putIn(e.seat, -e.amount, true);
        break;
      case 'BoardDealt':
        hand!.live.clear();
        break;
      case 'BlindsChopped':
        for (const r of e.returned) hand!.put -= r.amount;
        hand!.fee += e.fee;
        break;
      case 'RakeTaken':
        hand!.rake += e.amount;
        break;
      case 'PotAwarded':
        if (e.winners.reduce((sum, w) => sum + w.amount, 0) !== e.amount)
          return `hand ${hand!.number}: pot ${e.pot} of ${e.amount} pays ${JSON.stringify(e.winners)}`;
        hand!.paid += e.amount;
        break;
      case 'HandEnded': {
        const h = hand!;
        if (h.put !== h.paid + h.rake + h.fee)
          return `hand ${h.number}: ${h.put} put in, but pots ${h.paid} + rake ${h.rake} + chop fee ${h.fee}`;
        const brought = [...h.players.values()].reduce((sum, p) => sum + p.stack, 0);
        const left = e.stacks.reduce((sum, s) => sum + s.stack, 0);
        if (left !== brought - h.put + h.paid)
          return `hand ${h.number}: brought ${brought}, put in ${h.put}, won ${h.paid}, but leaves with ${left}`;
        for (const s of e.stacks) {
          const seat = seats.get(s.seat);
          if (seat && seat.playerId === h.players.get(s.seat)!.playerId) seat.stack = s.stack;
        }
        house += h.rake + h.fee;
        hand = null;
        if (boughtIn !== seatedTotal() + house)
          return `after hand ${e.handNumber}: ${boughtIn} bought in (net of cash-outs), ${seatedTotal()} on the table and ${house} to the house`;
        break;
      }
      case 'HandVoided': {
        const h = hand!;
        const refunded = e.refunds.reduce((sum, r) => sum + r.amount, 0);
        if (refunded !== h.put) return `hand ${h.number} voided: ${h.put} put in, ${refunded} refunded`;
        hand = null;
        if (boughtIn !== seatedTotal() + house)
          return `after voided hand ${e.handNumber}: ${boughtIn} bought in, ${seatedTotal()} on the table and ${house} to the house`;
        break;
      }
    }
  }
  return null;
}
