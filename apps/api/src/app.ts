import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
import { portalAuthPlugin } from './modules/portal/portal-auth.plugin';
import { databasesPlugin } from './plugins/databases';
import { servidoresPlugin } from './modules/servidores/directorio';
import { indicadoresPlugin } from './integrations/indicadores/indicadores.plugin';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler';
import { healthPlugin } from './plugins/health';
import { inputGuardPlugin } from './plugins/input-guard';
import { sharedRateLimitPlugin } from './plugins/rate-limit';
import { metricsPlugin } from './plugins/metrics';
import { securityHeadersPlugin } from './plugins/security-headers';
import { clientErrorHandler } from './lib/client-errors';
import { compressionPlugin } from './plugins/compression';
import { loggerOptions } from './lib/logger';
import { mailPlugin } from './integrations/mail/mail.plugin';
import { estampadosPlugin } from './modules/estampados/estampados.plugin';
import { firmaPlugin } from './modules/firma/firma.plugin';
import { jobsPlugin } from './jobs/jobs.plugin';
import { gmailPlugin } from './integrations/google/gmail.plugin';
import { permissionsPlugin } from './plugins/permissions';
import { routeCatalogPlugin } from './plugins/route-catalog';
import { webAppPlugin } from './plugins/web-app';
import { apiEstudiosTransformObject } from './modules/portal/claves-api.openapi';

export const API_PREFIX = '/api/v1';

/** A hop count becomes a function: trust that many proxies nearest to us. */
function trustProxyOption(value: AppConfig['trustProxy']) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value ?? false;
}

/** Builds the whole application: what the server listens with and what tests inject into. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logger),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 10 * 1024 * 1024,
    // Off unless TRUST_PROXY says which proxies to believe: a client must not pick its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Creating and migrating the embedded databases on a first start can take a while on a busy machine.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { hsts: config.hsts });
  await app.register(inputGuardPlugin);
  await app.register(compressionPlugin);
  await app.register(databasesPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(portalAuthPlugin);
  await app.register(servidoresPlugin, { config });
  await app.register(permissionsPlugin);
  await app.register(routeCatalogPlugin);
  await app.register(metricsPlugin, { config });
  await app.register(indicadoresPlugin, { config });
  await app.register(estampadosPlugin, { config });
  await app.register(firmaPlugin, { config });
  await app.register(mailPlugin, { config });
  await app.register(gmailPlugin, { config });
  await app.register(sharedRateLimitPlugin, { config });
  app.decorate('webhooksPermitirPrivadas', config.webhooksPermitirPrivadas ?? false);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Receptoría API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // The firm-facing part (tag 'API para estudios'): the routes API keys open, with examples.
    transformObject: (document) => ('openapiObject' in document ? apiEstudiosTransformObject(document as never) : document.swaggerObject) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthPlugin);

  await app.register(
    async (api) => {
      await api.register(authRoutes);
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
