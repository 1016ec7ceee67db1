import type { TableEvent, TableState } from '@felt/engine';

/** What a rules expert asks of a table between commands: who owes blinds, who holds the kill button and the kill. */
export interface TableView {
  /** By player id: the blinds they missed and owe ("small", "big"); players who owe nothing are left out. */
  readonly owedBlinds: Readonly<Record<string, readonly ('small' | 'big')[]>>;
  /** The player holding the kill button (one leg), or null. */
  readonly killButton: string | null;
  /** The player who kills the next hand, or null. */
  readonly killer: string | null;
}

export function tableView(state: TableState): TableView {
  const owedBlinds: Record<string, ('small' | 'big')[]> = {};
  for (const s of state.seats) {
    if (!s || !(s.missedSmall || s.missedBig)) continue;
    owedBlinds[s.playerId] = [...(s.missedSmall ? ['small' as const] : []), ...(s.missedBig ? ['big' as const] : [])];
  }
  return { owedBlinds, killButton: state.kill.holder?.playerId ?? null, killer: state.kill.killer?.playerId ?? null };
}

/** One sentence per key of `expected` that the view does not match. */
export function tableViewProblems(expected: Partial<TableView>, actual: TableView): string[] {
  const problems: string[] = [];
  if (expected.owedBlinds !== undefined) {
    const show = (owed: Readonly<Record<string, readonly string[]>>) =>
      Object.entries(owed)
        .filter(([, blinds]) => blinds.length > 0)
        .map(([player, blinds]) => `${player} ${[...blinds].sort().join('+')}`)
        .sort()
        .join(', ') || 'nobody';
    if (show(expected.owedBlinds) !== show(actual.owedBlinds))
      problems.push(`owed blinds are ${show(actual.owedBlinds)}, expected ${show(expected.owedBlinds)}`);
  }
  if (expected.killButton !== undefined && expected.killButton !== actual.killButton)
    problems.push(`the kill button is with ${actual.killButton ?? 'nobody'}, expected ${expected.killButton ?? 'nobody'}`);
  if (expected.killer !== undefined && expected.killer !== actual.killer)
    problems.push(`the killer is ${actual.killer ?? 'nobody'}, expected ${expected.killer ?? 'nobody'}`);
  return problems;
}

/** Whether an event matches "Type" or "Type:detail" (the street of BoardDealt, the kind of BlindPosted). */
export function eventMatches(event: TableEvent, matcher: string): boolean {
  const [type, detail] = matcher.split(':');
  if (event.type !== type) return false;
  if (detail === undefined) return true;
  if (event.type === 'BoardDealt') return event.street === detail;
  if (event.type === 'BlindPosted') return event.kind === detail;
  return false;
}

/** The events of each hand, by hand number (HandStarted to HandEnded or HandVoided). */
export function eventsByHand(events: readonly TableEvent[]): Map<number, TableEvent[]> {
  const hands = new Map<number, TableEvent[]>();
  let current: TableEvent[] | null = null;
  for (const e of events) {
    if (e.type === 'HandStarted') hands.set(e.handNumber, (current = []));
    if (current) current.push(e);
    if (e.type === 'HandEnded' || e.type === 'HandVoided') current = null;
  }
  return hands;
}

/** Checks one eventOrder expectation; returns the sentences of what does not hold. */
export function eventOrderProblems(rule: { hand?: number; first: string; then: string }, events: readonly TableEvent[]): string[] {
  const hands = eventsByHand(events);
  const problems: string[] = [];
  let checked = 0;
  for (const [n, list] of hands) {
    if (rule.hand !== undefined && n !== rule.hand) continue;
    const firsts = list.map((e, i) => (eventMatches(e, rule.first) ? i : -1)).filter((i) => i >= 0);
    const thens = list.map((e, i) => (eventMatches(e, rule.then) ? i : -1)).filter((i) => i >= 0);
    if (firsts.length === 0 || thens.length === 0) {
      if (rule.hand !== undefined) problems.push(`hand ${n} has ${firsts.length === 0 ? `no ${rule.first}` : `no ${rule.then}`}`);
      continue;
    }
    checked++;
    if (Math.max(...firsts) > Math.min(...thens)) problems.push(`hand ${n}: a ${rule.first} comes after ${rule.then}`);
  }
  if (rule.hand !== undefined && !hands.has(rule.hand)) problems.push(`there is no hand ${rule.hand}`);
  else if (rule.hand === undefined && checked === 0) problems.push(`no hand has both ${rule.first} and ${rule.then}`);
  return problems.map((p) => `eventOrder (${rule.first} before ${rule.then}): ${p}`);
}
