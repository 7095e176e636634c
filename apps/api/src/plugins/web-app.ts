import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { commonMessages } from '@receptoria/contracts';
import fp from 'fastify-plugin';

/**
 * Serves the built web app and answers unknown non-API paths with its index.html, so client-side
 * routes survive a reload. API paths that match nothing get a JSON 404.
 */
export const webAppPlugin = fp<{ webDist?: string }>(
  async (app, { webDist }) => {
    const root = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
    if (root) {
      await app.register(fastifyStatic, { root, wildcard: false, index: false });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/api/') || request.url.startsWith('/estampados/');
      if (root && !isApi && request.method === 'GET') {
        return reply.type('text/html').sendFile('index.html', root);
      }
      return reply.status(404).send({ detail: commonMessages.notFound });
    });
  },
  { name: 'web-app' },
);
