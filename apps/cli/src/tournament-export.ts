import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { tournamentDecider, tournamentReport, tournamentResultsCsv, tournamentStreamIdOf, toTournamentEvent } from '@felt/tournament';
import { readStreamFrom, type EventLog } from './event-log-source';

export const TOURNAMENT_EXPORT_FORMATS = ['json', 'csv'] as const;

/**
 * `felt export --tournament ID --format json|csv [--out FILE]`: the tournament folded from its stream (libs/tournament
 * results-export.ts). json: the structure, the money reconciled and every entry with its place and prize; csv: the
 * entries by place. The raw events are `felt export --all --format jsonl`; its tables' hands `--table`.
 */
export async function exportTournament(log: EventLog, tournamentId: string, format: string, out: string | undefined, command: Command) {
  if (!(TOURNAMENT_EXPORT_FORMATS as readonly string[]).includes(format))
    return command.error(`felt export: a tournament is exported as json or csv, not "${format}".`, { exitCode: 2, code: 'felt.options' });
  const recorded = await readStreamFrom(log, tournamentStreamIdOf(tournamentId));
  if (recorded.length === 0)
    return command.error(`felt export: there is no tournament ${tournamentId} (no event in ${tournamentStreamIdOf(tournamentId)}).`, {
      exitCode: 2,
      code: 'felt.tournament',
    });
  const state = recorded.map(toTournamentEvent).reduce(tournamentDecider.evolve, tournamentDecider.initialState);
  const text = format === 'csv' ? tournamentResultsCsv(state) : `${JSON.stringify(tournamentReport(state), null, 2)}\n`;
  if (out) writeFileSync(out, text);
  else command.configureOutput().writeOut!(text);
}
