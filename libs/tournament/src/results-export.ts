import { prizePoolOf } from './payouts';
import type { TournamentState } from './state';

/**
 * A tournament for `felt export --tournament` (docs/tournaments.md "Export"): the structure, the money reconciled
 * (what was paid, the pool, the house's and staff's fees, any overlay), every entry with its receipt, place and prize,
 * and the deal if one was made (its shares, what it left to play for and who won that). Read from the folded stream,
 * so it says what the log says; a tournament still running has no places yet.
 */
export function tournamentReport(state: TournamentState) {
  const structure = state.structure!;
  const results = new Map((state.finished?.results ?? []).map((r) => [r.entryId, r]));
  return {
    tournamentId: state.tournamentId,
    name: structure.name,
    status: state.status,
    structure,
    money: prizePoolOf(structure, state.buyIns),
    deal: dealReport(state),
    entries: state.entries.map((e) => ({
      entryId: e.entryId,
      playerId: e.playerId,
      alias: e.alias,
      entryNumber: e.entryNumber,
      status: e.status,
      rebuys: e.rebuys,
      addOn: e.addOn,
      place: results.get(e.entryId)?.place ?? null,
      prize: results.get(e.entryId)?.prize ?? null,
    })),
  };
}

/** The deal: method, shares, the amount left to play for (0 when it ended the tournament) and who took it (once over). */
function dealReport(state: TournamentState) {
  const deal = state.deal;
  if (!deal) return null;
  const left = deal.leftToPlayFor ?? 0;
  const winner = left > 0 ? (state.finished?.results.find((r) => r.place === 1)?.entryId ?? null) : null;
  return {
    at: deal.at,
    method: deal.method,
    consents: deal.consents,
    shares: deal.shares,
    leftToPlayFor: left,
    leftWonBy: winner,
  };
}

const CSV_COLUMNS = ['place', 'prize', 'entryId', 'playerId', 'alias', 'entryNumber', 'status', 'rebuys', 'addOn'] as const;

/** The entries as CSV, by place (unplaced last, in entry order): one header line, then one line per entry. */
export function tournamentResultsCsv(state: TournamentState): string {
  const { entries } = tournamentReport(state);
  const rows = [...entries].sort((a, b) => (a.place ?? Infinity) - (b.place ?? Infinity));
  const lines = rows.map((row) => CSV_COLUMNS.map((c) => csvField(row[c])).join(','));
  return `${[CSV_COLUMNS.join(','), ...lines].join('\n')}\n`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; text a spreadsheet would take for a
 * formula (=, +, -, @ first) is prefixed with an apostrophe, since aliases come from the floor's typing.
 */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
