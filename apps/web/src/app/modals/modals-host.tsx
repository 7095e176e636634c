import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { modalsListening } from '../../lib/modals-host';

/**
 * The dialogs opened with `modals.open…` (confirmations, the duplicate-rol question). Its effect runs
 * after the provider's own, which subscribe to those calls: only then are waiting dialogs opened.
 */
export function ModalsHost() {
  useEffect(() => modalsListening(), []);
  return <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }} />;
}
