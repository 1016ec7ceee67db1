import { parse as parseToml } from 'smol-toml';
import { parseCard, formatCard, FULL_DECK } from '@felt/engine';

/**
 * Read once: the engine's compiled index re-exports through getters on a dictionary-mode object, a hash lookup
 * and a call at every use (see replay.ts). The card codes are the canonical spellings ("As", "Td"), built once.
 */
const cardNumber = parseCard;
const CANONICAL_CODES: readonly string[] = FULL_DECK.map(formatCard);

/**
 * PHH (Poker Hand History, the TOML format of the pokerkit project; spec: github.com/uoftcprg/phh-std).
 *
 * A `.phh` file is one hand: top-level keys `variant`, `antes`, `blinds_or_straddles`, `min_bet` or
 * `small_bet`/`big_bet`, `starting_stacks`, `actions`, and optional metadata (`players`, `finishing_stacks`, ...).
 * A `.phhs` file holds several hands, each a TOML table (`[1]`, `[2]`, ...). Which one a document is comes from
 * its content: a document with a top-level `variant` is one hand, otherwise every top-level table is a hand.
 *
 * Amounts may be decimals (0.25/0.50 stakes). Each hand is scaled to whole minor units by the smallest power of
 * ten that makes every input amount (antes, blinds, bet sizes, starting stacks and `cbr` amounts) a whole number;
 * `scale` records the factor so results can be reported back in the file's own units. Finishing stacks and winnings are
 * outcomes, not inputs, so they do not set the scale (a log that splits an odd chip in halves, 10112.5, keeps
 * whole-chip stakes).
 */

/** Variants the engine deals: no-limit and fixed-limit Texas hold'em. */
export const SUPPORTED_VARIANTS = ['NT', 'FT'] as const;
export type PhhVariant = (typeof SUPPORTED_VARIANTS)[number];

/** A card as written: a code such as "As", or null for an unknown card ("??"). */
export type PhhCard = string | null;

interface ActionBase {
  /** 1-based position in the `actions` array. */
  readonly index: number;
  /** The action as written. */
  readonly text: string;
}

export type PhhAction = ActionBase &
  (
    | { readonly kind: 'deal-hole'; readonly player: number; readonly cards: readonly PhhCard[] }
    | { readonly kind: 'deal-board'; readonly cards: readonly PhhCard[] }
    | { readonly kind: 'fold'; readonly player: number }
    | { readonly kind: 'check-call'; readonly player: number }
    /** Complete, bet or raise TO `amount` (minor units: the player's total for the street). */
    | { readonly kind: 'bet-raise'; readonly player: number; readonly amount: number }
    /**
     * Show or muck at the showdown. `pN sm CARDS` shows (unknown cards `??` mean the player did not table them);
     * `pN sm` mucks; `pN sm -` shows the cards dealt earlier (`showsDealt`, the spec's shorthand).
     */
    | { readonly kind: 'show-muck'; readonly player: number; readonly cards: readonly PhhCard[] | null; readonly showsDealt: boolean }
  );

/** One hand, amounts in minor units (whole numbers); players are 1-based, p1 first dealt (the small blind). */
export interface PhhHand {
  /** Where the hand came from (a file path or a label). */
  readonly file: string;
  /** 1-based position of the hand in its file. */
  readonly index: number;
  /** The TOML table name in a `.phhs` file, null in a `.phh` file. */
  readonly key: string | null;
  readonly variant: PhhVariant;
  /** Minor units per unit of the file (a power of ten). */
  readonly scale: number;
  readonly playerCount: number;
  readonly playerNames: readonly string[] | null;
  /** As written (not reversed for heads-up), in minor units. */
  readonly antes: readonly number[];
  /**
   * A negative entry is a post (pokerkit: "what a player who just got seated pays to begin playing right away
   * without waiting for the button"): a live bet of that size before the cards; the poster acts in turn.
   */
  readonly blindsOrStraddles: readonly number[];
  readonly minBet: number | null;
  readonly smallBet: number | null;
  readonly bigBet: number | null;
  readonly startingStacks: readonly number[];
  /** In the file's own units, as written; null when the file does not record them. */
  readonly finishingStacks: readonly number[] | null;
  /** What each player collected from the pots (`winnings`, e.g. HandHQ logs), in the file's units; null when absent. */
  readonly winnings: readonly number[] | null;
  readonly actions: readonly PhhAction[];
}

