import {
  ADMIN_USERNAME,
  EstudioIdParamSchema,
  estudioMessages,
  informeMessages as m,
  MessageResponseSchema,
  OAuthCallbackQuerySchema,
  OAuthStartResponseSchema,
  OAuthStatusSchema,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { listTenants, tenantDb } from '../tenants/tenants.service';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const CLOSE_SCRIPT = '/api/v1/oauth2/cerrar.js';

// The popup closes itself after a moment (the opener's polling sees the result); the script is
// served from our origin so the Content-Security-Policy allows it.
const page = (title: string, text: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
  `<script src="${CLOSE_SCRIPT}" defer></script></head>` +
  `<body style="font-family:sans-serif;padding:2rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;

/** Gmail connection of a firm (spec 01 §4, §7) and Google's redirect back to us. */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['informes'];
  const requireEstudio = async (db: Parameters<typeof app.gmail.status>[0], id: number) => {
    const [row] = await db.select({ id: tenantSchema.estudios.id }).from(tenantSchema.estudios).where(eq(tenantSchema.estudios.id, id));
    if (!row) throw new AppError('NOT_FOUND', estudioMessages.estudioNoEncontrado);
  };

  app.get(
    '/estudios/:id/oauth2/status/',
    { onRequest: [app.authenticate], schema: { tags, params: EstudioIdParamSchema, response: { 200: OAuthStatusSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return app.gmail.status(request.tenantDb, request.params.id, request.auth.username === ADMIN_USERNAME);
    },
  );

  app.post(
    '/estudios/:id/oauth2/start/',
    { onRequest: [app.authenticate], schema: { tags, params: EstudioIdParamSchema, response: { 200: OAuthStartResponseSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      const url = await app.gmail.start(request.tenantDb, request.auth.tenantId, request.params.id, request.auth.userId, {
        platformAdmin: request.auth.username === ADMIN_USERNAME,
      });
      return { authorization_url: url };
    },
  );

  app.post(
    '/estudios/:id/oauth2/disconnect/',
    { onRequest: [app.authenticate], schema: { tags, params: EstudioIdParamSchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      await app.gmail.disconnect(request.tenantDb, request.params.id);
      return { message: m.gmailDesconectado };
    },
  );

  app.get('/oauth2/cerrar.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send('setTimeout(function () { window.close(); }, 1500);\n'),
  );

  // Google redirects the popup here; the signed, single-use state says which receiver and firm.
  app.get(
    '/oauth2/callback/',
    { schema: { tags, querystring: OAuthCallbackQuerySchema } },
    async (request, reply) => {
      const fail = (text: string) => reply.status(400).type('text/html; charset=utf-8').send(page(m.errorConectarGmail, text));
      if (request.query.error) return fail(m.oauthDenegado);
      const state = app.gmail.readState(request.query.state);
      if (!state) return fail(m.oauthEstadoInvalido);
      if (!request.query.code) return fail(m.oauthCodigoFaltante);
      const tenant = (await listTenants(app.controlDb)).find((row) => row.id === state.t && row.activo);
      if (!tenant) return fail(m.oauthEstadoInvalido);
      const db = await tenantDb({ controlDb: app.controlDb, databaseConfig: app.databaseConfig, tenantPools: app.tenantPools }, tenant);
      try {
        const email = await app.gmail.complete(db, state, request.query.code);
        return reply.type('text/html; charset=utf-8').send(page('Gmail conectado', m.gmailConectado(email)));
      } catch (error) {
        if (error instanceof AppError) return fail(error.message);
        throw error;
      }
    },
  );
};
