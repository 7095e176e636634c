import {
  type ConfiguracionInformes,
  ConfiguracionInformesSchema,
  type ConfiguracionInformesInput,
  EnviarExcelResponseSchema,
  type Frecuencia,
  GuardarConfiguracionResponseSchema,
  InformeEnvioSchema,
  type InformePreview,
  InformePreviewSchema,
  OAuthStartResponseSchema,
  type OAuthStatus,
  OAuthStatusSchema,
  todayIso,
} from '@receptoria/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type DownloadResult } from '../../../lib/api-client';

const base = (estudioId: number) => `/estudios/${estudioId}`;

export const informesKeys = {
  configuracion: (id: number) => ['informes', id, 'configuracion'] as const,
  enviados: (id: number) => ['informes', id, 'enviados'] as const,
  oauth: (id: number) => ['informes', id, 'oauth'] as const,
};

export function configuracionQueryOptions(estudioId: number) {
  return queryOptions({
    queryKey: informesKeys.configuracion(estudioId),
    queryFn: async (): Promise<ConfiguracionInformes> =>
      ConfiguracionInformesSchema.parse(await api.get(`${base(estudioId)}/configuracion_informes/`)),
  });
}
export const useConfiguracionInformes = (estudioId: number) => useQuery(configuracionQueryOptions(estudioId));

export function useGuardarConfiguracion(estudioId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConfiguracionInformesInput) =>
      GuardarConfiguracionResponseSchema.parse(await api.post(`${base(estudioId)}/guardar_configuracion_informes/`, input)),
    onSuccess: (data) => client.setQueryData(informesKeys.configuracion(estudioId), data.configuracion),
  });
}

/** Preview of a period, counted back from today (spec 01 §7). */
export async function getPreview(estudioId: number, frecuencia: Frecuencia): Promise<InformePreview> {
  return InformePreviewSchema.parse(
    await api.get(`${base(estudioId)}/preview_informe_automatico/`, { params: { frecuencia, fecha_referencia: todayIso() } }),
  );
}

export function generarExcel(estudioId: number, frecuencia: Frecuencia): Promise<DownloadResult> {
  return api.download(`${base(estudioId)}/generar_excel_informe/`, { frecuencia });
}

export function useEnviarExcel(estudioId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { frecuencia: Frecuencia; correo_destino: string }) =>
      EnviarExcelResponseSchema.parse(await api.post(`${base(estudioId)}/enviar_excel_correo/`, input)),
    onSettled: () => client.invalidateQueries({ queryKey: informesKeys.enviados(estudioId) }),
  });
}

export const useInformesEnviados = (estudioId: number) =>
  useQuery({
    queryKey: informesKeys.enviados(estudioId),
    queryFn: async () => z.array(InformeEnvioSchema).parse(await api.get(`${base(estudioId)}/informes_enviados/`)),
  });

export async function getOAuthStatus(estudioId: number): Promise<OAuthStatus> {
  return OAuthStatusSchema.parse(await api.get(`${base(estudioId)}/oauth2/status/`));
}
export const useOAuthStatus = (estudioId: number) =>
  useQuery({ queryKey: informesKeys.oauth(estudioId), queryFn: () => getOAuthStatus(estudioId) });

export async function startOAuth(estudioId: number): Promise<string> {
  return OAuthStartResponseSchema.parse(await api.post(`${base(estudioId)}/oauth2/start/`)).authorization_url;
}

export async function disconnectOAuth(estudioId: number): Promise<void> {
  await api.post(`${base(estudioId)}/oauth2/disconnect/`);
}
