import { readFileSync } from 'node:fs';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStore } from '@felt/event-store';
import { pushAnchors } from '@felt/regulator';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';

/**
 * Pushes signed anchors (every stream's head) to FELT_ANCHOR_PUSH_URL every FELT_ANCHOR_INTERVAL_MS (a minute), so
 * that a rewrite of the log is caught by the next `felt verify --anchors DIR` against what the regulator received
 * (docs/regulators.md; issue 30 row 9). Off without the URL. A failed push is logged and tried again at the next tick.
 */
@Injectable()
export class AnchorPusherService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AnchorPusher');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    private readonly store: EventStore,
  ) {}

  onApplicationBootstrap(): void {
    const { anchorPushUrl: url, anchorKeyFile: keyFile, anchorIntervalMs: every } = this.config;
    if (url === undefined) return;
    if (keyFile === undefined)
      throw new Error(
        'FELT_ANCHOR_PUSH_URL needs FELT_ANCHOR_KEY: the file of the Ed25519 private key that signs the anchors (felt anchors --generate-key)',
      );
    const key = readFileSync(keyFile, 'utf8');
    const push = () => {
      this.running = this.running
        .then(() => pushAnchors(this.store, key, url))
        .then(
          (anchors) => this.logger.debug(`pushed anchors of ${anchors.streams.length} streams to ${url}`),
          (error: Error) => this.logger.warn(`anchors not pushed to ${url}: ${error.message}; trying again in ${every} ms`),
        );
    };
    push();
    this.timer = setInterval(push, every);
    this.logger.log(`pushing signed anchors to ${url} every ${every} ms`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
