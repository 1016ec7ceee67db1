import {
  deckSourceOf,
  isLiveCards,
  readerConflicts,
  EVENT_TYPES,
  isHandStartedV1,
  tableDecider,
  type TableEngine,
  type SealedDeck,
  type TableEvent,
  type ShuffleMethod,
  type TableState,
} from '@felt/engine';
import { CHAIN_START, type ChainHead, type StreamEvent } from '@felt/event-store';
import { deckSourceProblem, type DeviceRegistry } from './card-source-check';
import { ChainChecker } from './chain-checker';
import { commandFor } from './command-for-events';
import { dealProblems, revealedDeckOf, sealedHandOf, type SealedHand } from './deal-check';
import { HOLE_CARDS_REVEALED, isSealedHoleCards, openedWithSealKey, revealedHandKeys, withHoleCardsRevealed } from './hole-card-seal';
import { asVersion1, describe, isRecordedAs, sealedData, show, sum } from './recorded-shapes';
import { tableEventOf } from './table-stream';
import type { Violation, ViolationKind } from './violations';

export interface StreamVerifierOptions {
  /** Fold the events with the engine and check the rules and the chips (table streams); default true. */
  readonly engine?: boolean;
  /** Where the chain starts (an excerpt trusts its first prevHash); default genesis. */
  readonly start?: ChainHead;
  /** The registered devices (from the audit stream), to check that a shuffler table's decks came from its shuffler; null: unknown. */
  readonly devices?: DeviceRegistry | null;
  /**
   * The seal key (`felt verify --seal-key`): each sealed deck is opened and must be the deck revealed at the end, and
   * a live hand's sealed hole cards are opened, so its rules are checked before it ends.
   */
  readonly sealKey?: Buffer;
  /**
   * The engine the table was played with: the default house options and, after them, a casino's own modules
   * (`felt verify --house-rules`, FELT_HOUSE_RULES). Default: the engine's default table.
   */
  readonly table?: TableEngine;
}

/** A hand of a stream, by its number and the version of its HandStarted (or of the event concerned). */
export interface HandAt {
  readonly handNumber: number;
  readonly version: number;
}

const KNOWN_TYPES = new Set<string>(EVENT_TYPES);
const KIND_ORDER: readonly ViolationKind[] = ['chain', 'head', 'unreadable', 'deal', 'rules', 'conservation'];

/**
 * Verifies one stream fed event by event in version order: the hash chain (ChainChecker) and, for a table, the
 * rules. Events are grouped by the command that appended them (metadata.commandId: one append is one decision);
 * for each group the command is rebuilt from its first event (commandForEvents), `decide` runs again on the state
 * folded so far, and what it derives must equal what was recorded, automatic events included (deals, returns,
 * awards, HandEnded stacks). Then the recorded events are folded with `evolve`, and the chips are counted: on the
 * table plus the house's take must equal buy-ins plus add-ons less cash-outs after every command, and each hand
 * must end with what its players brought to it less the rake.
 *
 * A hand's deck is sealed while it is played (HandStarted carries only a commitment; DeckSealed is encrypted at
 * rest). The verifier holds a sealed hand's groups until its DeckRevealed, checks the deal against it (deal-check.ts:
 * the commitment, the seed's derivation, the dealt cards), then re-decides the hand with the revealed deck: no key
 * is needed. A hand still being played at the end of the log is reported in `sealedHands`, not as a violation.
 */
