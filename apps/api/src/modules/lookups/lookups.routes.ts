import { ComunaSchema, ComunasQuerySchema, TipoCausaSchema, TipoEncargoSchema, TribunalSchema } from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getComunas, getTiposCausa, getTiposEncargo, getTribunales } from './lookups.service';

export const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = <T extends z.ZodType>(item: T) => ({
    onRequest: [app.authenticate],
    schema: { tags: ['encargos'], response: { 200: z.array(item) } },
  });

  app.get('/encargos/tribunales/', options(TribunalSchema), async (request) => getTribunales(request.tenantDb));
  app.get('/encargos/tipos/', options(TipoEncargoSchema), async (request) => getTiposEncargo(request.tenantDb));
  app.get('/encargos/causas/', options(TipoCausaSchema), async (request) => getTiposCausa(request.tenantDb));
  app.get(
    '/encargos/comunas/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['encargos'], querystring: ComunasQuerySchema, response: { 200: z.array(ComunaSchema) } },
    },
    async (request) => getComunas(request.query.q),
  );
};
