import type { RecordedEvent } from '@felt/event-store';
import { sessionLedger, tableEventOf, tableIdOfStream, type SessionLedger } from '@felt/projections';

/** A player's stay at a table as rated play sees it: the session ledger's times, with the stake and the breaks. */
export interface RatedSession {
  readonly playerId: string;
  readonly tableId: string;
  /** "small/big" blind when the player sat down (rules change only between hands). */
  readonly stake: string;
  readonly seatedAt: string;
  /** Null while still seated. */
  readonly leftAt: string | null;
  /** Sat out: from PlayerSatOut to PlayerSatIn (or leaving); `to` null while still out. */
  readonly breaks: readonly { readonly from: string; readonly to: string | null }[];
}

/**
 * Each player's sessions at the tables of `events` (any tables, each table's events in order): the sessions are
 * the session ledger's (libs/projections, the one fold of who sat where and when: PlayerSeated to PlayerLeft, a
 * seat change the same session); this pass adds what the ledger does not keep, the stake and the breaks, matched
 * to the ledger's sessions by order (both start one at each PlayerSeated).
 */
export function ratedSessions(events: Iterable<RecordedEvent>): RatedSession[] {
  let ledger: SessionLedger = sessionLedger.initial;
  const extra = new Map<string, { stake: string; breaks: { from: string; to: string | null }[] }[]>();
  const stakes = new Map<string, string>();
  /** "tableId seat" → the index of the open session there. */
  const openAt = new Map<string, number>();
  for (const recorded of events) {
    ledger = sessionLedger.evolve(ledger, recorded);
    const e = tableEventOf(recorded);
    if (e === null) continue;
    const tableId = tableIdOfStream(recorded.streamId);
    const at = recorded.recordedAt;
    const list = extra.get(tableId) ?? (extra.set(tableId, []).get(tableId) as NonNullable<ReturnType<typeof extra.get>>);
    const open = (seat: number) => list[openAt.get(`${tableId} ${seat}`) ?? -1];
    const endBreak = (seat: number) => {
      const last = open(seat)?.breaks.at(-1);
      if (last && last.to === null) last.to = at;
    };
    switch (e.type) {
      case 'TableOpened':
      case 'RulesChanged':
        stakes.set(tableId, `${e.rules.smallBlind}/${e.rules.bigBlind}`);
        break;
      case 'PlayerSeated':
        openAt.set(`${tableId} ${e.seat}`, list.push({ stake: stakes.get(tableId) ?? '?', breaks: [] }) - 1);
        break;
      case 'PlayerSatOut':
        open(e.seat)?.breaks.push({ from: at, to: null });
        break;
      case 'PlayerSatIn':
        endBreak(e.seat);
        break;
      case 'SeatChanged': {
        const index = openAt.get(`${tableId} ${e.from}`);
        openAt.delete(`${tableId} ${e.from}`);
        if (index !== undefined) openAt.set(`${tableId} ${e.to}`, index);
        break;
      }
      case 'PlayerLeft':
        endBreak(e.seat);
        openAt.delete(`${tableId} ${e.seat}`);
        break;
    }
  }
  return Object.values(ledger.tables).flatMap((table) =>
    table.sessions.map((s, i) => ({
      playerId: s.playerId,
      tableId: s.tableId,
      stake: extra.get(table.tableId)?.[i]?.stake ?? '?',
      seatedAt: s.seatedAt,
      leftAt: s.leftAt,
      breaks: extra.get(table.tableId)?.[i]?.breaks ?? [],
    })),
  );
}

/** One line of a day's report: a player's time at one table and stake on one UTC day, in whole minutes. */
export interface DayLine {
  readonly day: string;
  readonly playerId: string;
  readonly tableId: string;
  readonly stake: string;
  /** Seated, breaks included. */
  readonly seatedMinutes: number;
  /** Seated less the breaks: rated play. */
  readonly playedMinutes: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Minutes per player, table and stake on the UTC day `day` (YYYY-MM-DD): each session and break cut to the day, an
 * open one counted until `now`. Minutes are summed in milliseconds and rounded down once, so a report of the day
 * agrees with the events' recorded times to the minute.
 */
export function dayReport(sessions: readonly RatedSession[], day: string, now: number): DayLine[] {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  const end = start + DAY_MS;
  const within = (from: string, to: string | null) =>
    Math.max(0, Math.min(end, to === null ? now : Date.parse(to)) - Math.max(start, Date.parse(from)));
  const lines = new Map<string, { playerId: string; tableId: string; stake: string; seated: number; breaks: number }>();
  for (const s of sessions) {
    const seated = within(s.seatedAt, s.leftAt);
    if (seated === 0) continue;
    const key = `${s.playerId}\u0000${s.tableId}\u0000${s.stake}`;
    const line = lines.get(key) ?? { playerId: s.playerId, tableId: s.tableId, stake: s.stake, seated: 0, breaks: 0 };
    line.seated += seated;
    for (const b of s.breaks) line.breaks += within(b.from, b.to ?? s.leftAt);
    lines.set(key, line);
  }
  return [...lines.values()]
    .sort((a, b) => compare([a.playerId, a.tableId, a.stake], [b.playerId, b.tableId, b.stake]))
    .map((l) => ({
      day,
      playerId: l.playerId,
      tableId: l.tableId,
      stake: l.stake,
      seatedMinutes: Math.floor(l.seated / MINUTE_MS),
      playedMinutes: Math.floor((l.seated - l.breaks) / MINUTE_MS),
    }));
}

/** The report as CSV (a header line, then one line per DayLine; no field needs quoting: ids and stakes are plain). */
export function dayReportCsv(lines: readonly DayLine[]): string {
  const header = 'day,playerId,tableId,stake,seatedMinutes,playedMinutes';
  return (
    [header, ...lines.map((l) => [l.day, l.playerId, l.tableId, l.stake, l.seatedMinutes, l.playedMinutes].join(','))].join('\n') + '\n'
  );
}

function compare(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}