/** One entry per hand of a document: the parsed hand, or why it could not be read. */
export type PhhEntry =
  | { readonly ok: true; readonly file: string; readonly index: number; readonly key: string | null; readonly hand: PhhHand }
  | { readonly ok: false; readonly file: string; readonly index: number; readonly key: string | null; readonly error: string };

/** A problem with a PHH document; the message names the file, the hand and (when it is one) the action. */
export class PhhError extends Error {
  override readonly name = 'PhhError';
}

type Table = Record<string, unknown>;

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** "file" for a .phh document, "file [3]" for the hand in table [3] of a .phhs document. */
export function handLabel(file: string, key: string | null): string {
  return key === null ? file : `${file} [${key}]`;
}

/**
 * Parses a PHH document (`.phh`: one hand; `.phhs`: several). A TOML syntax error makes the whole document
 * unreadable and throws a PhhError naming the file and line; a problem inside one hand only fails that hand's entry.
 */
export function parsePhh(text: string, file = '<phh>'): PhhEntry[] {
  let doc: Table;
  try {
    doc = parseToml(text) as Table;
  } catch (e) {
    const err = e as { message?: string; line?: number; column?: number };
    const where = err.line !== undefined ? ` (line ${err.line}, column ${err.column})` : '';
    const first = String(err.message ?? e).split('\n')[0];
    throw new PhhError(`${file}: not valid TOML${where}: ${first}`);
  }
  if ('variant' in doc || 'actions' in doc) return [entryFor(doc, file, 1, null)];
  const keys = Object.keys(doc).filter((k) => isTable(doc[k]));
  if (keys.length === 0) throw new PhhError(`${file}: no hand found (neither a top-level "variant" nor hand tables such as [1])`);
  // Numeric table names in numeric order, others after them in document order.
  const numeric = (k: string) => (/^\d+$/.test(k) ? Number(k) : Number.POSITIVE_INFINITY);
  const ordered = keys
    .map((k, i) => ({ k, i }))
    .sort((a, b) => numeric(a.k) - numeric(b.k) || a.i - b.i)
    .map((x) => x.k);
  return ordered.map((k, i) => entryFor(doc[k] as Table, file, i + 1, k));
}

function entryFor(table: Table, file: string, index: number, key: string | null): PhhEntry {
  try {
    return { ok: true, file, index, key, hand: parsePhhHand(table, file, index, key) };
  } catch (e) {
    if (e instanceof PhhError) return { ok: false, file, index, key, error: e.message };
    throw e;
  }
}

