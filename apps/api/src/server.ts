import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { installEmbeddedInChild, isFirstEmbeddedStart } from './bootstrap/embedded-first-start';
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
// A first start creates the embedded databases in a short-lived process (its memory goes with it); the
// entry sits beside this one, compiled (dist/*.js) or run from source (src/*.ts through tsx).
const installed =
  embedded && isFirstEmbeddedStart(config)
    ? await installEmbeddedInChild(config, path.join(import.meta.dirname, `install-embedded${path.extname(import.meta.filename)}`))
    : null;
const app = await buildApp(config);
if (installed) app.log.info({ ms: Math.round(installed.ms), peakRssMb: Math.round(installed.peakRssMb) }, 'embedded databases created in their own process');
if (embedded) await embedded.serve(pgliteOf(app.controlDb));

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await embedded?.stopServing();
  await app.close();
  await embedded?.release();
});

await app.listen({ port: env.PORT, host: env.HOST });