export class StreamVerifier {
  private readonly chain: ChainChecker;
  private readonly engine: boolean;
  private readonly engineViolations: Violation[] = [];
  private readonly table: TableEngine;
  private state: TableState;
  private group: { commandId: string | undefined; events: StreamEvent[] } = { commandId: undefined, events: [] };
  /** Buy-ins plus add-ons less cash-outs so far. */
  private ledger = 0;
  /** The last conservation difference reported, so one error is reported once, not after every later command. */
  private reportedDrift = 0;
  private handStart: { handNumber: number; version: number; stacks: number; rake: number } | null = null;
  /** The groups of a hand whose deck is sealed, held until its DeckRevealed. */
  private held: { hand: SealedHand; groups: StreamEvent[][] } | null = null;
  /** A live-cards hand's groups from its first sealed hole cards on, held until its HoleCardsRevealed. */
  private heldCards: { handNumber: number; version: number; groups: StreamEvent[][] } | null = null;
  events = 0;
  hands = 0;
  /** Hands still sealed at the end of the stream (being played): not verifiable yet, not a violation. */
  readonly sealedHands: HandAt[] = [];
  /** Hands dealt on a training table (deckSource training): decks anyone could choose, reported, not a violation. */
  readonly trainingHands: HandAt[] = [];
  /** Hands where a dealer's entry contradicted a reader's record (the version of that entry): the audit stream must say so. */
  readonly readerConflicts: HandAt[] = [];
  private readonly devices: DeviceRegistry | null;
  private readonly sealKey: Buffer | null;

  constructor(
    readonly streamId: string,
    options: StreamVerifierOptions = {},
  ) {
    const start = options.start ?? CHAIN_START;
    this.chain = new ChainChecker(streamId, start);
    // The engine needs the whole story: an excerpt that does not start at the table's opening is checked for its chain only.
    this.engine = (options.engine ?? true) && start.version === 0;
    this.devices = options.devices ?? null;
    this.sealKey = options.sealKey ?? null;
    this.table = options.table ?? tableDecider;
    this.state = this.table.initialState;
  }

  push(event: StreamEvent): void {
    this.events++;
    this.chain.check(event);
    if (!this.engine) return;
    const commandId = typeof event.metadata?.commandId === 'string' ? event.metadata.commandId : undefined;
    if (this.group.events.length > 0 && (commandId === undefined || commandId !== this.group.commandId)) this.endGroup();
    this.group.commandId = commandId;
    this.group.events.push(this.sealKey ? this.unsealed(event) : event);
  }

  /** With the seal key, the event as the API sealed it (its chain is checked on the stored form, above). */
  private unsealed(event: StreamEvent): StreamEvent {
    try {
      return openedWithSealKey(event, this.sealKey!);
    } catch (error) {
      this.violation(event.streamVersion, 'deal', `${event.type} does not open with the seal key given: ${(error as Error).message}`);
      return event;
    }
  }

