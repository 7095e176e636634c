import { Stack } from '@mantine/core';
import { useState } from 'react';
import { NumeracionCard } from './numeracion-card';
import { NuevoReciboCard } from './nuevo-recibo-card';
import { ReciboDetalleModal } from './recibo-detalle';
import { RecibosLista } from './recibos-lista';

/** Cobranza › Recibos (issue 25): bill a firm's stamped diligences, list the receipts, open one. */
export function RecibosTab() {
  const [abierto, setAbierto] = useState<number | null>(null);
  return (
    <Stack gap="lg">
      <NuevoReciboCard onCreated={setAbierto} />
      <RecibosLista onOpen={setAbierto} />
      <NumeracionCard />
      <ReciboDetalleModal id={abierto} onClose={() => setAbierto(null)} />
    </Stack>
  );
}
