import type { PortalDocumentosListResponse } from '@receptoria/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { portalApi } from '../lib/portal-api';

export interface PortalDocumentosParams {
  page: number;
  /** Santiago dates (yyyy-mm-dd); '' for none. */
  desde: string;
  hasta: string;
}

/** GET /api/v1/portal/documentos/ — one page of the firm's certificates, each with its signed link. */
export const getPortalDocumentos = ({ page, desde, hasta }: PortalDocumentosParams) =>
  portalApi.get<PortalDocumentosListResponse>('/documentos/', { page, desde: desde || undefined, hasta: hasta || undefined });

export function usePortalDocumentos(params: PortalDocumentosParams, enabled = true) {
  return useQuery({
    // Under the portal's key prefix, so signing out drops it.
    queryKey: ['portal', 'documentos', params] as const,
    queryFn: () => getPortalDocumentos(params),
    placeholderData: keepPreviousData,
    enabled,
    // The links are signed for minutes: fetch again rather than offer a stale one.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}
