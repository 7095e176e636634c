import type {
  AlarmaCalendario,
  CalendarioConfiguracion,
  CalendarioConfiguracionUpdateValue,
  CalendarioIcsUrl,
  EstadoPlazo,
  Feriado,
  FeriadoPropioCreateValue,
  Plazo,
} from '@receptoria/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys of the legal calendar. */
export const calendarioKeys = {
  all: ['calendario'] as const,
  feriados: (anio: number) => ['calendario', 'feriados', anio] as const,
  plazos: ['calendario', 'plazos'] as const,
  plazosRango: (desde: string, hasta: string, estado?: EstadoPlazo) => ['calendario', 'plazos', desde, hasta, estado ?? 'todos'] as const,
  configuracion: ['calendario', 'configuracion'] as const,
  ics: ['calendario', 'ics'] as const,
};

export function getFeriados(anio: number): Promise<Feriado[]> {
  return api.get<Feriado[]>('/calendario/feriados/', { params: { anio } });
}

export function feriadosQueryOptions(anio: number) {
  return queryOptions({ queryKey: calendarioKeys.feriados(anio), queryFn: () => getFeriados(anio), staleTime: 5 * 60_000 });
}

export function useFeriados(anio: number) {
  return useQuery(feriadosQueryOptions(anio));
}

export function getPlazos(desde: string, hasta: string, estado?: EstadoPlazo): Promise<Plazo[]> {
  return api.get<Plazo[]>('/calendario/plazos/', { params: { desde, hasta, estado } });
}

export function usePlazos(desde: string, hasta: string, estado?: EstadoPlazo, enabled = true) {
  return useQuery({
    queryKey: calendarioKeys.plazosRango(desde, hasta, estado),
    queryFn: () => getPlazos(desde, hasta, estado),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Marks a pending deadline as met; every list of deadlines reads again. */
export function useCumplirPlazo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Plazo & { message: string }>(`/calendario/plazos/${id}/cumplir/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarioKeys.plazos }),
  });
}

/** The comparendo and prueba alarms of the visible range (Santiago dates, both included). */
export function useAlarmasCalendario(desde: string, hasta: string, enabled = true) {
  return useQuery({
    queryKey: ['alarmas', 'rango', desde, hasta],
    queryFn: () => api.get<AlarmaCalendario[]>('/alarmas/', { params: { desde, hasta } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface FeriadoPropioRespuesta extends Feriado {
  message: string;
  plazos_recalculados: number;
}

export function useAgregarFeriado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeriadoPropioCreateValue | Omit<FeriadoPropioCreateValue, 'tipo'>) =>
      api.post<FeriadoPropioRespuesta>('/calendario/feriados/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarioKeys.all }),
  });
}

export function useEliminarFeriado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string; plazos_recalculados: number }>(`/calendario/feriados/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarioKeys.all }),
  });
}

export function configuracionQueryOptions() {
  return queryOptions({ queryKey: calendarioKeys.configuracion, queryFn: () => api.get<CalendarioConfiguracion>('/calendario/configuracion/') });
}

export function useConfiguracionCalendario() {
  return useQuery(configuracionQueryOptions());
}

export interface ConfiguracionRespuesta extends CalendarioConfiguracion {
  message: string;
  /** How many open deadlines the new Saturdays or region moved (absent from older answers). */
  plazos_recalculados?: number;
}

export function useGuardarConfiguracion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CalendarioConfiguracionUpdateValue) => api.put<ConfiguracionRespuesta>('/calendario/configuracion/', body),
    onSuccess: ({ message: _message, plazos_recalculados: _n, ...config }) => {
      queryClient.setQueryData(calendarioKeys.configuracion, config);
      // Saturdays and the region change which days are holidays and when deadlines fall.
      void queryClient.invalidateQueries({ queryKey: ['calendario', 'feriados'] });
      void queryClient.invalidateQueries({ queryKey: calendarioKeys.plazos });
    },
  });
}

/** The user's phone-calendar link (iCalendar feed). */
export function useIcsUrl(enabled = true) {
  return useQuery({
    queryKey: calendarioKeys.ics,
    queryFn: () => api.get<CalendarioIcsUrl>('/calendario/ics/'),
    enabled,
    staleTime: Infinity,
  });
}

/** A new link; the old one stops at once. */
export function useRotarIcs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarioIcsUrl>('/calendario/ics/rotar/'),
    onSuccess: (data) => queryClient.setQueryData(calendarioKeys.ics, data),
  });
}
