import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { tap, type Observable } from 'rxjs';
import type { HttpRequest } from '../http/http-types';
import { LiveFeed } from './live-feed';

/**
 * Wakes the live feed as soon as a POST of this process has been answered successfully (its events, if any, are
 * committed by then), so its consoles need not wait for the next poll. Appends of other processes come with the poll.
 */
@Injectable()
export class WakeLiveOnCommand implements NestInterceptor {
  constructor(@Inject(LiveFeed) private readonly feed: LiveFeed) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http' || context.switchToHttp().getRequest<HttpRequest>().method !== 'POST') return next.handle();
    return next.handle().pipe(tap(() => this.feed.wake()));
  }
}
