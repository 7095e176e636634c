import { calendarioIcsMessages as m, CalendarioIcsUrlSchema } from '@receptoria/contracts';
import { tenantLocation } from '@receptoria/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { duenoDelToken, feedDelReceptor, rotarToken, tokenActual } from './ics.service';

const tags = ['calendario'];

/** The absolute feed address as the user's browser reached the API (proxies per trustProxy). */
function feedUrl(request: FastifyRequest, token: string): string {
  return `${request.protocol}://${request.host}/api/v1/calendario/ics/${token}.ics`;
}

const FeedParamsSchema = z.object({ token: z.string().max(200) });

/**
 * Phone calendars (issue 24): each user's iCalendar feed of its receiver's deadlines, alarms and
 * holidays, reached without a bearer (calendar apps cannot send one) through a long random token.
 */
export const calendarioIcsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The tokens-at-rest key (TOKEN_ENCRYPTION_KEY, else the signing secret) keeps the link showable.
  const crypto = () => app.gmail.crypto;

  app.get(
    '/calendario/ics/',
    { onRequest: [app.authenticate], schema: { tags, response: { 200: CalendarioIcsUrlSchema } } },
    async (request) => ({ url: feedUrl(request, await tokenActual(app.controlDb, crypto(), request.auth.userId)) }),
  );

  app.post(
    '/calendario/ics/rotar/',
    { onRequest: [app.authenticate], schema: { tags, response: { 200: CalendarioIcsUrlSchema } } },
    async (request) => ({ url: feedUrl(request, await rotarToken(app.controlDb, crypto(), request.auth.userId)) }),
  );

  app.get(
    '/calendario/ics/:token.ics',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, security: [], params: FeedParamsSchema },
    },
    async (request, reply) => {
      const dueno = await duenoDelToken(app.controlDb, request.params.token);
      if (!dueno) throw new AppError('NOT_FOUND', m.noEncontrado);
      const ics = await app.tenantPools.with(tenantLocation(app.databaseConfig, dueno.tenant), (db) =>
        feedDelReceptor(db, app.controlDb, dueno.tenant),
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="receptoria.ics"')
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );
};
