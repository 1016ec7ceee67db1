/** What a verifier found wrong, at which event. */
export type ViolationKind =
  /** The hash chain: a version missing or out of place, a hash that does not recompute, a broken link. */
  | 'chain'
  /** The streams table's head (version, last hash) disagrees with the events: rows deleted at the end, or a rewrite. */
  | 'head'
  /** An event the engine cannot read (unknown type, schema version) or cannot apply (evolve throws). */
  | 'unreadable'
  /** The rules: the recorded command would be refused here, or decide derives other events than the recorded ones. */
  | 'rules'
  /**
   * A deal: the revealed deck does not match the hand's commitment, its seed does not derive it, the dealt cards are
   * not its cards, or the hand's deck was never revealed.
   */
  | 'deal'
  /**
   * Chips: on the table plus the house's take differ from buy-ins plus add-ons less cash-outs; or a table's jackpot
   * drop and the book's collection of it do not match.
   */
  | 'conservation'
  /** The commands table names a version that no longer holds that command's event (a tail cut, a row replaced). */
  | 'commands'
  /** A signed anchor's version is gone from the log or holds another hash (`felt verify --anchors`). */
  | 'anchor'
  /**
   * The users or dealer_assignments rows disagree with what the audit stream says of them (a row added, changed or
   * removed behind the API's back), or an audit event is not one Felt writes.
   */
  | 'staff'
  /** A read model's rows differ from the pure view folded afresh from the log (streamId is "projection:<name>"). */
  | 'projection';

export interface Violation {
  readonly streamId: string;
  /** The stream version of the first event concerned. */
  readonly version: number;
  readonly kind: ViolationKind;
  readonly message: string;
}

export function formatViolation(v: Violation): string {
  return `${v.streamId} v${v.version} [${v.kind}] ${v.message}`;
}
