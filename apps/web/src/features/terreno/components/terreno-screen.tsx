import { Box, Stack, Text, Title } from '@mantine/core';
import { type TerrenoParada, formatDate, formatHora } from '@receptoria/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { ListEmpty, ScreenLoadError, ScreenLoading } from '../../../components/list-states';
import { useSession } from '../../../lib/auth/use-session';
import { fieldTransport } from '../api/field-transport';
import { useHoy } from '../api/get-hoy';
import { terrenoMessages as m } from '../messages';
import type { VisitaEnCola } from '../queue/field-queue';
import { requestSync, startFieldSync } from '../queue/field-sync';
import { useFieldQueue } from '../queue/use-field-queue';
import { registerFieldServiceWorker } from '../pwa/register-service-worker';
import { ColaLista } from './cola-lista';
import { ColaResumen } from './cola-resumen';
import { ParadaCard } from './parada-card';
import { RechazosAviso } from './rechazos-aviso';
import { useRechazos } from './use-rechazos';
import { VisitaForm } from './visita-form';

const paradaKey = (parada: TerrenoParada) => `${parada.encargo.id}-${parada.domicilio?.id ?? 0}`;

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function useOnline() {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** Visits of the stop kept on the phone that the server does not list yet (refused ones aside). */
const deLaParada = (parada: TerrenoParada) => (visita: VisitaEnCola) =>
  visita.encargoId === parada.encargo.id && (visita.body.domicilio_id ?? null) === (parada.domicilio?.id ?? null);

function localesDe(parada: TerrenoParada, visitas: readonly VisitaEnCola[]): number {
  const known = new Set(parada.visitas.map((visita) => visita.uuid));
  const enParada = deLaParada(parada);
  return visitas.filter((visita) => enParada(visita) && visita.estado !== 'rechazada' && !known.has(visita.uuid)).length;
}

/**
 * /terreno, the phone the receiver carries (issue 23): today's stops, a visit form per stop, and the
 * visits waiting on the phone for the network. Installs the offline service worker on first visit.
 */
export function TerrenoScreen() {
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const online = useOnline();
  const hoy = useHoy(userId);
  const queue = useFieldQueue(userId);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    registerFieldServiceWorker();
    startFieldSync(fieldTransport);
  }, []);

  // What was sent now appears among the stops' visits.
  const lastSync = queue.status.ultimaVez;
  useEffect(() => {
    if (lastSync) void queryClient.invalidateQueries({ queryKey: ['terreno', 'hoy'] });
  }, [lastSync, queryClient]);

  const abierta = params.get('parada');
  const paradas = hoy.data?.hoy.paradas ?? [];
  const parada = abierta ? paradas.find((item) => paradaKey(item) === abierta) : undefined;
  const open = (item: TerrenoParada | null) => {
    setParams(item ? { parada: paradaKey(item) } : {}, { replace: false });
    window.scrollTo({ top: 0 });
  };
  const paradaDe = (visita: VisitaEnCola) => paradas.find((item) => deLaParada(item)(visita));
  const rechazos = useRechazos(userId, (visita) => {
    const item = paradaDe(visita);
    if (item) open(item);
  });
  const rechazadas = (queue.visitas ?? []).filter((visita) => visita.estado === 'rechazada');

  return (
    <Stack gap="md" maw={640} mx="auto" data-testid="terreno-screen">
      <Box>
        <Title order={2}>{m.title}</Title>
        {hoy.data ? (
          <Text c="dark.7">
            {hoy.data.guardadoEn !== null
              ? m.datosDe(formatHora(hoy.data.guardadoEn))
              : m.subtitle(formatDate(hoy.data.hoy.fecha))}
          </Text>
        ) : null}
      </Box>
      {parada ? null : (
        <RechazosAviso
          rechazadas={rechazadas}
          tieneParada={(visita) => paradaDe(visita) !== undefined}
          onCorregir={rechazos.corregir}
          onDescartar={rechazos.descartar}
        />
      )}
      <ColaResumen porEnviar={queue.porEnviar} rechazadas={rechazadas.length} status={queue.status} online={online} onSend={() => void requestSync(fieldTransport)} />
      {parada ? (
        <VisitaForm key={abierta} parada={parada} userId={userId} onClose={() => open(null)} />
      ) : hoy.isPending ? (
        <ScreenLoading text={m.cargando} />
      ) : hoy.isError ? (
        <ScreenLoadError title={m.errorCargar} retry={m.reintentar} onRetry={() => void hoy.refetch()} retrying={hoy.isFetching} />
      ) : (
        <Stack gap="sm" data-testid="paradas">
          {paradas.length === 0 ? <ListEmpty text={m.sinParadas} /> : null}
          {paradas.map((item) => (
            <ParadaCard
              key={paradaKey(item)}
              parada={item}
              locales={localesDe(item, queue.visitas ?? [])}
              rechazadas={rechazadas.filter(deLaParada(item))}
              onOpen={() => open(item)}
            />
          ))}
          {hoy.data?.hoy.truncado ? <Text c="dark.7">{m.truncado}</Text> : null}
        </Stack>
      )}
      {parada ? null : <ColaLista visitas={queue.visitas ?? []} />}
    </Stack>
  );
}
