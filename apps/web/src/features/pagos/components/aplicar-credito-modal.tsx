import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Pago } from '@receptoria/contracts';
import { useState } from 'react';
import { errorText } from '../../../lib/error-text';
import { pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useAplicarPago, useEstadoCuenta } from '../api/pagos-api';
import { pagosScreenMessages as m } from '../messages';
import { type Montos, revisarAplicaciones } from '../utils/aplicaciones';
import { AplicacionesEditor } from './aplicaciones-editor';

function Contenido({ pago, onClose }: { pago: Pago; onClose: () => void }) {
  const cuenta = useEstadoCuenta(pago.estudio.id);
  const [montos, setMontos] = useState<Montos>({});
  const [problema, setProblema] = useState<string | null>(null);
  const aplicar = useAplicarPago();
  const abiertos = cuenta.data?.recibos_abiertos ?? [];
  const revision = revisarAplicaciones(montos, pago.credito, abiertos);
  const aviso =
    revision.problema?.tipo === 'excede_saldo' ? m.excedeSaldo(revision.problema.numero) : revision.problema?.tipo === 'excede_pago' ? m.excede : null;

  const submit = async () => {
    setProblema(null);
    if (aviso) return setProblema(aviso);
    try {
      await aplicar.mutateAsync({ id: pago.id, aplicaciones: revision.aplicaciones });
      notify.success(m.creditoAplicado);
      onClose();
    } catch (error) {
      const text = errorText(error);
      setProblema(text);
      notify.error(text);
    }
  };

  if (cuenta.isPending) return <Loader />;
  if (cuenta.isError) return <Alert color="red">{errorText(cuenta.error)}</Alert>;
  return (
    <Stack gap="sm">
      <AplicacionesEditor abiertos={abiertos} montos={montos} onChange={setMontos} disponible={pago.credito} />
      {aviso ? <Text size="sm" c="red">{aviso}</Text> : null}
      {problema ? <Alert color="red">{problema}</Alert> : null}
      <Group justify="space-between">
        <Text size="sm">
          {m.aplicado}: {pesos(revision.aplicado)}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {m.cancelar}
          </Button>
          <Button onClick={() => void submit()} loading={aplicar.isPending} disabled={revision.aplicaciones.length === 0}>
            {m.aplicar}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** 'Aplicar crédito': the unapplied rest of a payment, applied later to the firm's open receipts. */
export function AplicarCreditoModal({ pago, onClose }: { pago: Pago | null; onClose: () => void }) {
  return (
    <Modal opened={pago !== null} onClose={onClose} size="lg" title={pago ? m.aplicarCreditoTitulo(pesos(pago.credito)) : ''}>
      {pago ? <Contenido pago={pago} onClose={onClose} /> : null}
    </Modal>
  );
}
