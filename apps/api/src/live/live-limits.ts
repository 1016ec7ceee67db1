/** The live feed's bounds (docs/api.md "Live updates", limits). */
export const LIVE_LIMITS = {
  /** How often the log is read while some table has a subscriber: appends of other processes arrive this late at most (plus the read). */
  pollMs: 25,
  /** Events read from the global log per query. */
  logPage: 1000,
  /** Events per `events` message while a reconnecting console catches up. */
  catchUpPage: 500,
  /** Tables one connection may follow at once. */
  tablesPerConnection: 256,
  /** Largest client message, in bytes: a larger one closes the connection (the WebSocket's own limit). */
  maxMessageBytes: 4096,
  /**
   * Bytes a connection may leave unread in its send buffer: beyond this the server stops writing and closes the
   * connection (code 1013), so a console that does not read cannot make the server hold an ever-growing queue.
   */
  maxBufferedBytes: 4 * 1024 * 1024,
  /** Connections one user (one token's subject) may have open at once. */
  connectionsPerUser: 32,
  /** Connections without a token one address may have open at once (the public feed). */
  anonymousConnectionsPerAddress: 128,
  /**
   * How often every open connection's user row and dealer assignments are read again (one query for all of them):
   * a user disabled, moved to another role or unassigned, by this process or another (the CLI), loses what they may
   * no longer see within about this long.
   */
  accessCheckMs: 250,
} as const;

/** WebSocket close code for a connection dropped because it read too slowly: reconnect and resubscribe with afterVersion. */
export const SLOW_CONSUMER_CLOSE_CODE = 1013;
/** WebSocket close code for a connection whose access token was refused. */
export const UNAUTHENTICATED_CLOSE_CODE = 1008;
/** WebSocket close code for a connection whose user was disabled or moved to another role, or whose token expired, while it was open. */
export const REVOKED_CLOSE_CODE = 4403;
/** WebSocket close code for a connection over the per-user (or per-address) cap. */
export const TOO_MANY_CONNECTIONS_CLOSE_CODE = 4429;
