import { Global, Module } from '@nestjs/common';
import { LiveHands } from './live-hands';

/** What every read path needs to apply the visibility rule (live-visibility.ts): where each live hand begins. */
@Global()
@Module({ providers: [LiveHands], exports: [LiveHands] })
export class VisibilityModule {}
