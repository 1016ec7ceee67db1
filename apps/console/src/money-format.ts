/**
 * Money as the floor reads and types it: the book keeps integer cents (docs/money.md); the console shows dollars
 * ("$1,234.50") and takes them typed ("1234.5", "1,234.50"), never a fraction of a cent.
 */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${sign}$${whole.toLocaleString('en-US')}.${rest}`;
}

/** The cents of a typed amount, or null when it is not a positive amount of dollars and cents. */
export function centsOf(typed: string, { allowZero = false } = {}): number | null {
  const text = typed.replace(/[$,\s]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 || (allowZero && cents === 0) ? cents : null;
}

/** A request id the book has not seen: the kind, the time and a random part (1 to 64 letters, digits, "-"). */
export function newRequestId(kind: string): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${kind.toLowerCase()}-${Date.now().toString(36)}-${random}`;
}

/** The shift a table's cash is recorded in, by default: the local date (a room with several shifts a day types its own). */
export function todaysShift(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
