import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { readEnv } from './env';
import { configFromEnv } from './lib/config-from-env';
import { createUser } from './modules/tenants/tenants.service';

const USAGE = `Uso: pnpm --filter @receptoria/api cli create-user --username U --password P
       [--tenant-id N] [--first-name F] [--last-name L] [--email E] [--cargo receptor|secretaria] [--permisos a,b]`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'create-user') {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      'tenant-id': { type: 'string', default: '1' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
      email: { type: 'string', default: '' },
      cargo: { type: 'string', default: 'secretaria' },
      permisos: { type: 'string', default: '' },
    },
  });
  if (!values.username || !values.password) {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const app = await buildApp({ ...configFromEnv(readEnv()), logger: false });
  try {
    const user = await createUser(app, {
      tenantId: Number(values['tenant-id']),
      username: values.username,
      password: values.password,
      firstName: values['first-name'],
      lastName: values['last-name'],
      email: values.email,
      cargo: values.cargo === 'receptor' ? 'receptor' : 'secretaria',
      permisos: values.permisos ? values.permisos.split(',').map((code) => code.trim()) : [],
    });
    process.stdout.write(`Usuario ${user.username} creado (id ${user.id}).\n`);
  } finally {
    await app.close();
  }
}

await main();
