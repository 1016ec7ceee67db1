import type { TableView } from './table-types.js';

/** One command: its route and body. */
export interface CommandStep {
  readonly route: string;
  readonly body: Record<string, unknown>;
}

/** A command decided on what the person saw: the route, the body and the version of the table on screen. */
export interface ChosenAction extends CommandStep {
  readonly decidedOnVersion: number;
  /**
   * A tap that stands for several commands (every forced bet, every hand tabled): once a command is accepted, the
   * next one read off the table it left, decided on that version; null when none is left. Each is a command of
   * its own, so a refusal stops the run with what was already done recorded.
   */
  readonly next?: (table: TableView) => CommandStep | null;
}
