import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { WorkerHealth } from '../health/worker-health';
import { RelayMetrics } from './relay-metrics';

/** The worker's small HTTP server on METRICS_PORT: GET /metrics (Prometheus text) and GET /health (terminus JSON). */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MetricsServer');
  private server: Server | undefined;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    private readonly metrics: RelayMetrics,
    private readonly health: WorkerHealth,
  ) {}

  /** The port actually listened on (METRICS_PORT=0 picks a free one). */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  /** The address actually listened on (METRICS_HOST, 127.0.0.1 by default). */
  get host(): string | undefined {
    return (this.server?.address() as AddressInfo | null)?.address;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const reply = async (): Promise<void> => {
        if (req.method !== 'GET') {
          res.writeHead(405, { Allow: 'GET' }).end();
        } else if (path === '/metrics') {
          const body = await this.metrics.registry.metrics();
          res.writeHead(200, { 'Content-Type': this.metrics.registry.contentType }).end(body);
        } else if (path === '/health') {
          const { status, body } = await this.health.check();
          res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        } else {
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('GET /metrics or /health\n');
        }
      };
      reply().catch((error: Error) => {
        this.logger.error(`${path}: ${error.message}`);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(`${error.message}\n`);
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.config.metricsPort, this.config.metricsHost, () => resolve());
    });
    this.logger.log(
      `metrics at http://${this.config.metricsHost.includes(':') ? `[${this.config.metricsHost}]` : this.config.metricsHost}:${this.port}/metrics, health at /health`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
