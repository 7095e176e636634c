import { timingSafeEqual } from 'node:crypto';
import { commonMessages } from '@receptoria/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../lib/config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus registry of this instance (one per app, so two apps in one process do not collide). */
    metricsRegistry: Registry;
    /** The separate metrics listener's address, when METRICS_PORT is set. */
    metricsAddress: string | undefined;
  }
}

/** Label of requests that matched no route (never the raw URL: its values are unbounded). */
const NO_ROUTE = '(sin ruta)';
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics (prom-client): requests by route pattern, method and status with their latency,
 * receiver database pools open and busy per database server, pg-boss jobs by queue and state, login
 * refusals by scope and the delay of session-revocation notices between instances.
 *
 * Served at GET /metrics with `Authorization: Bearer $METRICS_TOKEN`; without a token configured
 * /metrics answers 401 and the metrics are served only on their own METRICS_PORT (when set).
 */
export const metricsPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const token = config.metrics?.token;
    const registry = new Registry();
    if (config.metrics?.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'receptoria_' });

    const latency = new Histogram({
      name: 'receptoria_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const refusals = new Counter({
      name: 'receptoria_login_refusals_total',
      help: 'Login attempts refused with 429 by this instance, by scope (direccion: the client address; cuenta: the account)',
      labelNames: ['scope'] as const,
      registers: [registry],
    });
    for (const scope of ['direccion', 'cuenta']) refusals.labels(scope).inc(0);
    app.loginThrottle.onRefused = (scope) => refusals.labels(scope === 'address' ? 'direccion' : 'cuenta').inc();

    const lag = new Histogram({
      name: 'receptoria_revocation_notify_lag_seconds',
      help: 'Delay between another instance sending a session revocation (NOTIFY) and this one receiving it',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const bus = app.revocations;
    if (bus) bus.onLag = (ms) => lag.observe(ms / 1000);
    new Gauge({
      name: 'receptoria_revocation_listener_up',
      help: '1 while this instance listens for session revocations on the control database (0: the cache TTL is the only bound)',
      registers: [registry],
      collect() {
        this.set(bus?.connected ? 1 : 0);
      },
    });
    new Counter({
      name: 'receptoria_revocation_listener_reconnects_total',
      help: 'Times the revocation listener came back after losing its connection (each time the session cache was dropped)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(bus?.counts.reconexiones ?? 0);
      },
    });

    const usage = () => app.tenantPools.usageByServer();
    new Gauge({
      name: 'receptoria_tenant_pools_open',
      help: 'Receiver databases open (each with its connection pool), per database server',
      labelNames: ['servidor'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [servidor, row] of usage()) this.labels(servidor).set(row.open);
      },
    });
    new Gauge({
      name: 'receptoria_tenant_pools_busy',
      help: 'Receiver databases with at least one request using them now, per database server',
      labelNames: ['servidor'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [servidor, row] of usage()) this.labels(servidor).set(row.busy);
      },
    });
    new Gauge({
      name: 'receptoria_tenant_leases',
      help: 'Requests and jobs holding a receiver database now, per database server',
      labelNames: ['servidor'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [servidor, row] of usage()) this.labels(servidor).set(row.leases);
      },
    });

    new Gauge({
      name: 'receptoria_jobs',
      help: 'pg-boss jobs by queue and state (ready, deferred, active, failed: failed ones still kept)',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const boss = app.jobs;
        if (!boss) return;
        try {
          for (const queue of await boss.getQueues()) {
            this.labels(queue.name, 'ready').set(queue.readyCount);
            this.labels(queue.name, 'deferred').set(queue.deferredCount);
            this.labels(queue.name, 'active').set(queue.activeCount);
            this.labels(queue.name, 'failed').set(queue.failedCount);
          }
        } catch {
          // The control database is down: no job counts this time (the scrape still answers).
        }
      },
    });

    // Children by "method route status", made once each: an answer costs a map lookup and an observe.
    const children = new Map<string, ReturnType<typeof latency.labels>>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? NO_ROUTE;
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = latency.labels(request.method, route, String(reply.statusCode));
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      done();
    });

    const serve = async (reply: FastifyReply) => reply.header('content-type', registry.contentType).send(await registry.metrics());
    const authorized = (request: FastifyRequest) => {
      const header = request.headers.authorization;
      return token !== undefined && typeof header === 'string' && header.startsWith('Bearer ') && sameSecret(header.slice(7), token);
    };
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!authorized(request)) return reply.status(401).send({ detail: commonMessages.unauthorized });
      return serve(reply);
    });

    app.decorate('metricsRegistry', registry);
    app.decorate('metricsAddress', undefined as string | undefined);

    // Its own port (kept off the proxy): open there unless a token is set, then the same bearer.
    const port = config.metrics?.port;
    if (port !== undefined) {
      const server: FastifyInstance = Fastify({ logger: false });
      server.get('/metrics', async (request, reply) => {
        if (token !== undefined && !authorized(request)) return reply.status(401).send({ detail: commonMessages.unauthorized });
        return serve(reply);
      });
      app.addHook('onClose', () => server.close());
      app.metricsAddress = await server.listen({ port, host: config.metrics?.host ?? '127.0.0.1' });
    }
  },
  { name: 'metrics', dependencies: ['auth', 'databases'] },
);
