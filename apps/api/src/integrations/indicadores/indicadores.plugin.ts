import fp from 'fastify-plugin';
import type { AppConfig } from '../../lib/config';
import { createMindicadorClient, type IndicadoresSource } from './mindicador-client';
import { createUtmClient, type UtmSource } from './utm-client';

declare module 'fastify' {
  interface FastifyInstance {
    indicadoresSource: IndicadoresSource;
    /** The month's UTM for the fee schedule (issue 25). */
    utmSource: UtmSource;
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
    app.decorate(
      'utmSource',
      createUtmClient({
        baseUrl: config.indicadores?.url,
        timeoutMs: config.indicadores?.timeoutMs,
        retryAfterFailureMs: config.indicadores?.retryAfterFailureMs,
      }),
    );
  },
  { name: 'indicadores' },
);
