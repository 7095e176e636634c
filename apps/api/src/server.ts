import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { claimEmbedded, EmbeddedInUseError, pgliteOf } from './bootstrap/embedded-access';
import { readEnv } from './env';
import { configFromEnv } from './lib/config-from-env';

const env = readEnv();
const config = configFromEnv(env);

// The embedded database serves one process at a time: this server claims its folder, and serves its
// control database on a Unix socket so the CLI works while it runs.
const embedded = config.database.controlUrl
  ? null
  : await claimEmbedded(config.database.dataDir, 'servidor').catch((error: unknown) => {
      if (!(error instanceof EmbeddedInUseError)) throw error;
      process.stderr.write(`\n  ${error.message}\n\n`);
      process.exit(1);
    });
const app = await buildApp(config);
if (embedded) await embedded.serve(pgliteOf(app.controlDb));

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await embedded?.stopServing();
  await app.close();
  await embedded?.release();
});

await app.listen({ port: env.PORT, host: env.HOST });
