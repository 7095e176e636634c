import { CarpetasLinksSchema } from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCarpetasLinks } from './carpetas.service';

export const carpetasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/configuracion/carpetas/links/',
    { onRequest: [app.authenticate], schema: { tags: ['carpetas'], response: { 200: CarpetasLinksSchema } } },
    async (request) => getCarpetasLinks(request.tenant),
  );
};
