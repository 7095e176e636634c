import type { ImportarConfirmarResponseSchema, ImportarPreview } from '@receptoria/contracts';
import type { z } from 'zod';
import { ApiError, type DownloadResult } from '../../lib/api-client';

export type ImportarConfirmado = z.infer<typeof ImportarConfirmarResponseSchema>;

/** The calls of one side (office or portal): the same screens speak to /nuevo_encargo/importar or /portal/importar. */
export interface ImportarCliente {
  /** Full URL of the preview (for the upload with progress) and the session's access token. */
  previewUrl: string;
  accessToken(): string | null;
  /** Without progress, through the session's client (renews an expired token). */
  post<T>(path: string, body?: unknown): Promise<T>;
  get<T>(path: string): Promise<T>;
  download(path: string): Promise<DownloadResult>;
  /** Path prefix relative to the client's base, e.g. '/nuevo_encargo/importar'. */
  base: string;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Uploads the sheet (and ZIP) telling how much has been sent: fetch cannot report an upload's progress,
 * XMLHttpRequest can. An expired token (401) falls back to the session's client, which renews it.
 */
export function subirPlanilla(cliente: ImportarCliente, form: FormData, onProgress: (fraction: number) => void): Promise<ImportarPreview> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', cliente.previewUrl);
    const token = cliente.accessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status === 401) {
        cliente.post<ImportarPreview>(`${cliente.base}/`, form).then(resolve, reject);
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportarPreview);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new Error('No se pudo conectar con el servidor. Revise su conexión e intente nuevamente.'));
    xhr.send(form);
  });
}

export const confirmarImportacion = (cliente: ImportarCliente, id: string, filas?: number[]) =>
  cliente.post<ImportarConfirmado>(`${cliente.base}/${id}/confirmar/`, filas ? { filas } : {});
