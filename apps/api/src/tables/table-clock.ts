import { Injectable } from '@nestjs/common';

/**
 * The time every table command carries (`at`, docs/api.md "Time on commands"): the engine reads no clock, the API
 * stamps each command here, from its own clock (a client cannot send `at`). One provider, so a test can move a
 * shot clock's time forward without waiting.
 */
@Injectable()
export class TableClock {
  now: () => Date = () => new Date();

  at(): string {
    return this.now().toISOString();
  }
}