/** Parses one hand from its TOML table. Throws PhhError with the file, hand and field or action. */
export function parsePhhHand(table: Table, file = '<phh>', index = 1, key: string | null = null): PhhHand {
  const where = handLabel(file, key);
  const fail = (why: string): never => {
    throw new PhhError(`${where}: ${why}`);
  };

  const variant = table.variant;
  if (typeof variant !== 'string') fail('the "variant" field is missing');
  if (!(SUPPORTED_VARIANTS as readonly string[]).includes(variant as string))
    fail(`unsupported variant "${String(variant)}": only NT (no-limit Texas hold'em) and FT (fixed-limit Texas hold'em) are replayed`);

  // Only blinds_or_straddles may hold a negative entry: the post of a player who just sat down (see PhhHand).
  const numberArray = (name: string, required: boolean, negativeAllowed = false): number[] | null => {
    const value = table[name];
    if (value === undefined) return required ? fail(`the "${name}" field is missing`) : null;
    if (!Array.isArray(value)) return fail(`"${name}" must be an array of numbers`);
    value.forEach((v, i) => {
      if (typeof v !== 'number' || Number.isNaN(v)) fail(`"${name}"[${i}] is not a number (${JSON.stringify(v)})`);
      if (v < 0 && !negativeAllowed) fail(`"${name}"[${i}] is negative (${v})`);
    });
    return value as number[];
  };
  const optionalNumber = (name: string): number | null => {
    const value = table[name];
    if (value === undefined) return null;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return fail(`"${name}" must be a number above zero`);
    return value;
  };

  const startingStacks = numberArray('starting_stacks', true)!;
  const playerCount = startingStacks.length;
  if (playerCount < 2) fail(`a hand needs at least two players; "starting_stacks" has ${playerCount}`);
  startingStacks.forEach((s, i) => {
    if (!Number.isFinite(s)) fail(`p${i + 1}'s starting stack is unknown (${s}); a replay needs every stack`);
    if (s <= 0) fail(`p${i + 1}'s starting stack must be above zero`);
  });
  const antes = numberArray('antes', true)!;
  const blinds = numberArray('blinds_or_straddles', true, true)!;
  const finishing = numberArray('finishing_stacks', false);
  const winnings = numberArray('winnings', false);
  for (const [name, arr] of [
    ['antes', antes],
    ['blinds_or_straddles', blinds],
    ['finishing_stacks', finishing],
    ['winnings', winnings],
  ] as const) {
    if (arr !== null && arr.length !== playerCount)
      fail(`"${name}" has ${arr.length} entries but "starting_stacks" has ${playerCount}: one per player is required`);
    arr?.forEach((v, i) => Number.isFinite(v) || fail(`"${name}"[${i}] is not a finite number`));
  }
  const minBet = optionalNumber('min_bet');
  const smallBet = optionalNumber('small_bet');
  const bigBet = optionalNumber('big_bet');
  if (variant === 'NT' && minBet === null) fail('a no-limit hand (NT) needs "min_bet"');
  if (variant === 'FT' && (smallBet === null || bigBet === null)) fail('a fixed-limit hand (FT) needs "small_bet" and "big_bet"');

  const players = table.players;
  let playerNames: string[] | null = null;
  if (players !== undefined) {
    if (!Array.isArray(players) || players.some((p) => typeof p !== 'string')) fail('"players" must be an array of names');
    if ((players as string[]).length !== playerCount)
      fail(`"players" has ${(players as string[]).length} names but there are ${playerCount} stacks`);
    playerNames = players as string[];
  }

  const rawActions = table.actions;
  if (!Array.isArray(rawActions)) fail('the "actions" field is missing (an array of strings)');
  const parsed = (rawActions as unknown[]).map((a, i) => {
    if (typeof a !== 'string') return fail(`action ${i + 1} is not a string (${JSON.stringify(a)})`);
    return readAction(a, i + 1, playerCount, where);
  });

  // The scale: the smallest power of ten that makes every input amount whole.
  let decimals = 0;
  for (const v of [...antes, ...blinds, ...startingStacks, minBet ?? 0, smallBet ?? 0, bigBet ?? 0])
    decimals = Math.max(decimals, decimalsOf(v));
  for (const a of parsed) if (a && a.kind === 'bet-raise') decimals = Math.max(decimals, decimalsOfText(a.amountText));
  if (decimals > 9) fail(`amounts with ${decimals} decimals cannot be replayed in whole chips`);
  const scale = 10 ** decimals;
  const toMinor = (v: number, what: string): number => {
    const m = Math.round(v * scale);
    if (!Number.isSafeInteger(m)) fail(`${what} (${v}) is too large`);
    return m;
  };
  const minorArray = (arr: readonly number[], name: string) => arr.map((v, i) => toMinor(v, `"${name}"[${i}]`));

  const actions: PhhAction[] = [];
  for (const a of parsed) {
    if (a === null) continue;
    if (a.kind === 'bet-raise') {
      const amount = toMinor(Number(a.amountText), `action ${a.index} "${a.text}": the amount`);
      if (amount <= 0) fail(`action ${a.index} "${a.text}": the amount must be above zero`);
      actions.push(sameShape({ index: a.index, text: a.text, kind: 'bet-raise', player: a.player, amount }));
    } else actions.push(sameShape(a));
  }

  return {
    file,
    index,
    key,
    variant: variant as PhhVariant,
    scale,
    playerCount,
    playerNames,
    antes: minorArray(antes, 'antes'),
    blindsOrStraddles: minorArray(blinds, 'blinds_or_straddles'),
    minBet: minBet === null ? null : toMinor(minBet, '"min_bet"'),
    smallBet: smallBet === null ? null : toMinor(smallBet, '"small_bet"'),
    bigBet: bigBet === null ? null : toMinor(bigBet, '"big_bet"'),
    startingStacks: minorArray(startingStacks, 'starting_stacks'),
    finishingStacks: finishing,
    winnings,
    actions,
  };
}

type ReadAction = Exclude<PhhAction, { kind: 'bet-raise' }> | (ActionBase & { kind: 'bet-raise'; player: number; amountText: string });

