import { type EncargoCreateValue, type EncargoDetail, IDEMPOTENCY_HEADER } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The demanda and resolución chosen in 'Leer desde PDF', attached to the assignment it creates. */
export interface DocumentosEncargo {
  demanda: File | null;
  resolucion: File | null;
}

export interface CreateEncargoInput {
  payload: EncargoCreateValue;
  /** One key per form submission: a repeat returns the assignment the first one created. */
  idempotencyKey: string;
  documentos?: DocumentosEncargo;
}

/** The multipart body of POST /nuevo_encargo/crear_con_documentos/: `datos` (JSON) and the PDFs. */
export function crearConDocumentosBody(payload: EncargoCreateValue, documentos: DocumentosEncargo): FormData {
  const body = new FormData();
  body.append('datos', JSON.stringify(payload));
  if (documentos.demanda) body.append('demanda', documentos.demanda, documentos.demanda.name);
  if (documentos.resolucion) body.append('resolucion', documentos.resolucion, documentos.resolucion.name);
  return body;
}

/**
 * POST /nuevo_encargo/crear/ → the new assignment with its alarms; with PDFs chosen, the same creation
 * through /nuevo_encargo/crear_con_documentos/, which attaches them in the creating transaction.
 */
export function createEncargo({ payload, idempotencyKey, documentos }: CreateEncargoInput): Promise<EncargoDetail> {
  const headers = { [IDEMPOTENCY_HEADER]: idempotencyKey };
  if (documentos?.demanda || documentos?.resolucion) {
    return api.post('/nuevo_encargo/crear_con_documentos/', crearConDocumentosBody(payload, documentos), { headers });
  }
  return api.post('/nuevo_encargo/crear/', payload, { headers });
}

export function useCreateEncargo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEncargo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['encargos', 'lista'] }),
  });
}

/** A fresh idempotency key for the next submission of the form (getRandomValues works without HTTPS). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
