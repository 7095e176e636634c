import { commonMessages, hasModule, type ModuleName } from '@receptoria/contracts';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    requireModule: (module: ModuleName) => onRequestAsyncHookHandler;
  }
}

/** Server-side module guard: the same rule the web applies (spec 01 §6), enforced on every guarded call. */
export const permissionsPlugin = fp(
  async (app) => {
    app.decorate('requireModule', (module: ModuleName) => {
      const guard = async function requireModule(request: FastifyRequest) {
        if (!hasModule(request.account, request.permissionCodes, module)) {
          throw new AppError('FORBIDDEN', commonMessages.forbidden);
        }
      };
      // Named on the hook so the route catalog (and the security suite) knows what each route guards.
      return Object.assign(guard, { requiredModule: module });
    });
  },
  { name: 'permissions', dependencies: ['auth'] },
);
