import type { docs_v1 } from '@googleapis/docs';
import type { drive_v3 } from '@googleapis/drive';
import type { JWT, OAuth2Client } from 'google-auth-library';
import { cargarGoogleDocs, cargarGoogleDrive } from '../../lib/lazy';
import { assertMarkers, type StampEngine, type StampRequest, type StampResult } from '../../modules/estampados/stamp-engine';
import { googleDocumentUrl } from './drive-auth';

const MARKER = /<<([^<>]{1,80}?)>>/g;

/** The text of a Google Docs document body (paragraphs and tables). */
function documentText(content: docs_v1.Schema$StructuralElement[] | undefined): string {
  let text = '';
  for (const element of content ?? []) {
    for (const part of element.paragraph?.elements ?? []) text += part.textRun?.content ?? '';
    for (const row of element.table?.tableRows ?? []) {
      for (const cell of row.tableCells ?? []) text += documentText(cell.content);
    }
  }
  return text;
}

export function markersInText(text: string): string[] {
  return [...new Set([...text.matchAll(MARKER)].map((m) => (m[1] as string).trim()))];
}

/**
 * Google Docs engine: copies the template document into the receiver's estampados folder and
 * replaces every marker with one batchUpdate of replaceAllText requests.
 */
export class GoogleDocsStampEngine implements StampEngine {
  readonly motor = 'google' as const;
  private apis: { docs: docs_v1.Docs; drive: drive_v3.Drive } | undefined;

  constructor(
    private readonly auth: JWT | OAuth2Client,
    private readonly apiRoot?: string,
  ) {}

  /** The Docs and Drive clients, made at the first stamp (their libraries are loaded then). */
  private async clients(): Promise<{ docs: docs_v1.Docs; drive: drive_v3.Drive }> {
    if (!this.apis) {
      const [{ docs }, { drive }] = await Promise.all([cargarGoogleDocs(), cargarGoogleDrive()]);
      const root = this.apiRoot ? { rootUrl: this.apiRoot.endsWith('/') ? this.apiRoot : `${this.apiRoot}/` } : {};
      // @googleapis/docs and /drive each pin their own google-auth-library types; the client is the same.
      this.apis ??= {
        docs: docs({ version: 'v1', auth: this.auth as unknown as docs_v1.Options['auth'], ...root }),
        drive: drive({ version: 'v3', auth: this.auth as unknown as drive_v3.Options['auth'], ...root }),
      };
    }
    return this.apis;
  }

  async generate(request: StampRequest): Promise<StampResult> {
    const { docs, drive } = await this.clients();
    const templateId = request.template.googleDocumentId;
    const template = await docs.documents.get({ documentId: templateId });
    const markers = markersInText(documentText(template.data.body?.content));
    if (request.validar) assertMarkers(markers, request.datos);

    const copy = await drive.files.copy({
      fileId: templateId,
      supportsAllDrives: true,
      requestBody: { name: request.titulo, ...(request.carpetaId ? { parents: [request.carpetaId] } : {}) },
    });
    const documentId = copy.data.id;
    if (!documentId) throw new Error('Google Drive did not return the copy id');

    if (markers.length > 0) {
      await docs.documents.batchUpdate({
        documentId,
        requestBody: {
          requests: markers.map((marcador) => ({
            replaceAllText: {
              containsText: { text: `<<${marcador}>>`, matchCase: true },
              replaceText: request.datos[marcador] ?? '',
            },
          })),
        },
      });
    }
    return { motor: 'google', docx: null, pdf: null, externalUrl: googleDocumentUrl(documentId) };
  }
}
