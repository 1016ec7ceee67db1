/** Who is looking: hole cards are shown only to those allowed to see them. */
export type Audience = 'public' | 'dealer' | 'regulator' | { readonly player: string };

/** Whether `audience` may see the hole cards of `playerId`, tabled at the showdown (`shown`) or not. */
export function maySeeHoleCards(audience: Audience, playerId: string, shown: boolean): boolean {
  if (shown || audience === 'dealer' || audience === 'regulator') return true;
  return audience !== 'public' && audience.player === playerId;
}
