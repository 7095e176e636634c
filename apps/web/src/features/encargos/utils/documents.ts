import {
  type EstudioListItem,
  type FichaTerrenoRequest,
  type MembreteRequest,
  formatDate,
  normalizeRol,
  parseCLP,
  todayIso,
} from '@receptoria/contracts';
import type { EncargoFormValues } from './encargo-form';

export interface NamedOption {
  id: number;
  nombre: string;
}

export interface EncargoLookups {
  estudios: EstudioListItem[];
  tribunales: NamedOption[];
  tiposCausa: NamedOption[];
  tiposEncargo: NamedOption[];
}

function nameOf(list: readonly NamedOption[], id: string | null): string {
  if (!id) return '';
  return list.find((item) => String(item.id) === id)?.nombre ?? '';
}

/** The address printed on the documents: the principal one, else the first complete one. */
function documentAddress(values: EncargoFormValues) {
  const complete = values.domicilios.filter((d) => d.direccion.trim() && d.comuna);
  const chosen = complete.find((d) => d.es_principal) ?? complete[0];
  return { direccion: chosen ? chosen.direccion.trim() : '', comuna: chosen?.comuna ?? '' };
}

function display(date: string | null): string {
  return date ? formatDate(date, '') : '';
}

/** The receiver's name is left to the server, which prints the receiver (tenant) name. */
export function membreteRequest(values: EncargoFormValues, lookups: EncargoLookups, receptor = ''): MembreteRequest {
  const address = documentAddress(values);
  return {
    nombre_receptor: receptor,
    ejecutados: values.ejecutados.trim(),
    ejecutado_direccion: address.direccion,
    ejecutado_comuna: address.comuna,
    tribunal_nombre: nameOf(lookups.tribunales, values.tribunal),
    numero_rol: normalizeRol(values.numero_rol),
    tipo_causa_nombre: nameOf(lookups.tiposCausa, values.tipo_causa),
    partes: values.partes.trim(),
    fecha_encargo: display(values.fecha_encargo),
  };
}

export function fichaTerrenoRequest(values: EncargoFormValues, lookups: EncargoLookups, receptor = ''): FichaTerrenoRequest {
  const address = documentAddress(values);
  return {
    nombre_receptor: receptor,
    fecha_actual: display(todayIso()),
    estudio_juridico: nameOf(lookups.estudios, values.estudio_juridico),
    cuantia: typeof values.cuantia === 'number' ? values.cuantia : parseCLP(values.cuantia),
    tribunal: nameOf(lookups.tribunales, values.tribunal),
    tipo_causa_nombre: nameOf(lookups.tiposCausa, values.tipo_causa),
    numero_rol: normalizeRol(values.numero_rol),
    rut_ejecutado: values.rut_ejecutado.trim(),
    partes: values.partes.trim(),
    tipo_encargo_nombre: nameOf(lookups.tiposEncargo, values.tipo_encargo),
    ejecutados: values.ejecutados.trim(),
    fecha_demanda: display(values.fecha_demanda),
    fecha_resolucion: display(values.fecha_resolucion),
    ejecutado_direccion: address.direccion,
    ejecutado_comuna: address.comuna,
  };
}
