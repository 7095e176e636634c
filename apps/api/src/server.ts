import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { readEnv } from './env';
import { configFromEnv } from './lib/config-from-env';

const env = readEnv();
const app = await buildApp(configFromEnv(env));

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
});

await app.listen({ port: env.PORT, host: env.HOST });
