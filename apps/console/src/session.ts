/** Who is signed in: the token POST /auth/login issued, kept in sessionStorage (gone when the tab closes). */
export type Role = 'dealer' | 'floor' | 'regulator' | 'service' | 'count';

export interface SignedInUser {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
}

export interface Session {
  readonly accessToken: string;
  readonly user: SignedInUser;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

const KEY = 'felt.console.session';

export function loadSession(): Session | null {
  const text = sessionStorage.getItem(KEY);
  if (!text) return null;
  try {
    const session = JSON.parse(text) as Session;
    if (typeof session.accessToken !== 'string' || session.expiresAt <= Date.now()) return clearSession();
    return session;
  } catch {
    return clearSession();
  }
}

export function saveSession(session: Session): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): null {
  sessionStorage.removeItem(KEY);
  return null;
}
