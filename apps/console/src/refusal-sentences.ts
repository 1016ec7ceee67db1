import { ApiError } from './api-client.js';

/**
 * What a refusal means, in words a dealer reads at the table: never a status number or a code. The rules engine's
 * own sentences (422) are already written for the floor and are shown as they come; the API's protocol refusals
 * are replaced by what they mean for the person who tapped. The code stays on the element (data-code) for support.
 */
const SENTENCES: Readonly<Record<string, string>> = {
  VERSION_CONFLICT:
    'The table moved on before your tap arrived; nothing was done. Look at the table again and tap again if it still applies.',
  IDEMPOTENCY_KEY_IN_FLIGHT: 'That tap is still being handled; nothing more was done.',
  FORBIDDEN_ROLE: 'Your role may not do this; nothing was done.',
  NOT_ASSIGNED_TO_TABLE: 'You are not assigned to deal this table; nothing was done. Ask the floor to assign you.',
  NETWORK_ERROR: 'The server cannot be reached; nothing was sent. Check the connection and tap again.',
  DATABASE_UNAVAILABLE: 'The server could not record it just now; nothing was done. Tap again in a moment.',
  TABLE_NOT_FOUND: 'There is no such table.',
  USER_NOT_FOUND: 'There is no such user.',
  INVALID_CREDENTIALS: 'Wrong user name or password (or the user is disabled).',
  INVALID_ENROLLMENT_CODE:
    'That code is wrong, used or expired (or the user is disabled): ask a floor supervisor for a new one. Nothing was changed.',
  LOGIN_THROTTLED: 'Too many sign-in attempts; wait a minute and try again.',
  USER_NAME_TAKEN: 'That user name is already in use (disabled users keep theirs).',
  LAST_FLOOR_USER: 'This would leave no floor supervisor who can sign in; nothing was changed.',
  CANNOT_DISABLE_SELF: 'You cannot disable yourself: another floor supervisor must.',
  CANNOT_CHANGE_OWN_ROLE: 'You cannot change your own role: another floor supervisor must.',
  INVALID_USER_NAME: 'A user name is 1 to 64 letters, digits, dots, dashes, underscores or @.',
  NOT_A_DEALER: 'Only an enabled dealer can be assigned to a table.',
  UNAUTHENTICATED: 'Your session has ended: sign in again.',
  APPROVER_IS_REQUESTER: 'You asked for this yourself: another floor supervisor must approve it.',
  APPROVAL_DECIDED: 'This request was already approved, refused or withdrawn; nothing more was done.',
  APPROVAL_EXPIRED: 'This request has expired; nothing was changed. Ask again if it still applies.',
  APPROVAL_NOT_FOUND: 'There is no such request waiting (it may have expired).',
  // The same words for a dealer and the floor, naming no list, entry or reason (the floor reads why on the player's page).
  PLAYER_EXCLUDED:
    'This player may not be seated, listed or called here; nothing was done. Call a floor supervisor (the floor sees why on the player’s page under Players).',
  PLAYER_NOT_FOUND: 'There is no such player on the register.',
  PLAYER_ERASED: 'This player’s record was erased; nothing was done.',
  BAN_NOT_FOUND: 'There is no such ban on this player’s record; nothing was done.',
  BAN_ALREADY_LIFTED: 'This ban was already lifted; nothing more was done.',
  BAN_ENDS_BEFORE_START: 'A ban must end after it starts; nothing was done.',
  // The house's money (docs/money.md): the book's refusals, in the words of the person at the Money screen or table.
  SAME_PERSON: 'You asked for this yourself: another person (a floor supervisor or the count team) must confirm it. Nothing was recorded.',
  VARIANCE_NEEDS_REASON:
    'The count differs from what the box should hold (the cash buy-ins recorded at the table): say why in "Reason for a variance". Nothing was recorded.',
  HAND_NOT_QUALIFYING: 'That hand does not qualify for this jackpot (or is not finished); nothing was asked for.',
  SHIFT_COUNTED: "This table's shift is counted already: record it in a new shift. Nothing was recorded.",
  FUND_SHORT: 'The fund does not hold enough for this now; nothing was recorded.',
  ALREADY_PAID: 'This hand or period was paid already; nothing was recorded.',
  NOT_ASSIGNED: 'You are not assigned to this table; nothing was recorded. Ask the floor to assign you.',
  REQUEST_UNKNOWN: 'That request was confirmed or declined already; nothing more was done.',
  ROLE_MAY_NOT: 'Your role may not do this with money; nothing was recorded.',
};

/**
 * `aliases`: player ids (card numbers) the screen knows by an alias; a refusal names those players by alias. Times
 * the server writes in UTC are shown in the console's local time.
 */
export function refusalSentence(error: unknown, aliases: ReadonlyMap<string, string> = new Map()): string {
  if (error instanceof ApiError) {
    const known = SENTENCES[error.code];
    if (known) return known;
    // The engine's and the API's validation sentences are written for people; never show the bare status.
    return inFloorWords(error.detail || 'The server refused this; nothing was done.', aliases);
  }
  return error instanceof Error ? error.message : String(error);
}

const INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z/g;
const CLOCK_UTC = /\b(\d{2}):(\d{2}):(\d{2}) UTC\b/g;
const DAY_MS = 86_400_000;

/** An instant as the floor reads a clock: the local time of day, with the date when it is not today. */
export function localTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return at.toDateString() === now.toDateString() ? time : `${at.toLocaleDateString()} ${time}`;
}

/** A field named by its schema path ("buyIn: buyIn is required ..."), said as words ("The buy-in is required ..."). */
const FIELD_WORDS: Record<string, string> = { buyIn: 'the buy-in', playerId: 'the player', tableId: 'the table', to: 'the amount' };
const FIELD_REPEATED = /^([A-Za-z]+): \1\b/;

function inFloorWords(sentence: string, aliases: ReadonlyMap<string, string>): string {
  let text = sentence.replace(FIELD_REPEATED, (_m, field: string) => {
    const words = FIELD_WORDS[field] ?? `the ${field.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`;
    return words[0]!.toUpperCase() + words.slice(1);
  });
  text = text.replace(INSTANT, (iso) => localTime(iso));
  // "14:05:30 UTC": the UTC time of day nearest to now (a call's deadline is minutes away).
  text = text.replace(CLOCK_UTC, (_m, h: string, m: string, sec: string) => {
    const now = Date.now();
    const today = new Date(now);
    const at = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), Number(h), Number(m), Number(sec));
    const nearest = [at - DAY_MS, at, at + DAY_MS].reduce((a, b) => (Math.abs(b - now) < Math.abs(a - now) ? b : a));
    return localTime(new Date(nearest).toISOString());
  });
  for (const [playerId, alias] of aliases)
    text = text.replace(new RegExp(`(?<![\\w.:-])${playerId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.:-])`, 'g'), alias);
  return text;
}

export function refusalCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'PAGE';
}