/** The number N of a player word "pN" (N one or more digits), or null (a regular expression per word cost a tenth of parsing). */
function playerNumber(word: string): number | null {
  if (word.length < 2 || word.charCodeAt(0) !== 112 /* p */) return null;
  for (let i = 1; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  return Number(word.slice(1));
}

/** Reads one action string (grammar: `[[actor action[ args...]][ # commentary]]`); null for a no-op. */
function readAction(text: string, index: number, playerCount: number, where: string): ReadAction | null {
  const fail = (why: string): never => {
    throw new PhhError(`${where}: action ${index} "${text}": ${why}`);
  };
  let words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const hash = words.findIndex((w) => w.startsWith('#'));
  if (hash >= 0) words = words.slice(0, hash);
  if (words.length === 0) return null;
  const player = (word: string): number => {
    const n = playerNumber(word);
    if (n === null) return fail(`"${word}" is not a player (p1 to p${playerCount})`);
    if (n < 1 || n > playerCount) fail(`there is no player ${word} (p1 to p${playerCount})`);
    return n;
  };
  const cards = (word: string): PhhCard[] => {
    if (word.length === 0 || word.length % 2 !== 0) return fail(`"${word}" is not a list of two-character cards`);
    const out: PhhCard[] = [];
    for (let i = 0; i < word.length; i += 2) {
      const code = word.slice(i, i + 2);
      const card = code === '??' ? null : cardNumber(code);
      if (card === undefined) fail(`"${code}" is not a card`);
      // The canonical spelling: rank upper case, suit lower case.
      out.push(card === null ? null : CANONICAL_CODES[card!]);
    }
    return out;
  };
  const arity = (n: number) => {
    const takes = n - 2;
    if (words.length !== n)
      fail(
        `"${words[1]}" takes ${takes === 0 ? 'no argument' : takes === 1 ? 'one argument' : `${takes} arguments`}, not ${words.length - 2}`,
      );
  };
  if (words[0] === 'd') {
    if (words[1] === 'dh') {
      arity(4);
      return { index, text, kind: 'deal-hole', player: player(words[2]), cards: cards(words[3]) };
    }
    if (words[1] === 'db') {
      arity(3);
      return { index, text, kind: 'deal-board', cards: cards(words[2]) };
    }
    return fail(`unknown dealer action "${words[1] ?? ''}" (d dh, d db)`);
  }
  const p = player(words[0]);
  switch (words[1]) {
    case 'f':
      arity(2);
      return { index, text, kind: 'fold', player: p };
    case 'cc':
      arity(2);
      return { index, text, kind: 'check-call', player: p };
    case 'cbr': {
      arity(3);
      if (!/^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(words[2])) fail(`"${words[2]}" is not an amount`);
      return { index, text, kind: 'bet-raise', player: p, amountText: words[2] };
    }
    case 'sm': {
      if (words.length === 2) return { index, text, kind: 'show-muck', player: p, cards: null, showsDealt: false };
      arity(3);
      if (words[2] === '-') return { index, text, kind: 'show-muck', player: p, cards: null, showsDealt: true };
      return { index, text, kind: 'show-muck', player: p, cards: cards(words[2]), showsDealt: false };
    }
    case 'pb':
      return fail("a bring-in (stud games) is not part of Texas hold'em");
    case 'sd':
      return fail("standing pat or discarding (draw games) is not part of Texas hold'em");
    default:
      return fail(`unknown action "${words[1] ?? ''}" (f, cc, cbr, sm)`);
  }
}

/**
 * The action with every field of every kind, in one order (those its kind lacks are undefined). The replay reads
 * `kind`, `player` and `cards` of each action; one object shape instead of five made walking a hand's actions
 * about three times faster.
 */
function sameShape(a: PhhAction): PhhAction {
  const fields = a as Partial<{ player: number; cards: readonly PhhCard[] | null; amount: number; showsDealt: boolean }>;
  return {
    index: a.index,
    text: a.text,
    kind: a.kind,
    player: fields.player,
    cards: fields.cards,
    amount: fields.amount,
    showsDealt: fields.showsDealt,
  } as PhhAction;
}

/** Digits after the decimal point in a number as JavaScript prints it (shortest round trip), exponents included. */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  return decimalsOfText(String(value));
}

/** Digits after the decimal point of a decimal numeral such as "0.250" (trailing zeros do not count) or "1.5e-3". */
export function decimalsOfText(text: string): number {
  const m = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) return 0;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  const exponent = m[3] === undefined ? 0 : Number(m[3]);
  return Math.max(0, fraction.length - exponent);
}
