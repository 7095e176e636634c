import fp from 'fastify-plugin';
import { GoogleDocsStampEngine } from '../../integrations/google/docs-stamp-engine';
import { googleDocsAuth } from '../../integrations/google/drive-auth';
import type { AppConfig } from '../../lib/config';
import { createDocumentSigner, type DocumentSigner, type StampContext } from './estampados.service';
import { findSoffice, LocalStampEngine } from './stamp-engine';

declare module 'fastify' {
  interface FastifyInstance {
    stampEngines: StampContext['engines'];
    documentSigner: DocumentSigner;
  }
}

/** The stamp engines (local always; Google Docs when credentials are configured) and the link signer. */
export const estampadosPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const soffice = await findSoffice(config.soffice);
    const auth = googleDocsAuth(config.googleDocs);
    app.decorate('stampEngines', {
      local: new LocalStampEngine(soffice),
      google: auth ? new GoogleDocsStampEngine(auth, config.googleDocs?.apiRoot) : null,
      carpetaPorDefecto: config.googleDocs?.estampadosFolderId,
    });
    app.decorate('documentSigner', await createDocumentSigner(app.controlDb));
  },
  { name: 'estampados', dependencies: ['databases'] },
);
