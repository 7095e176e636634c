import { NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  ENTREGA_DETALLE_MAX,
  ENTREGA_NOMBRE_MAX,
  ENTREGA_RELACION_MAX,
  type EntregaCopias,
  MODOS_ENTREGA_COPIAS,
  MODO_ENTREGA_COPIAS_LABELS,
  type ModoEntregaCopias,
  type ResultadoVisita,
  entregaCopiasMessages as m,
} from '@receptoria/contracts';

/** The results whose copies are left at the address: the form asks what was done with them. */
export const RESULTADOS_CON_COPIAS: readonly ResultadoVisita[] = ['notificado_art44', 'notificado_cedula'];

export interface EntregaBorrador {
  modo: string;
  nombre: string;
  relacion: string;
  detalle: string;
}

export const ENTREGA_VACIA: EntregaBorrador = { modo: '', nombre: '', relacion: '', detalle: '' };

const MODO_DATA = [{ value: '', label: m.titulo }, ...MODOS_ENTREGA_COPIAS.map((value) => ({ value, label: MODO_ENTREGA_COPIAS_LABELS[value] }))];

/** The copies as the visit's body carries them, or undefined when no mode was chosen. */
export function entregaDelBorrador(e: EntregaBorrador | undefined): EntregaCopias | undefined {
  if (!e?.modo) return undefined;
  const out: EntregaCopias = { modo: e.modo as ModoEntregaCopias };
  if (e.nombre.trim()) out.nombre = e.nombre.trim();
  if (e.relacion.trim()) out.relacion = e.relacion.trim();
  if (e.detalle.trim()) out.detalle = e.detalle.trim();
  return out;
}

interface Props {
  value: EntregaBorrador;
  onChange: (next: EntregaBorrador) => void;
  disabled: boolean;
}

/** 'Entrega de las copias' at an art. 44 or cédula notification, one-handed (large controls). */
export function EntregaCopiasCampos({ value, onChange, disabled }: Props) {
  const set = (change: Partial<EntregaBorrador>) => onChange({ ...value, ...change });
  const conNombre = value.modo === 'persona_adulta' || value.modo === 'conserje';
  return (
    <Stack gap="xs" data-testid="entrega-copias">
      <NativeSelect label={m.titulo} size="lg" data={MODO_DATA} value={value.modo} onChange={(event) => set({ modo: event.currentTarget.value })} disabled={disabled} />
      {conNombre ? (
        <TextInput label={m.nombre} size="lg" value={value.nombre} maxLength={ENTREGA_NOMBRE_MAX} autoComplete="off" onChange={(event) => set({ nombre: event.currentTarget.value })} disabled={disabled} />
      ) : null}
      {value.modo === 'persona_adulta' ? (
        <TextInput label={m.relacion} size="lg" value={value.relacion} maxLength={ENTREGA_RELACION_MAX} autoComplete="off" onChange={(event) => set({ relacion: event.currentTarget.value })} disabled={disabled} />
      ) : null}
      {value.modo === 'otro' ? (
        <TextInput label={m.detalle} size="lg" value={value.detalle} maxLength={ENTREGA_DETALLE_MAX} autoComplete="off" onChange={(event) => set({ detalle: event.currentTarget.value })} disabled={disabled} />
      ) : null}
    </Stack>
  );
}
