import fp from 'fastify-plugin';
import type { AppConfig } from '../../lib/config';
import { createMindicadorClient, type IndicadoresSource } from './mindicador-client';

declare module 'fastify' {
  interface FastifyInstance {
    indicadoresSource: IndicadoresSource;
  }
}

/** The economic indicators source, one per process so its pause after a failure is shared. */
export const indicadoresPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate(
      'indicadoresSource',
      createMindicadorClient({
        baseUrl: config.indicadores?.url,
        timeoutMs: config.indicadores?.timeoutMs,
        retryAfterFailureMs: config.indicadores?.retryAfterFailureMs,
      }),
    );
  },
  { name: 'indicadores' },
);
