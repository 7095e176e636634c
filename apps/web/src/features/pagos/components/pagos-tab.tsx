import { Stack } from '@mantine/core';
import { PagosLista } from './pagos-lista';
import { RegistrarPagoCard } from './registrar-pago-card';

/** Cobranza › Pagos (issue 25): record a firm's payment and its applications, apply credit later, undo. */
export function PagosTab() {
  return (
    <Stack gap="lg">
      <RegistrarPagoCard />
      <PagosLista />
    </Stack>
  );
}
