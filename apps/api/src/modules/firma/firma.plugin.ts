import { type ControlDb, controlSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../lib/config';
import { CifradoCertificados } from './cifrado';
import { revocacionEnLinea } from './ltv';
import { obtenerRevocacion, REVOCACION_TIMEOUT_MS } from './red-revocacion';
import { VerificadorRevocacion } from './revocacion';
import type { FirmaServicios } from './firma.service';

declare module 'fastify' {
  interface FastifyInstance {
    firma: FirmaServicios;
  }
}

export const PUBLIC_URL_POR_DEFECTO = 'http://localhost:3000';

/** Without TOKEN_ENCRYPTION_KEY or JWT_SECRET, the installation's stored signing secret is the key. */
async function installationSecret(db: ControlDb): Promise<string> {
  const [row] = await db.select().from(controlSchema.appSettings).where(eq(controlSchema.appSettings.key, 'jwt_secret'));
  if (!row) throw new Error('no secret for signing certificates: set TOKEN_ENCRYPTION_KEY');
  return row.value;
}

/** Electronic signature (issue 26): the key of the stored certificates, the public URL of /verificar, the link signer. */
export const firmaPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const red = { permitirPrivadas: config.revocacion?.permitirPrivadas ?? false, timeoutMs: config.revocacion?.timeoutMs ?? REVOCACION_TIMEOUT_MS };
    const secret = config.tokenEncryptionKey ?? config.jwtSecret ?? (await installationSecret(app.controlDb));
    app.decorate('firma', {
      cifrado: new CifradoCertificados(secret),
      publicUrl: (config.publicUrl ?? PUBLIC_URL_POR_DEFECTO).replace(/\/+$/, ''),
      enlaces: app.documentSigner,
      tsa: config.tsa ?? null,
      // The validation data embedded in signed PDFs are fetched through the same guarded fetch as the revocation checks.
      ltv: revocacionEnLinea((peticion) => obtenerRevocacion(peticion, red)),
      revocacion: new VerificadorRevocacion({ permitirPrivadas: config.revocacion?.permitirPrivadas ?? false, timeoutMs: config.revocacion?.timeoutMs }),
    });
  },
  { name: 'firma', dependencies: ['databases', 'auth', 'estampados'] },
);
