import type { FastifySchema, HTTPMethods, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

export interface CatalogRoute {
  method: HTTPMethods;
  url: string;
  schema?: FastifySchema;
  /** Modules the route's guards require (from `app.requireModule`). */
  modules: string[];
  /** True when `app.authenticate` runs before the handler. */
  authenticated: boolean;
  /** Multipart fields that carry JSON, with their zod schemas (`config.multipartJson`). */
  multipartJson?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered: the security suite attacks each one from here. */
    routeCatalog: CatalogRoute[];
  }
}

function hooksOf(value: RouteOptions['onRequest'] | RouteOptions['preHandler']): unknown[] {
  if (!value) return [];
  return Array.isArray(value) ? value : [value];
}

/** Records every route (method, path, schemas, guards) as Fastify registers it. */
export const routeCatalogPlugin = fp(
  async (app) => {
    const catalog: CatalogRoute[] = [];
    app.decorate('routeCatalog', catalog);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const hooks = [...hooksOf(route.onRequest), ...hooksOf(route.preValidation), ...hooksOf(route.preHandler)] as Array<
        onRequestHookHandler & { requiredModule?: string }
      >;
      for (const method of methods) {
        catalog.push({
          method,
          url: route.url,
          schema: route.schema,
          modules: hooks.map((hook) => hook.requiredModule).filter((name): name is string => typeof name === 'string'),
          authenticated: hooks.some((hook) => hook === app.authenticate),
          ...(route.config?.multipartJson ? { multipartJson: route.config.multipartJson } : {}),
        });
      }
    });
  },
  { name: 'route-catalog', dependencies: ['auth'] },
);
