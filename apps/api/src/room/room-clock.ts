import { Injectable } from '@nestjs/common';

/**
 * The time room commands carry (`at`): the room library reads no clock, the API stamps each command here. One
 * provider, so a test can run the room's clock forward (response times are minutes) without waiting.
 */
@Injectable()
export class RoomClock {
  now: () => Date = () => new Date();

  at(): string {
    return this.now().toISOString();
  }
}
