import type { ApiClient } from './api-client.js';
import type { Notice } from './notice.js';
import type { Session } from './session.js';

/** What every screen gets from the page. */
export interface ConsoleContext {
  readonly api: ApiClient;
  readonly notice: Notice;
  session(): Session | null;
  /** Shows another screen: "#/lobby", "#/table/t1". */
  go(hash: string): void;
}
