import { commandFor, type LegalAction } from '@felt/engine';

/** What the player needs of GET /tables/:id (or of a command's answer). */
export interface PlayerView {
  readonly toAct: number | null;
  readonly legalActions: readonly LegalAction[];
  readonly rules: { readonly bigBlind: number };
  readonly seats: readonly { readonly seat: number; readonly stack: number }[];
}

/**
 * The next command for a table played by random legal players, chosen from the API's own view: one of the legal
 * actions of the seat to act (the engine's commandFor picks amounts between the bounds), a rebuy for a broke
 * player between hands, else the next StartHand (the house shuffles). The same players the engine's property tests use,
 * driven over HTTP.
 */
export function nextCommand(view: PlayerView, random: () => number): Record<string, unknown> {
  const actions = view.legalActions.filter(
    (a) => a.seat === view.toAct || a.type === 'Straddle' || a.type === 'KillPot' || a.type === 'Deal',
  );
  if (actions.length > 0) return { ...commandFor(actions[Math.floor(random() * actions.length)]!, random) };
  const bigBlind = view.rules.bigBlind;
  const broke = view.seats.find((s) => s.stack < bigBlind);
  if (broke) return { type: 'AddChips', seat: broke.seat, amount: bigBlind * 100 };
  return { type: 'StartHand' };
}
