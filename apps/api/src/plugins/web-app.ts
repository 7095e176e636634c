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
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
        preCompressed: true,
        // Source maps stay on the server (and are only built on request).
        allowedPath: (pathName) => !pathName.endsWith('.map'),
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          // Hashed file names change with their content: cache for a year; everything else revalidates.
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/api/') || request.url.startsWith('/estampados/');
      // A missing asset (an old hash, a .map) is a 404, not the app's page.
      const isAsset = request.url.startsWith('/assets/');
      if (root && !isApi && !isAsset && request.method === 'GET') {
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', root);
      }
      return reply.status(404).send({ detail: commonMessages.notFound });
    });
  },
  { name: 'web-app' },
);
