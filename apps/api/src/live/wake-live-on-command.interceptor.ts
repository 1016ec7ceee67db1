import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { tap, type Observable } from 'rxjs';
import type { HttpRequest } from '../http/http-types';
import { LiveFeed } from './live-feed';

/**
 * Wakes the live feed as soon as a POST of this process has been answered successfully (its events, if any, are
 * committed by then): the table's consoles get the change at once instead of at the next poll of the log. Appends
 * of other processes come with the poll.
 */
@Injectable()
export class WakeLiveOnCommand implements NestInterceptor {
  constructor(@Inject(LiveFeed) private readonly feed: LiveFeed) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<HttpRequest>();
    if (request.method !== 'POST') return next.handle();
    // The table commands' routes name the table (POST /tables/:tableId/...); others wake the log tail.
    const tableId = (request.params as { tableId?: string } | undefined)?.tableId;
    return next.handle().pipe(tap(() => this.feed.wake(tableId)));
  }
}
