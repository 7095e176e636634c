import { Alert, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { MEDIOS_PAGO, type MedioPago, todayIso } from '@receptoria/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CobroFormCard, EstudioSelect } from '../../../components/cobro-form-card';
import { FormDate } from '../../../components/form';
import { PesosInput } from '../../../components/pesos-input';
import { useSaveProblema } from '../../../components/save-footer';
import { errorText } from '../../../lib/error-text';
import { pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCreatePago, useEstadoCuenta, useEstudiosPagos } from '../api/pagos-api';
import { pagosScreenMessages as m } from '../messages';
import { type Montos, revisarAplicaciones } from '../utils/aplicaciones';
import { AplicacionesEditor } from './aplicaciones-editor';

/** 'Registrar pago': a firm's payment, how it came, and what it pays; the unapplied rest is the firm's credit. */
export function RegistrarPagoCard() {
  const estudios = useEstudiosPagos();
  const [estudio, setEstudio] = useState<string | null>(null);
  const estudioId = estudio ? Number(estudio) : null;
  const cuenta = useEstadoCuenta(estudioId);
  const form = useForm<{ fecha: string | null }>({ defaultValues: { fecha: todayIso() } });
  const [monto, setMonto] = useState(0);
  const [medio, setMedio] = useState<MedioPago>('transferencia');
  const [referencia, setReferencia] = useState('');
  const [montos, setMontos] = useState<Montos>({});
  const { problema, setProblema, trySave } = useSaveProblema();
  const crear = useCreatePago();

  const abiertos = cuenta.data?.recibos_abiertos ?? [];
  const revision = revisarAplicaciones(montos, monto, abiertos);
  const aviso =
    revision.problema?.tipo === 'excede_saldo' ? m.excedeSaldo(revision.problema.numero) : revision.problema?.tipo === 'excede_pago' ? m.excede : null;

  const elegirEstudio = (value: string | null) => {
    setEstudio(value);
    setMontos({});
    setProblema(null);
  };

  const submit = form.handleSubmit((values) =>
    trySave(async () => {
      if (!estudioId) return;
      if (monto <= 0) return m.montoRequerido;
      if (!values.fecha) {
        form.setError('fecha', { message: m.fechaRequerida });
        return;
      }
      if (aviso) return aviso;
      await crear.mutateAsync({ estudio_id: estudioId, fecha: values.fecha, monto, medio, referencia: referencia.trim(), aplicaciones: revision.aplicaciones });
      notify.success(m.registrado);
      setMonto(0);
      setReferencia('');
      setMontos({});
    }),
  );

  return (
    <CobroFormCard
      testId="registrar-pago"
      title={m.registrar}
      problema={problema}
      resumen={`${m.aplicado}: ${pesos(revision.aplicado)} · ${m.credito}: ${pesos(Math.max(0, monto - revision.aplicado))}`}
      resumenTestId="registrar-pago-resumen"
      submitLabel={m.guardar}
      onSubmit={() => void submit()}
      loading={crear.isPending}
      disabled={!estudioId || monto <= 0}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <EstudioSelect label={m.estudio} placeholder={m.estudioPlaceholder} estudios={estudios.data} value={estudio} onChange={elegirEstudio} />
        <FormDate control={form.control} name="fecha" label={m.fecha} withAsterisk />
        <PesosInput label={m.monto} value={monto || null} onChange={(value) => setMonto(value ?? 0)} withAsterisk />
        <Select
          label={m.medio}
          data={MEDIOS_PAGO.map((value) => ({ value, label: m.medios[value] }))}
          value={medio}
          onChange={(value) => value && setMedio(value as MedioPago)}
          allowDeselect={false}
        />
        <TextInput label={m.referencia} placeholder={m.referenciaPlaceholder} value={referencia} onChange={(event) => setReferencia(event.currentTarget.value)} maxLength={100} />
      </SimpleGrid>
      {estudioId && cuenta.isError ? <Alert color="red">{errorText(cuenta.error)}</Alert> : null}
      {estudioId && cuenta.data ? <AplicacionesEditor abiertos={abiertos} montos={montos} onChange={setMontos} disponible={monto} /> : null}
      {aviso ? <Text size="sm" c="red">{aviso}</Text> : null}
    </CobroFormCard>
  );
}
