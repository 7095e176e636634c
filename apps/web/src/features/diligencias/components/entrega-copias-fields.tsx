import { SimpleGrid } from '@mantine/core';
import {
  ENTREGA_DETALLE_MAX,
  ENTREGA_NOMBRE_MAX,
  ENTREGA_RELACION_MAX,
  FIRMAS_NOTIFICADO,
  FIRMA_NOTIFICADO_LABELS,
  MODOS_ENTREGA_COPIAS,
  MODO_ENTREGA_COPIAS_LABELS,
  TIPO_ESTAMPADO_ART_44,
  type TipoEstampado,
  diligenciaMessages as dm,
  entregaCopiasMessages as em,
} from '@receptoria/contracts';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { FormSelect, FormTextInput } from '../../../components/form';
import type { ResultadosFormValues } from '../utils/resultados-form';

const MODO_DATA = MODOS_ENTREGA_COPIAS.map((value) => ({ value, label: MODO_ENTREGA_COPIAS_LABELS[value] }));
const FIRMA_DATA = FIRMAS_NOTIFICADO.map((value) => ({ value, label: FIRMA_NOTIFICADO_LABELS[value] }));

/** Stamp types whose certificate says what was done with the copies, and those that say whether the person signed. */
const CON_COPIAS = [TIPO_ESTAMPADO_ART_44, 'notificacion_cedula'];
const CON_FIRMA = ['notificacion_personal', 'notificacion_sentencia'];

const codigoDe = (tipoId: string | null, tipos: readonly TipoEstampado[]) => tipos.find((tipo) => String(tipo.id) === tipoId)?.codigo ?? '';

interface Props {
  form: UseFormReturn<ResultadosFormValues>;
  tipos: readonly TipoEstampado[];
  disabled: boolean;
}

/**
 * 'Entrega de las copias' (art. 44 and cédula: to an adult of the dwelling, the conserje, fixed at the
 * door, or another way) and, for a personal notification, whether the person signed (art. 43).
 */
export function EntregaCopiasFields({ form, tipos, disabled }: Props) {
  const { control } = form;
  const [tipoId, modo] = useWatch({ control, name: ['tipo_estampado', 'entrega_modo'] });
  const codigo = codigoDe(tipoId, tipos);
  const copias = CON_COPIAS.includes(codigo) || Boolean(modo);
  const firma = CON_FIRMA.includes(codigo);
  if (!copias && !firma) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="entrega-copias">
      {copias ? (
        <FormSelect control={control} name="entrega_modo" label={em.titulo} data={MODO_DATA} clearable searchable={false} withAsterisk={CON_COPIAS.includes(codigo)} disabled={disabled} />
      ) : null}
      {copias && (modo === 'persona_adulta' || modo === 'conserje') ? (
        <FormTextInput control={control} name="entrega_nombre" label={em.nombre} maxLength={ENTREGA_NOMBRE_MAX} autoComplete="off" disabled={disabled} />
      ) : null}
      {copias && modo === 'persona_adulta' ? (
        <FormTextInput control={control} name="entrega_relacion" label={em.relacion} maxLength={ENTREGA_RELACION_MAX} autoComplete="off" disabled={disabled} />
      ) : null}
      {copias && modo === 'otro' ? (
        <FormTextInput control={control} name="entrega_detalle" label={em.detalle} maxLength={ENTREGA_DETALLE_MAX} autoComplete="off" withAsterisk disabled={disabled} />
      ) : null}
      {firma ? (
        <FormSelect control={control} name="firma_notificado" label={dm.firmaNotificado} data={FIRMA_DATA} clearable searchable={false} withAsterisk disabled={disabled} />
      ) : null}
    </SimpleGrid>
  );
}
