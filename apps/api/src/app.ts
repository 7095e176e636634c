import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { prepareInstallation } from './bootstrap/first-start';
import type { AppConfig } from './lib/config';
import { authRoutes } from './modules/auth/auth.routes';
import { apiModules, serviceModules } from './modules/index';
import { authPlugin } from './plugins/auth';
import { databasesPlugin } from './plugins/databases';
import { indicadoresPlugin } from './integrations/indicadores/indicadores.plugin';
import { errorHandlerPlugin } from './plugins/error-handler';
import { mailPlugin } from './integrations/mail/mail.plugin';
import { jobsPlugin } from './jobs/jobs.plugin';
import { permissionsPlugin } from './plugins/permissions';
import { webAppPlugin } from './plugins/web-app';

export const API_PREFIX = '/api/v1';

/** Builds the whole application: what the server listens with and what tests inject into. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: true,
    // Creating and migrating the embedded databases on a first start can take a while on a busy machine.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(databasesPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(permissionsPlugin);
  await app.register(indicadoresPlugin, { config });
  await app.register(mailPlugin, { config });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Receptoría API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.controlDb.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes, { loginRateMax: config.loginRateMax });
      for (const module of apiModules) await api.register(module);
    },
    { prefix: API_PREFIX },
  );
  // The stamp, template and collection service of spec 02 §7.
  await app.register(
    async (service) => {
      for (const module of serviceModules) await service.register(module);
    },
    { prefix: '/estampados/api' },
  );
  await app.register(jobsPlugin, { config });
  await app.register(webAppPlugin, { webDist: config.webDist });

  await prepareInstallation(app, config);
  return app;
}
