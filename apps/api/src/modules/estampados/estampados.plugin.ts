import fp from 'fastify-plugin';
import { createDocxToPdf } from '../../documents/pdf/docx-to-pdf';
import { GoogleDocsStampEngine } from '../../integrations/google/docs-stamp-engine';
import { googleDocsAuth } from '../../integrations/google/drive-auth';
import type { AppConfig } from '../../lib/config';
import { listTenants, tenantDb } from '../tenants/tenants.service';
import { CertificadoPdfs } from './estampados-pdf';
import { createDocumentSigner, type DocumentSigner, type StampContext } from './estampados.service';
import { LocalStampEngine } from './stamp-engine';

declare module 'fastify' {
  interface FastifyInstance {
    stampEngines: StampContext['engines'];
    documentSigner: DocumentSigner;
  }
}

/**
 * The stamp engines (local always; Google Docs when credentials are configured), the PDF converter
 * (Gotenberg when GOTENBERG_URL is set, else a local LibreOffice, else none) and the link signer.
 */
export const estampadosPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const converter = await createDocxToPdf({ gotenbergUrl: config.gotenbergUrl, soffice: config.soffice, timeoutMs: config.pdfTimeoutMs });
    const pdfs = new CertificadoPdfs(
      converter,
      async (tenantId) => {
        const tenant = (await listTenants(app.controlDb)).find((t) => t.id === tenantId);
        return tenant ? tenantDb({ controlDb: app.controlDb, databaseConfig: app.databaseConfig, tenantPools: app.tenantPools }, tenant) : null;
      },
      app.log,
    );
    if (!converter) app.log.warn('sin conversor a PDF (LibreOffice o GOTENBERG_URL): los certificados quedan solo en Word');
    const auth = await googleDocsAuth(config.googleDocs);
    app.decorate('stampEngines', {
      local: new LocalStampEngine(),
      google: auth ? new GoogleDocsStampEngine(auth, config.googleDocs?.apiRoot) : null,
      carpetaPorDefecto: config.googleDocs?.estampadosFolderId,
      pdfs,
    });
    app.decorate('documentSigner', await createDocumentSigner(app.controlDb));
    app.addHook('onClose', async () => {
      await pdfs.close();
    });
  },
  { name: 'estampados', dependencies: ['databases'] },
);
