import { execFileSync } from 'node:child_process';
import { repoRoot, serverEnv } from './environment';
import type { E2eUser } from './users';

/**
 * Creates a user on the run's database with the API's CLI (`pnpm --filter @receptoria/api cli
 * create-user`). `tenantId` defaults to the main receiver.
 */
export function createUserWithCli(user: E2eUser & { tenantId?: number }) {
  const args = ['--filter', '@receptoria/api', 'cli', 'create-user', '--username', user.username];
  args.push('--password', user.password);
  if (user.tenantId) args.push('--tenant-id', String(user.tenantId));
  if (user.firstName) args.push('--first-name', user.firstName);
  if (user.lastName) args.push('--last-name', user.lastName);
  if (user.permisos?.length) args.push('--permisos', user.permisos.join(','));
  execFileSync('pnpm', args, {
    cwd: repoRoot,
    env: { ...process.env, ...serverEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 120_000,
  });
}
