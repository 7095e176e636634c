import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { Encargo, EncargoCreateValue, Solicitud } from '@receptoria/contracts';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { NuevoEncargoScreen } from '../../features/encargos/components/nuevo-encargo-screen';
import { encargoToFormValues } from '../../features/encargos/utils/encargo-form';
import { aceptarSolicitud, leerSolicitud, solicitudesKeys, useSolicitud } from '../../features/solicitudes/api/solicitudes';
import { SolicitudHeader } from '../../features/solicitudes/components/solicitud-header';
import { solicitudesMessages as m } from '../../features/solicitudes/messages';
import { notify } from '../../lib/notify';

/** Nuevo Encargo's values from a request: the firm's data as sent, and the firm itself. */
export function solicitudFormValues(solicitud: Solicitud) {
  return encargoToFormValues({ ...solicitud.datos, estudio_juridico: solicitud.estudio.id } as unknown as Encargo);
}

/**
 * /solicitudes/:id — a request from the law-firm portal opened in Nuevo Encargo, pre-filled for the
 * secretary to check; registering it accepts the request (POST /solicitudes/{id}/aceptar/).
 */
export function SolicitudRoute() {
  const id = Number(useParams().id);
  const handed = (useLocation().state as { solicitud?: Solicitud } | null)?.solicitud;
  const query = useSolicitud(id, handed);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  /** Accepted from this screen: the form stays with its result instead of saying the request is gone. */
  const [accepted, setAccepted] = useState(false);

  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <Center py="xl">
        <Loader size="sm" type="dots" aria-label="Cargando" />
      </Center>
    );
  }
  const solicitud = query.data;
  if (!solicitud || (solicitud.estado !== 'pendiente' && !accepted)) {
    return (
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
          {m.revision.notFound}
        </Alert>
        <Button component={Link} to={paths.solicitudes} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
          {m.revision.back}
        </Button>
      </Stack>
    );
  }

  const save = async (payload: EncargoCreateValue, idempotencyKey: string) => {
    const answer = await aceptarSolicitud(solicitud.id, payload, idempotencyKey);
    setAccepted(true);
    queryClient.setQueryData(solicitudesKeys.one(solicitud.id), answer.solicitud);
    // The lists and the badge; this request stays as answered (it is no longer among the pending ones).
    void queryClient.invalidateQueries({ queryKey: solicitudesKeys.all, predicate: (q) => q.queryKey[1] !== 'one' });
    notify.success(m.aceptada);
    return { id: answer.encargo_id, numero_rol: answer.solicitud.numero_rol, alarmas: [] };
  };

  return (
    <NuevoEncargoScreen
      key={solicitud.id}
      intake={{
        initialValues: solicitudFormValues(solicitud),
        header: (
          <SolicitudHeader
            solicitud={solicitud}
            onRejected={() => {
              navigate(paths.solicitudes, { replace: true });
            }}
          />
        ),
        save,
        leer: solicitud.archivos.length > 0 ? (signal) => leerSolicitud(solicitud.id, signal) : undefined,
      }}
    />
  );
}
