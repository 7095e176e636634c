import { ADMIN_USERNAME, commonMessages, hasModule, type ModuleName, type PermissionCode } from '@receptoria/contracts';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** Any one of the modules opens the route. */
    requireModule: (...modules: [ModuleName, ...ModuleName[]]) => onRequestAsyncHookHandler;
    /** One named permission code (spec 01 §3), e.g. rebaja_recibos; the admin holds every one. */
    requirePermission: (code: PermissionCode) => onRequestAsyncHookHandler;
  }
}

/** Server-side module guard: the same rule the web applies (spec 01 §6), enforced on every guarded call. */
export const permissionsPlugin = fp(
  async (app) => {
    app.decorate('requireModule', (...modules: [ModuleName, ...ModuleName[]]) => {
      const guard = async function requireModule(request: FastifyRequest) {
        if (!modules.some((module) => hasModule(request.account, request.permissionCodes, module))) {
          throw new AppError('FORBIDDEN', commonMessages.forbidden);
        }
      };
      // Named on the hook so the route catalog (and the security suite) knows what each route guards.
      return Object.assign(guard, { requiredModule: modules.join(' | ') });
    });
    app.decorate('requirePermission', (code: PermissionCode) => {
      const guard = async function requirePermission(request: FastifyRequest) {
        if (request.account.username !== ADMIN_USERNAME && !request.permissionCodes.includes(code)) {
          throw new AppError('FORBIDDEN', commonMessages.permissionMissing);
        }
      };
      return Object.assign(guard, { requiredPermission: code });
    });
  },
  { name: 'permissions', dependencies: ['auth'] },
);
