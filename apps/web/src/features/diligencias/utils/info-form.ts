import {
  type EncargoConResultados,
  type EncargoModifyInput,
  EncargoModifySchema,
  parseDateTime,
  santiagoWallClock,
} from '@receptoria/contracts';

/** The editable part of 'Información del Encargo' (the firm and the rol are shown, not edited). */
export interface InfoFormValues {
  fecha_encargo: string | null;
  tribunal: string | null;
  tipo_causa: string | null;
  tipo_encargo: string | null;
  partes: string;
  ejecutados: string;
  rut_ejecutado: string;
  rut_representante_legal: string;
  direccion: string;
  comuna: string;
  ciudad: string;
  fecha_retiro: string | null;
  fecha_demanda: string | null;
  fecha_resolucion: string | null;
  fecha_comparendo: string | null;
  fecha_prueba: string | null;
  cuantia: number | string;
  numero_operacion: string;
  observaciones_encargo: string;
  observacion_retiro: string;
  motivo_no_realizable: string;
}

export type InfoField = keyof InfoFormValues;

export const EMPTY_INFO: InfoFormValues = {
  fecha_encargo: null,
  tribunal: null,
  tipo_causa: null,
  tipo_encargo: null,
  partes: '',
  ejecutados: '',
  rut_ejecutado: '',
  rut_representante_legal: '',
  direccion: '',
  comuna: '',
  ciudad: '',
  fecha_retiro: null,
  fecha_demanda: null,
  fecha_resolucion: null,
  fecha_comparendo: null,
  fecha_prueba: null,
  cuantia: '',
  numero_operacion: '',
  observaciones_encargo: '',
  observacion_retiro: '',
  motivo_no_realizable: '',
};

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A stored date-time as the date-time input keeps it: Santiago wall time 'YYYY-MM-DD HH:mm:ss'. */
export function toWallDateTime(value: string | null | undefined): string | null {
  const instant = parseDateTime(value ?? '');
  if (!instant) return null;
  const w = santiagoWallClock(instant);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

function isoDay(value: string | null | undefined): string | null {
  return value ? value.slice(0, 10) : null;
}

/** The principal address, else the first (spec 02 §3). */
export function principalDomicilio(encargo: Pick<EncargoConResultados, 'domicilios'>) {
  return encargo.domicilios.find((d) => d.es_principal) ?? encargo.domicilios[0] ?? null;
}

export function encargoToInfoValues(encargo: EncargoConResultados): InfoFormValues {
  const domicilio = principalDomicilio(encargo);
  return {
    fecha_encargo: isoDay(encargo.fecha_encargo),
    tribunal: encargo.tribunal ? String(encargo.tribunal.id) : null,
    tipo_causa: encargo.tipo_causa ? String(encargo.tipo_causa.id) : null,
    tipo_encargo: encargo.tipo_encargo ? String(encargo.tipo_encargo.id) : null,
    partes: encargo.partes ?? '',
    ejecutados: encargo.ejecutados ?? '',
    rut_ejecutado: encargo.rut_ejecutado ?? '',
    rut_representante_legal: encargo.rut_representante_legal ?? '',
    direccion: domicilio?.direccion ?? '',
    comuna: domicilio?.comuna ?? '',
    ciudad: domicilio?.ciudad ?? '',
    fecha_retiro: isoDay(encargo.fecha_retiro),
    fecha_demanda: isoDay(encargo.fecha_demanda ?? encargo.dda_fs_fecha),
    fecha_resolucion: isoDay(encargo.fecha_resolucion),
    fecha_comparendo: toWallDateTime(encargo.fecha_comparendo),
    fecha_prueba: toWallDateTime(encargo.fecha_prueba),
    cuantia: encargo.cuantia ?? '',
    numero_operacion: encargo.numero_operacion ?? '',
    observaciones_encargo: encargo.observaciones_encargo ?? '',
    observacion_retiro: encargo.observacion_retiro ?? '',
    motivo_no_realizable: encargo.motivo_no_realizable ?? '',
  };
}

const ADDRESS_FIELDS = new Set<InfoField>(['direccion', 'comuna', 'ciudad']);
const ID_FIELDS = new Set<InfoField>(['tribunal', 'tipo_causa', 'tipo_encargo']);

/** The fields the user changed (react-hook-form's dirty map), in form order. */
export function modifiedFields(dirty: Partial<Record<InfoField, unknown>>): InfoField[] {
  return (Object.keys(EMPTY_INFO) as InfoField[]).filter((field) => dirty[field] === true);
}

/**
 * The PATCH body: only the changed fields (spec 02 §4). A changed address part rewrites the principal
 * address and sends every address (the API replaces the list).
 */
export function toPatchPayload(
  values: InfoFormValues,
  changed: readonly InfoField[],
  encargo: Pick<EncargoConResultados, 'domicilios'>,
): EncargoModifyInput {
  const payload: Record<string, unknown> = {};
  let addressChanged = false;
  for (const field of changed) {
    if (ADDRESS_FIELDS.has(field)) {
      addressChanged = true;
      continue;
    }
    const value = values[field];
    if (ID_FIELDS.has(field)) payload[field] = value ? Number(value) : null;
    else if (field === 'cuantia') payload.cuantia = value === '' ? null : value;
    else payload[field] = value ?? '';
  }
  if (addressChanged) {
    const principal = principalDomicilio(encargo);
    const edited = { direccion: values.direccion, comuna: values.comuna, ciudad: values.ciudad };
    payload.domicilios = principal
      ? encargo.domicilios.map((d) => ({
          direccion: d.id === principal.id ? edited.direccion : d.direccion,
          comuna: d.id === principal.id ? edited.comuna : d.comuna,
          ciudad: d.id === principal.id ? edited.ciudad : d.ciudad,
          es_principal: d.id === principal.id,
          activo: d.activo,
        }))
      : [{ ...edited, es_principal: true, activo: true }];
  }
  return payload as EncargoModifyInput;
}

/** Field → message of the changes that break the form's rules (the same contract the API uses). */
export function patchErrors(payload: EncargoModifyInput): Partial<Record<InfoField, string>> {
  const parsed = EncargoModifySchema.safeParse(payload);
  if (parsed.success) return {};
  const errors: Partial<Record<InfoField, string>> = {};
  for (const issue of parsed.error.issues) {
    const [head, , leaf] = issue.path.map(String);
    const field = (head === 'domicilios' ? (leaf ?? 'direccion') : head) as InfoField;
    errors[field] ??= issue.message;
  }
  return errors;
}
