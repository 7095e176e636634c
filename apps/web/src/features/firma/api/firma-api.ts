import type {
  CertificadoFirmaResponse,
  CertificadoUploadResponse,
  DocumentoFirma,
  DocumentoFirmaEstado,
  DocumentosFirmaResponse,
  FirmaConfiguracion,
  FirmarResponse,
  Verificacion,
} from '@receptoria/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, saveFile } from '../../../lib/api-client';

// The signing routes of issue 26 (packages/contracts/src/firma/schemas.ts), under /api/v1.

export const certificadoKey = ['firma', 'certificado'] as const;
export const documentosFirmaKey = ['firma', 'documentos'] as const;

export async function getCertificado(): Promise<CertificadoFirmaResponse> {
  return api.get<CertificadoFirmaResponse>('/firma/certificado/');
}

export function certificadoQueryOptions() {
  return queryOptions({ queryKey: certificadoKey, queryFn: getCertificado });
}

export function useCertificado() {
  return useQuery(certificadoQueryOptions());
}

/** POST /firma/certificado/ (multipart `archivo` + `password`): checked and stored, its data back. */
export function useSubirCertificado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ archivo, password }: { archivo: File; password: string }) => {
      const form = new FormData();
      form.append('password', password);
      form.append('archivo', archivo, archivo.name);
      return api.post<CertificadoUploadResponse>('/firma/certificado/', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificadoKey }),
  });
}

export function useEliminarCertificado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>('/firma/certificado/'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificadoKey }),
  });
}

export interface DocumentosFiltro {
  estado: DocumentoFirmaEstado;
  estudio: number | null;
  desde: string;
  hasta: string;
}

export async function getDocumentosFirma(filtro: DocumentosFiltro): Promise<DocumentoFirma[]> {
  const body = await api.get<DocumentosFirmaResponse>('/firma/documentos/', {
    params: { estado: filtro.estado, estudio: filtro.estudio ?? undefined, desde: filtro.desde || undefined, hasta: filtro.hasta || undefined },
  });
  return body.results;
}

export function documentosFirmaQueryOptions(filtro: DocumentosFiltro) {
  return queryOptions({ queryKey: [...documentosFirmaKey, filtro], queryFn: () => getDocumentosFirma(filtro) });
}

/** POST /firma/firmar/ for some documents with the certificate's password. */
export function firmarDocumentos(documentoIds: string[], password: string): Promise<FirmarResponse> {
  return api.post<FirmarResponse>('/firma/firmar/', { documento_ids: documentoIds, password });
}

export function useMarcarSubido() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fecha }: { id: string; fecha: string }) => api.post<DocumentoFirma>(`/firma/documentos/${id}/subido/`, { fecha }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentosFirmaKey }),
  });
}

/** The document's PDF (the signed one when there is one), through the bearer route: a fresh download. */
export async function descargarPdf(documento: Pick<DocumentoFirma, 'id' | 'numero_rol'>): Promise<void> {
  const { blob, filename } = await api.download(`/firma/documentos/${documento.id}/pdf/`);
  saveFile(blob, filename ?? `certificado_${documento.numero_rol}.pdf`);
}

export async function descargarZip(documentoIds: string[]): Promise<void> {
  const { blob, filename } = await api.download('/firma/documentos/zip/', { documento_ids: documentoIds });
  saveFile(blob, filename ?? 'certificados_firmados.zip');
}

/** GET /verificar/{codigo}: public, no session. */
export async function getVerificacion(codigo: string): Promise<Verificacion> {
  return api.get<Verificacion>(`/verificar/${encodeURIComponent(codigo)}`);
}

export function verificacionQueryOptions(codigo: string) {
  return queryOptions({ queryKey: ['verificar', codigo], queryFn: () => getVerificacion(codigo), retry: false });
}

// What signing does when a certificate's revocation cannot be checked (issue 39 §2): the receiver's setting.
export const firmaConfiguracionKey = ['firma', 'configuracion'] as const;

export function useFirmaConfiguracion() {
  return useQuery({ queryKey: firmaConfiguracionKey, queryFn: () => api.get<FirmaConfiguracion>('/firma/configuracion/') });
}

/** PUT /firma/configuracion/: the receiver (cargo receptor, the permissions module or the platform admin). */
export function useGuardarFirmaConfiguracion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FirmaConfiguracion) => api.put<FirmaConfiguracion>('/firma/configuracion/', body),
    onSuccess: (data) => queryClient.setQueryData(firmaConfiguracionKey, data),
  });
}
