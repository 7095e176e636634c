import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { whenModalsReady } from '../../lib/modals-host';
import { leerPdfMessages as m } from './messages';

/** Asks before saving while read values of low confidence wait for review; true when none wait or the person goes on. */
export async function confirmarPendientes(campos: string[]): Promise<boolean> {
  if (campos.length === 0) return true;
  await whenModalsReady();
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: m.pendientesTitulo,
      children: <Text size="sm">{m.pendientesTexto(campos)}</Text>,
      labels: { confirm: m.pendientesSeguir, cancel: m.pendientesVolver },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