  /**
   * Ends the stream. `head` is the streams table's record (version and last hash) when there is one: rows deleted
   * at the end of a stream leave no gap, only a head that points past the last event.
   */
  finish(head?: { version: number; lastHash: string }): Violation[] {
    if (this.engine) {
      this.endGroup();
      if (this.held) this.sealedHands.push({ handNumber: this.held.hand.handNumber, version: this.held.hand.version });
      if (this.heldCards) this.sealedHands.push({ handNumber: this.heldCards.handNumber, version: this.heldCards.version });
    }
    const violations = [...this.chain.violations, ...this.engineViolations];
    if (head) {
      const last = this.chain.head;
      if (head.version !== last.version || head.lastHash !== last.hash)
        violations.push({
          streamId: this.streamId,
          version: Math.min(head.version, last.version) + 1,
          kind: 'head',
          message: `the stream's head records version ${head.version} (hash ${head.lastHash.slice(0, 12)}…) but the events end at version ${last.version} (hash ${last.hash.slice(0, 12)}…)`,
        });
    }
    // By version; at the same version the chain first: a broken chain explains what the engine then finds.
    return violations.sort((a, b) => a.version - b.version || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  }

  /** Where the events pushed so far end: the last version and its stored hash. */
  get head(): { version: number; hash: string } {
    return this.chain.head;
  }

  /** The table as folded from the recorded events (for replay). */
  get tableState(): TableState {
    return this.state;
  }

  private violation(version: number, kind: ViolationKind, message: string): void {
    this.engineViolations.push({ streamId: this.streamId, version, kind, message });
  }

  /** A command's group is complete: check it now, or hold it with its sealed hand until the deck is revealed. */
  private endGroup(): void {
    const recorded = this.group.events;
    this.group = { commandId: undefined, events: [] };
    if (recorded.length === 0) return;
    const sealed = sealedHandOf(recorded[0]!);
    if (this.held && sealed) {
      // A new sealed hand while the last one's deck was never revealed.
      const lost = this.held;
      this.held = null;
      this.violation(
        recorded[0]!.streamVersion,
        'deal',
        `hand ${lost.hand.handNumber} (from version ${lost.hand.version}) ended without its deck being revealed: its deal cannot be checked`,
      );
      for (const group of lost.groups) this.check(group.filter((e) => e.type !== 'DeckSealed'));
    }
    this.checkDealSource(recorded[0]!);
    if (sealed) this.held = { hand: sealed, groups: [] };
    if (!this.held) return this.holdCards(recorded);
    this.held.groups.push(recorded);
    const revealed = revealedDeckOf(recorded);
    if (revealed === null) return;
    const hand = this.held.hand;
    const groups = this.opened(this.held.groups, recorded);
    this.held = null;
    for (const problem of dealProblems(hand, revealed, groups, this.table.modules))
      this.violation(problem.version, 'deal', problem.message);
    // Re-decide the hand with the revealed deck; DeckSealed is read as the revealed deck (its stored data may be sealed).
    for (const group of groups) {
      const readable = group.some((e) => e.type === 'DeckSealed')
        ? group.map((e) => (e.type === 'DeckSealed' ? ({ ...e, data: sealedData(revealed.deck) } as StreamEvent) : e))
        : group;
      this.check(readable, revealed.deck);
    }
  }

  /**
   * A live-cards hand whose reported cards are stored sealed: its groups wait for the hand's HoleCardsRevealed, which
   * opens them (hole-card-seal.ts), and are then checked in order. Groups with nothing sealed before them are checked now.
   */
  private holdCards(recorded: StreamEvent[]): void {
    const sealedCards = recorded.find((e) => isSealedHoleCards(e.type, e.data));
    if (!this.heldCards && !sealedCards) return this.check(recorded);
    if (this.heldCards && recorded[0]!.type === 'HandStarted') {
      const lost = this.heldCards;
      this.heldCards = null;
      this.violation(
        recorded[0]!.streamVersion,
        'deal',
        `hand ${lost.handNumber} (from version ${lost.version}) ended without its hole cards being revealed: its cards cannot be checked`,
      );
      for (const group of lost.groups) this.check(group);
      return this.holdCards(recorded);
    }
    if (!this.heldCards) {
      const handNumber = Number((sealedCards!.data as { handNumber: unknown }).handNumber);
      this.heldCards = { handNumber, version: sealedCards!.streamVersion, groups: [] };
    }
    this.heldCards.groups.push(recorded);
    if (!recorded.some((e) => e.type === HOLE_CARDS_REVEALED)) return;
    const groups = this.opened(this.heldCards.groups, recorded);
    this.heldCards = null;
    for (const group of groups) this.check(group);
  }

  /**
   * The held groups with the hole cards opened by the keys the last group reveals. An envelope they do not open is a
   * violation, and its group is left out (the rules cannot be re-decided from cards nobody can read).
   */
  private opened(groups: StreamEvent[][], last: StreamEvent[]): StreamEvent[][] {
    const keys = revealedHandKeys(last);
    if (keys.size === 0) return groups;
    const out: StreamEvent[][] = [];
    for (const group of groups) {
      try {
        out.push(withHoleCardsRevealed(group, keys));
      } catch (error) {
        this.violation(
          group[0]!.streamVersion,
          'deal',
          `hole cards that their hand's revealed key does not open: ${(error as Error).message}`,
        );
      }
    }
    return out;
  }

  /**
   * A hand (HandStarted, whose method says supplied or which derivation) or a draw for the button (ButtonDrawn): its
   * source must be one the table's rules allowed then (card-source-check.ts); a training table's hands are reported.
   */
  private checkDealSource(first: StreamEvent): void {
    if ((first.type !== 'HandStarted' && first.type !== 'ButtonDrawn') || this.state.rules === null) return;
    const data = first.data as { handNumber?: unknown; shuffle?: ShuffleMethod };
    if (typeof data.shuffle !== 'object' || data.shuffle === null) return;
    const rule = deckSourceOf(this.state.rules);
    const handNumber = first.type === 'HandStarted' ? Number(data.handNumber) : null;
    if (rule === 'training' && handNumber !== null) this.trainingHands.push({ handNumber, version: first.streamVersion });
    const device = typeof first.metadata?.device === 'string' ? first.metadata.device : null;
    const dealing = first.type === 'HandStarted' ? 'hand' : 'draw';
    const problem = deckSourceProblem(
      { tableId: this.streamId.replace(/^table-/, ''), rule, shuffle: data.shuffle, dealing, device },
      this.devices,
    );
    if (problem !== null)
      this.violation(first.streamVersion, 'deal', `${handNumber === null ? 'the draw for the button' : `hand ${handNumber}`}: ${problem}`);
  }

  private check(all: StreamEvent[], revealed?: SealedDeck): void {
    // The store appends HoleCardsRevealed after a hand's end, not the engine (its chain is checked in push).
    const recorded = all.some((e) => e.type === HOLE_CARDS_REVEALED) ? all.filter((e) => e.type !== HOLE_CARDS_REVEALED) : all;
    if (recorded.length === 0) return;

    const readable: StreamEvent[] = [];
    const versions: number[] = [];
    for (const r of recorded) {
      if (!KNOWN_TYPES.has(r.type) && !this.table.readsEvent(r.type, 1))
        this.violation(r.streamVersion, 'unreadable', `"${r.type}" is not a table event`);
      else if (!this.table.readsEvent(r.type, r.schemaVersion))
        this.violation(r.streamVersion, 'unreadable', `${r.type} has schema version ${r.schemaVersion}, which this engine does not read`);
      else if (typeof r.data !== 'object' || r.data === null || Array.isArray(r.data))
        this.violation(r.streamVersion, 'unreadable', `${r.type} has no data object`);
      else {
        readable.push(r);
        versions.push(r.streamVersion);
      }
    }
    if (readable.length === 0) return;
    // When decide derived exactly the recorded events, take the state its decision returned instead of folding them
    // again, which halves the engine's work (the accounting of a hand's start and end reads the state at that event,
    // so those batches are folded one by one). The recorded events are made table events (a copy of their data with
    // their type) only when they differ: that copy cost a twentieth of verify's CPU.
    const derived = this.rederive(readable, versions, revealed);
    if (derived !== null && !derived.events.some((e) => e.type === 'HandStarted' || e.type === 'HandEnded')) {
      this.state = derived.state;
      for (let i = 0; i < derived.events.length; i++) this.account(derived.events[i]!, versions[i]!);
      this.checkSession(versions[versions.length - 1]!);
      return;
    }
    const fold = derived?.events ?? readable.map(tableEventOf);

    for (let i = 0; i < fold.length; i++) {
      const e = fold[i]!;
      try {
        this.state = this.table.evolve(this.state, e);
      } catch (error) {
        this.violation(versions[i]!, 'unreadable', `${e.type} cannot be applied: ${(error as Error).message}`);
        continue;
      }
      this.account(e, versions[i]!);
    }
    this.checkSession(versions[versions.length - 1]!);
  }

  /** Runs decide again for the command that produced `recorded` and compares; returns decide's events when equal. */
  private rederive(
    recorded: readonly StreamEvent[],
    versions: readonly number[],
    revealed?: SealedDeck,
  ): { events: readonly TableEvent[]; state: TableState } | null {
    const first = tableEventOf(recorded[0]!);
    const rebuilt = commandFor(first, recorded[recorded.length - 1]!.type, revealed, isLiveCards(this.state.rules), this.table);
    // The time the API stamped on the command is in the metadata (a clocked table's deadlines follow from it).
    const at = recorded[0]!.metadata?.at;
    const command = rebuilt !== null && typeof at === 'string' ? { ...rebuilt, at } : rebuilt;
    if (command === null && first.type === 'HandStarted') {
      this.violation(
        versions[0]!,
        'deal',
        `hand ${first.handNumber} has no deck to deal from: neither its HandStarted nor a DeckRevealed gives one`,
      );
      return null;
    }
    if (command === null) {
      this.violation(
        versions[0]!,
        'rules',
        `${first.type} is recorded without a command before it: the dealer produces it only as part of one`,
      );
      return null;
    }
    // A dealer's entry that contradicted a reader's record is accepted as the truth: the audit stream must hold its
    // ReaderConflict (verify-log.ts compares).
    const hand = this.state.hand;
    const conflict = (command.type === 'DealBoard' || command.type === 'ShowHand') && hand !== null && readerConflicts(command, this.state);
    let decision;
    try {
      decision = this.table.decide(command, this.state);
    } catch (error) {
      this.violation(versions[0]!, 'rules', `${command.type} cannot be decided here: ${(error as Error).message}`);
      return null;
    }
    if (!decision.ok) {
      this.violation(
        versions[0]!,
        'rules',
        `the rules refuse ${describe(command)} here (${decision.rejection.code}): ${decision.rejection.message}`,
      );
      return null;
    }
    if (conflict) this.readerConflicts.push({ handNumber: hand!.handNumber, version: versions[0]! });
    // An old log's hand (HandStarted of schema version 1) held its deck and seed in HandStarted: compare with that shape.
    const derived = first.type === 'HandStarted' && isHandStartedV1(first) ? asVersion1(decision.events) : decision.events;
    const n = Math.max(derived.length, recorded.length);
    for (let i = 0; i < n; i++) {
      const want = derived[i];
      const got = recorded[i];
      if (got !== undefined && want !== undefined && isRecordedAs(got, want)) continue;
      const version = versions[Math.min(i, versions.length - 1)]!;
      if (got === undefined)
        this.violation(
          versions[versions.length - 1]! + 1,
          'rules',
          `${describe(command)} also produces ${show(want)}, which is not recorded after this event`,
        );
      else if (want === undefined)
        this.violation(
          version,
          'rules',
          `${got.type} is recorded but ${describe(command)} does not produce it: ${show(tableEventOf(got))}`,
        );
      else this.violation(version, 'rules', `recorded ${show(tableEventOf(got))}, but ${describe(command)} produces ${show(want)}`);
      return null;
    }
    return { events: derived, state: decision.state };
  }

  private account(e: TableEvent, version: number): void {
    // What a module's own events put on or take off the table outside the pots (a tournament's colour-up: chips, not
    // money; the tournament accounts for it).
    this.ledger += this.table.chipsMovedBy(e);
    switch (e.type) {
      case 'PlayerSeated':
        this.ledger += e.buyIn;
        break;
      case 'ChipsAdded':
        this.ledger += e.amount;
        break;
      case 'PlayerLeft':
        this.ledger -= e.cashOut;
        break;
      case 'HandStarted':
        this.handStart = { handNumber: e.handNumber, version, stacks: sum(e.players.map((p) => p.stack)), rake: this.state.rakeCollected };
        break;
      case 'HandEnded': {
        this.hands++;
        const start = this.handStart;
        if (start && start.handNumber === e.handNumber) {
          const ended = sum(e.stacks.map((s) => s.stack));
          const rake = this.state.rakeCollected - start.rake;
          if (ended + rake !== start.stacks)
            this.violation(
              version,
              'conservation',
              `hand ${e.handNumber}: its players brought ${start.stacks} and leave with ${ended}, the house took ${rake}: ${start.stacks - ended - rake} unaccounted for`,
            );
        }
        this.handStart = null;
        break;
      }
      case 'HandVoided':
        this.hands++;
        this.handStart = null;
        break;
    }
  }

  private checkSession(version: number): void {
    const counted = this.table.chipsOnTable(this.state) + this.state.rakeCollected;
    const drift = counted - this.ledger;
    if (drift === this.reportedDrift) return;
    this.violation(
      version,
      'conservation',
      `the table holds ${this.table.chipsOnTable(this.state)} and the house took ${this.state.rakeCollected}, but buy-ins and add-ons less cash-outs come to ${this.ledger} (${drift > 0 ? '+' : ''}${drift})`,
    );
    this.reportedDrift = drift;
  }
}
