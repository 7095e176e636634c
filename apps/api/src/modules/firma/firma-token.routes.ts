import {
  AgenteCodigoSchema,
  AgenteEmparejadoSchema,
  AgenteEmparejarSchema,
  AgenteEstadoSchema,
  CertificadoTokenResponseSchema,
  CertificadoTokenSchema,
  commonMessages,
  LoteCrearSchema,
  LoteFirmasResponseSchema,
  LoteFirmasSchema,
  LoteParamSchema,
  LoteSchema,
} from '@receptoria/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../auditoria/audit-actor';
import { autenticarAgente, crearCodigo, desemparejar, emparejar, estadoAgentes, PREFIJO_TOKEN_AGENTE } from './agente.service';
import { crearLote, obtenerLote, recibirFirmas, registrarCertificadoToken } from './firma-token.service';
import { firmaContextOf } from './firma.routes';

/** Pairing attempts a minute per address (a code has 40 random bits and lives 10 minutes). */
const EMPAREJAR_POR_MINUTO = 10;

/**
 * Signing with the receiver's token through the signing agent on the office PC (issue 39 §1): pairing,
 * the token's certificate, batches prepared here and signed on the token (docs/firma.md).
 */
export const firmaTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['firma'];
  const staff = [app.authenticate, app.requireModule('estampar')];
  /** The user's session, or the agent paired with the user (`Bearer fa_…`). */
  const staffOAgente = [
    async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      if (header?.startsWith(`Bearer ${PREFIJO_TOKEN_AGENTE}`)) return autenticarAgente(app, request, header.slice(7));
      return app.authenticate(request, reply);
    },
    app.requireModule('estampar'),
  ];
  const ctx = firmaContextOf(app);

  app.post(
    '/firma/agente/codigo/',
    { onRequest: staff, schema: { tags, description: 'A pairing code for the signing agent (shown in Mi perfil; single use, 10 minutes).', response: { 201: AgenteCodigoSchema } } },
    async (request, reply) => reply.status(201).send(await crearCodigo(app.controlDb, request.auth.tenantId, request.auth.userId)),
  );

  // Public: the pairing code is the credential; at most EMPAREJAR_POR_MINUTO tries a minute per address.
  app.post(
    '/firma/agente/emparejar/',
    {
      config: {
        rateLimit: { max: EMPAREJAR_POR_MINUTO, timeWindow: '1 minute', errorResponseBuilder: () => new AppError('RATE_LIMITED', commonMessages.rateLimited, { retryAfterSeconds: 60 }) },
      },
      schema: { tags, security: [], description: 'The signing agent exchanges the pairing code for its token (bound to the user).', body: AgenteEmparejarSchema, response: { 201: AgenteEmparejadoSchema } },
    },
    async (request, reply) => reply.status(201).send(await emparejar(app, request.body, auditActorOf(request))),
  );

  app.get('/firma/agente/', { onRequest: staff, schema: { tags, response: { 200: AgenteEstadoSchema } } }, async (request) =>
    estadoAgentes(app.controlDb, request.auth.tenantId, request.auth.userId),
  );

  app.delete('/firma/agente/', { onRequest: staff, schema: { tags, response: { 200: AgenteEstadoSchema } } }, async (request) =>
    desemparejar(app.controlDb, request.auth.tenantId, request.auth.userId, auditActorOf(request)),
  );

  app.post(
    '/firma/certificados_token/',
    {
      onRequest: staffOAgente,
      schema: { tags, description: 'The certificate on the receiver\'s token (no key), checked like an uploaded one.', body: CertificadoTokenSchema, response: { 201: CertificadoTokenResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await registrarCertificadoToken(ctx(request), request.body)),
  );

  app.post(
    '/firma/lotes/',
    { onRequest: staff, schema: { tags, description: 'Prepares up to 50 documents for the token: each PDF\'s signature room and the attributes to sign.', body: LoteCrearSchema, response: { 201: LoteSchema } } },
    async (request, reply) => reply.status(201).send(await crearLote(ctx(request), request.body)),
  );

  app.get('/firma/lotes/:id/', { onRequest: staffOAgente, schema: { tags, params: LoteParamSchema, response: { 200: LoteSchema } } }, async (request) =>
    obtenerLote(ctx(request), request.params.id),
  );

  app.post(
    '/firma/lotes/:id/firmas/',
    {
      onRequest: staffOAgente,
      schema: { tags, description: 'The token\'s signature values: verified, embedded (PAdES), stored.', params: LoteParamSchema, body: LoteFirmasSchema, response: { 200: LoteFirmasResponseSchema } },
    },
    async (request) => recibirFirmas(ctx(request), request.params.id, request.body),
  );
};
