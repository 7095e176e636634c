import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { whenModalsReady } from '../lib/modals-host';

export const confirmMessages = {
  cancel: 'Cancelar',
  clearForm: {
    title: '¿Limpiar el formulario?',
    text: 'Se borrarán los datos ingresados que aún no se han guardado. Lo que ya está guardado no cambia.',
    confirm: 'Limpiar',
  },
} as const;

export interface ConfirmActionOptions {
  title: string;
  /** What will happen when the user confirms, in the user's words. */
  text: ReactNode;
  /** The confirm button: the action's verb ('Desactivar', 'Quitar', …). */
  confirm: string;
  cancel?: string;
  /** Destructive actions are red; an action that gives something back (e.g. 'Activar') may pass 'teal'. */
  color?: string;
}

/**
 * Asks before a destructive action and says what will happen. Resolves true when the user confirms,
 * false when they cancel or close the dialog (nothing happens then).
 */
export async function confirmAction({ title, text, confirm, cancel = confirmMessages.cancel, color = 'red' }: ConfirmActionOptions) {
  await whenModalsReady();
  return new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title,
      children: typeof text === 'string' ? <Text size="sm">{text}</Text> : text,
      labels: { confirm, cancel },
      confirmProps: { color },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** 'Limpiar Formulario': asks only when the form holds unsaved changes (there is nothing to lose otherwise). */
export function confirmClearForm(dirty: boolean): Promise<boolean> {
  if (!dirty) return Promise.resolve(true);
  const { title, text, confirm } = confirmMessages.clearForm;
  return confirmAction({ title, text, confirm });
}
