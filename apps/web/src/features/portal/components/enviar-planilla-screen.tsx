import { useDocumentTitle } from '@mantine/hooks';
import { ImportarPanel } from '../../../components/importar/importar-panel';
import type { ImportarCliente } from '../../../components/importar/importar-api';
import { importarTexts } from '../../../components/importar/messages';
import { portalSessionStore } from '../lib/portal-session-storage';
import { portalApi } from '../lib/portal-api';

const BASE = '/importar';

const cliente: ImportarCliente = {
  base: BASE,
  previewUrl: `/api/v1/portal${BASE}/`,
  accessToken: () => portalSessionStore.getAccessToken(),
  post: (path, body) => portalApi.post(path, body),
  get: (path) => portalApi.get(path),
  download: (path) => portalApi.download(path),
};

/**
 * 'Enviar planilla' (issue 41 §2): the firm's own rows from a spreadsheet; each valid row becomes a
 * request in the receiver's inbox (the portal's requests), with its PDFs.
 */
export function EnviarPlanillaScreen() {
  useDocumentTitle(`${importarTexts.portal.title} · Portal de estudios`);
  return <ImportarPanel lado="portal" cliente={cliente} />;
}
