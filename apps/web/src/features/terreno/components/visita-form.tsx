import { Alert, Anchor, Box, Button, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  INFORMANTE_NOMBRE_MAX,
  RELACIONES_INFORMANTE,
  RELACION_INFORMANTE_LABELS,
  type RelacionInformante,
  RESULTADOS_VISITA,
  RESULTADO_VISITA_LABELS,
  type ResultadoVisita,
  TIPOS_VISITA,
  TIPO_VISITA_LABELS,
  type TerrenoParada,
  type TipoVisita,
  VISITA_APUNTES_MAX,
  VisitaInputSchema,
  visitaMessages,
} from '@receptoria/contracts';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { fieldTransport } from '../api/field-transport';
import { terrenoMessages as m } from '../messages';
import { type VisitaBody, openFieldDb } from '../queue/field-db';
import { enqueueVisita } from '../queue/field-queue';
import { announceQueueChange, requestSync } from '../queue/field-sync';
import { useGeolocation } from '../utils/use-geolocation';
import { ENTREGA_VACIA, EntregaCopiasCampos, RESULTADOS_CON_COPIAS, entregaDelBorrador } from './entrega-copias-campos';
import { FotosField } from './fotos-field';
import { googleMapsSearchUrl } from './parada-card';
import { UbicacionEstado } from './ubicacion-estado';
import { type VisitaDraft, useBorrador } from './use-borrador';

const TIPO_DATA = TIPOS_VISITA.map((value) => ({ value, label: TIPO_VISITA_LABELS[value] }));
const RELACION_DATA = [
  { value: '', label: m.sinInformante },
  ...RELACIONES_INFORMANTE.map((value) => ({ value, label: RELACION_INFORMANTE_LABELS[value] })),
];

interface VisitaFormProps {
  parada: TerrenoParada;
  userId: number;
  onClose: () => void;
}

/** What the body of the visit would be, or the first reason it cannot be saved (the API's words). */
function buildBody(draft: VisitaDraft, parada: TerrenoParada, geo: ReturnType<typeof useGeolocation>): VisitaBody | string {
  if (!draft.resultado) return m.resultadoRequerido;
  const nombre = draft.informanteNombre.trim();
  if (draft.informanteRelacion && !nombre) return visitaMessages.informanteNombreRequerido;
  if (nombre && !draft.informanteRelacion) return visitaMessages.relacionInvalida;
  const entrega = RESULTADOS_CON_COPIAS.includes(draft.resultado as ResultadoVisita) ? entregaDelBorrador(draft.entrega) : undefined;
  const body: VisitaBody = {
    uuid: crypto.randomUUID(),
    domicilio_id: parada.domicilio?.id ?? null,
    fecha_hora: new Date().toISOString(),
    tipo: draft.tipo as TipoVisita,
    resultado: draft.resultado as ResultadoVisita,
    apuntes: draft.apuntes.trim(),
    origen: 'terreno',
    ...(nombre ? { informante: { nombre, relacion: draft.informanteRelacion as RelacionInformante } } : {}),
    ...(entrega ? { entrega_copias: entrega } : {}),
    ...(geo.kind === 'ok' ? { ubicacion: { lat: geo.lat, lon: geo.lon, precision_m: geo.precision } } : {}),
  };
  const parsed = VisitaInputSchema.safeParse(body);
  return parsed.success ? body : (parsed.error.issues[0]?.message ?? m.noGuardada);
}

/**
 * One visit at one stop, one-handed: the result as large buttons, informant, notes, the position and
 * photos. 'Guardar visita' writes it to the phone first (IndexedDB), then asks for it to be sent.
 */
