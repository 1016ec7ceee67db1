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
} as const;

/** WebSocket close code for a connection dropped because it read too slowly: reconnect and resubscribe with afterVersion. */
export const SLOW_CONSUMER_CLOSE_CODE = 1013;
/** WebSocket close code for a connection whose access token was refused. */
export const UNAUTHENTICATED_CLOSE_CODE = 1008;
