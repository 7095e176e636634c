import { Button, Group } from '@mantine/core';
import type { Solicitud } from '@receptoria/contracts';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { saveFile } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { downloadArchivo } from '../api/solicitudes';
import { solicitudesMessages as m } from '../messages';

const LABELS: Record<string, string> = { demanda: 'Demanda', resolucion: 'Resolución' };

/** The PDFs a firm sent with its request, each downloadable. */
export function ArchivosSolicitud({ solicitud }: { solicitud: Solicitud }) {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (campo: string, nombre: string) => {
    setBusy(campo);
    try {
      const file = await downloadArchivo(solicitud.id, campo);
      saveFile(file.blob, file.filename ?? nombre);
    } catch {
      notify.error(m.downloadError);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {solicitud.archivos.map((archivo) => (
        <Button
          key={archivo.campo}
          size="xs"
          variant="light"
          leftSection={<IconFileTypePdf size={14} />}
          loading={busy === archivo.campo}
          onClick={() => void download(archivo.campo, archivo.nombre)}
          title={m.descargar(archivo.nombre)}
        >
          {LABELS[archivo.campo] ?? archivo.campo}
        </Button>
      ))}
    </Group>
  );
}