export function VisitaForm({ parada, userId, onClose }: VisitaFormProps) {
  const geo = useGeolocation(true);
  const { draft, update, discard, ready } = useBorrador(userId, parada);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { encargo, domicilio } = parada;
  const art44Pendiente = draft.resultado === 'notificado_art44' && parada.estado_art44 !== 'lista_para_art44';

  const save = async () => {
    const body = buildBody(draft, parada, geo);
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    setSaving(true);
    try {
      const db = await openFieldDb();
      await enqueueVisita(db, {
        userId,
        encargoId: encargo.id,
        body,
        resumen: { numeroRol: encargo.numero_rol, direccion: domicilio ? `${domicilio.direccion}, ${domicilio.comuna}` : null },
        fotos: draft.fotos,
      });
      await discard();
      announceQueueChange();
      void requestSync(fieldTransport);
      notify.success(body.ubicacion ? m.guardada : m.guardadaSinUbicacion);
      onClose();
    } catch (failure) {
      console.error('No se pudo guardar la visita en el teléfono', failure);
      setError(m.noGuardada);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" data-testid="visita-form">
      <Button variant="subtle" leftSection={<IconArrowLeft size={20} />} onClick={onClose} h={44} px="xs" style={{ alignSelf: 'flex-start' }}>
        {m.volver}
      </Button>
      <Box>
        <Title order={3} style={{ overflowWrap: 'anywhere' }}>
          <span className="numero-rol">{encargo.numero_rol}</span> · {encargo.ejecutados}
        </Title>
        {domicilio ? (
          <Anchor href={googleMapsSearchUrl(domicilio.direccion_google_maps)} target="_blank" rel="noopener noreferrer" c="brand.9">
            {domicilio.direccion}, {domicilio.comuna}
          </Anchor>
        ) : (
          <Text c="dark.6">{m.sinDomicilio}</Text>
        )}
      </Box>
      <UbicacionEstado geo={geo} />
      <NativeSelect
        label={m.tipo}
        size="lg"
        data={TIPO_DATA}
        value={draft.tipo}
        onChange={(event) => update({ tipo: event.currentTarget.value })}
        disabled={!ready}
      />
      <Paper withBorder p="sm">
        <Text fw={600} c="dark.9" mb="xs" id="resultado-label">
          {m.resultado}
        </Text>
        <SimpleGrid cols={2} spacing="xs" role="group" aria-labelledby="resultado-label">
          {RESULTADOS_VISITA.map((resultado) => {
            const selected = draft.resultado === resultado;
            return (
              <Button
                key={resultado}
                variant={selected ? 'filled' : 'default'}
                mih={56}
                h="auto"
                py={8}
                px={8}
                aria-pressed={selected}
                onClick={() => {
                  setError(null);
                  update({ resultado });
                }}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 } }}
                disabled={!ready}
              >
                {RESULTADO_VISITA_LABELS[resultado]}
              </Button>
            );
          })}
        </SimpleGrid>
      </Paper>
      {art44Pendiente ? (
        <Alert color="yellow" icon={<IconAlertTriangle />} data-testid="aviso-art44">
          <Text size="sm" c="dark.9">
            {visitaMessages.art44Requisitos}
          </Text>
        </Alert>
      ) : null}
      <TextInput
        label={m.informanteNombre}
        size="lg"
        value={draft.informanteNombre}
        maxLength={INFORMANTE_NOMBRE_MAX}
        autoComplete="off"
        onChange={(event) => update({ informanteNombre: event.currentTarget.value })}
        disabled={!ready}
      />
      <NativeSelect
        label={m.informanteRelacion}
        size="lg"
        data={RELACION_DATA}
        value={draft.informanteRelacion}
        onChange={(event) => update({ informanteRelacion: event.currentTarget.value })}
        disabled={!ready}
      />
      {RESULTADOS_CON_COPIAS.includes(draft.resultado as ResultadoVisita) ? (
        <EntregaCopiasCampos value={draft.entrega ?? ENTREGA_VACIA} onChange={(entrega) => update({ entrega })} disabled={!ready} />
      ) : null}
      <Textarea
        label={m.apuntes}
        size="lg"
        autosize
        minRows={3}
        maxLength={VISITA_APUNTES_MAX}
        value={draft.apuntes}
        onChange={(event) => update({ apuntes: event.currentTarget.value })}
        disabled={!ready}
      />
      <FotosField fotos={draft.fotos} onChange={(fotos) => update({ fotos })} />
      {error ? (
        <Alert color="red" role="alert" data-testid="visita-error">
          <Text size="sm" c="red.9">
            {error}
          </Text>
        </Alert>
      ) : null}
      <Button size="xl" fullWidth mih={56} onClick={() => void save()} loading={saving} disabled={!ready}>
        {m.guardar}
      </Button>
    </Stack>
  );
}
