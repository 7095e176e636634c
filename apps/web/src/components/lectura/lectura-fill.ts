import {
  ENCARGO_FIELD_LABELS,
  type FuenteLectura,
  LECTURA_CONFIANZA_ALTA,
  type LecturaDocumentosResponse,
  cleanRut,
  normalizeRol,
  parseCLP,
} from '@receptoria/contracts';
import {
  DEFAULT_CIUDAD,
  type DomicilioFormValue,
  type EncargoFormValues,
  isBlank,
  isBlankDomicilio,
} from '../encargo-form/encargo-form-values';

/** The form fields a reading can fill (every proposed field but the addresses, which are rows). */
export const CAMPOS_LEIBLES = [
  'numero_rol',
  'tribunal',
  'parte_demandante',
  'tipo_causa',
  'cuantia',
  'fecha_demanda',
  'fecha_resolucion',
  'partes',
  'ejecutados',
  'rut_ejecutado',
  'rut_representante_legal',
  'numero_operacion',
] as const;
export type CampoLeible = (typeof CAMPOS_LEIBLES)[number];

type FormValue = EncargoFormValues[CampoLeible];

/** A value read for one field: what the form holds when it is used, and where it came from. */
export interface ValorLeido {
  valor: FormValue;
  fuente: FuenteLectura;
}

export interface DomicilioLeidoEnForm {
  domicilio: DomicilioFormValue;
  fuente: FuenteLectura;
}

/** What the screen keeps of a reading: each field's read value and source, and the addresses read. */
export interface LecturaEnForm {
  leidos: Partial<Record<CampoLeible, ValorLeido>>;
  domicilios: DomicilioLeidoEnForm[];
  advertencias: string[];
}

/** The lists a read id must belong to (the receiver's courts and case types, the firm's parties). */
export interface OpcionesLectura {
  tribunales: readonly { id: number }[];
  tiposCausa: readonly { id: number }[];
  /** The chosen firm's parties; empty when no firm is chosen (no plaintiff is then proposed). */
  partes: readonly { id: number }[];
}

export interface LecturaAplicada extends LecturaEnForm {
  values: EncargoFormValues;
  /** Fields the reading filled (or replaced: they held the previous reading's value). */
  llenados: CampoLeible[];
  /** Fields left as the person had typed them although the reading proposed another value. */
  conservados: CampoLeible[];
  /** Addresses added as rows. */
  domiciliosAgregados: number;
}

const ID_FIELDS = { tribunal: 'tribunales', tipo_causa: 'tiposCausa', parte_demandante: 'partes' } as const;

/** The proposal's value as the form holds it, or null when the form cannot take it. */
function formValueOf(campo: CampoLeible, propuesta: LecturaDocumentosResponse['propuesta'], opciones: OpcionesLectura): FormValue | null {
  const raw = propuesta[campo];
  if (raw === undefined || raw === null || raw === '') return null;
  if (campo in ID_FIELDS) {
    const list = opciones[ID_FIELDS[campo as keyof typeof ID_FIELDS]];
    return list.some((item) => item.id === raw) ? String(raw) : null;
  }
  if (campo === 'cuantia') return typeof raw === 'number' ? raw : null;
  if (campo === 'numero_rol') return normalizeRol(String(raw));
  return String(raw);
}

/** Whether the form's value is the read one (formats aside: RUT dots, money text, rol case, capitals). */
export function sameValue(campo: CampoLeible, current: unknown, leido: FormValue): boolean {
  if (isBlank(current)) return isBlank(leido);
  if (campo === 'cuantia') return parseCLP(current as string | number) === parseCLP(leido);
  if (campo === 'rut_ejecutado' || campo === 'rut_representante_legal') return cleanRut(String(current)) === cleanRut(String(leido));
  if (campo === 'numero_rol') return normalizeRol(String(current)) === normalizeRol(String(leido));
  // Names and addresses: spacing and capitals are not a difference ('PÉREZ' is 'Pérez'), accents are.
  const plain = (value: unknown) => String(value).trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');
  return plain(current) === plain(leido);
}

const key = (d: { direccion: string; comuna: string | null }) => `${d.direccion.trim().toLowerCase().replace(/\s+/g, ' ')}|${(d.comuna ?? '').trim().toLowerCase()}`;

/**
 * Puts a reading into the form: an empty field takes the read value, and so does a field still holding
 * the previous reading's value; what the person typed stays (listed in `conservados`, its read value
 * offered beside it). Read addresses are added as rows unless already there. Nothing is saved.
 * With `rellenar: false` nothing changes: the reading only stands beside the values (a request's check).
 */
export function applyLectura(
  current: EncargoFormValues,
  respuesta: LecturaDocumentosResponse,
  opciones: OpcionesLectura,
  previa?: LecturaEnForm,
  { rellenar = true }: { rellenar?: boolean } = {},
): LecturaAplicada {
  const values: EncargoFormValues = { ...current, domicilios: current.domicilios.map((d) => ({ ...d })) };
  const leidos: LecturaEnForm['leidos'] = {};
  const llenados: CampoLeible[] = [];
  const conservados: CampoLeible[] = [];
  for (const campo of CAMPOS_LEIBLES) {
    const fuente = respuesta.campos[campo];
    const valor = formValueOf(campo, respuesta.propuesta, opciones);
    if (!fuente || valor === null) continue;
    leidos[campo] = { valor, fuente };
    const before = values[campo];
    const previous = previa?.leidos[campo];
    if (rellenar && (isBlank(before) || (previous && sameValue(campo, before, previous.valor)))) {
      (values as unknown as Record<CampoLeible, FormValue>)[campo] = valor;
      llenados.push(campo);
    } else if (!sameValue(campo, before, valor)) {
      conservados.push(campo);
    }
  }

  const domicilios: DomicilioLeidoEnForm[] = [];
  const read = respuesta.propuesta.domicilios ?? [];
  const sources = respuesta.campos.domicilios?.elementos ?? [];
  const fallback = respuesta.campos.domicilios;
  let rows = values.domicilios.filter((d) => !isBlankDomicilio(d));
  const present = new Set(rows.map(key));
  let agregados = 0;
  read.forEach((d, index) => {
    const fuente = sources[index] ?? fallback;
    if (!fuente || isBlank(d.direccion)) return;
    const domicilio: DomicilioFormValue = {
      direccion: d.direccion.trim(),
      comuna: d.comuna || null,
      ciudad: d.ciudad || DEFAULT_CIUDAD,
      es_principal: false,
    };
    domicilios.push({ domicilio, fuente });
    if (!rellenar || present.has(key(domicilio))) return;
    present.add(key(domicilio));
    rows = [...rows, domicilio];
    agregados += 1;
  });
  if (rows.length === 0) rows = values.domicilios.slice(0, 1);
  if (!rows.some((d) => d.es_principal) && rows[0]) rows[0] = { ...rows[0], es_principal: true };
  values.domicilios = rows;

  return { values, leidos, domicilios, advertencias: respuesta.advertencias, llenados, conservados, domiciliosAgregados: agregados };
}

export type EstadoLeido = 'leido' | 'revisar' | 'modificado';

/**
 * How a read field stands now: 'modificado' once the form holds another value, 'revisar' while a
 * low-confidence value (below LECTURA_CONFIANZA_ALTA) is there unconfirmed, else 'leido'.
 */
export function estadoLeido(campo: CampoLeible, current: unknown, leido: ValorLeido, confirmado: boolean): EstadoLeido {
  if (!sameValue(campo, current, leido.valor)) return 'modificado';
  if (leido.fuente.confianza < LECTURA_CONFIANZA_ALTA && !confirmado) return 'revisar';
  return 'leido';
}

/** Labels of the read fields still waiting for review (low confidence, unchanged, unconfirmed). */
export function pendientesDeRevision(
  values: EncargoFormValues,
  lectura: LecturaEnForm | null,
  confirmados: ReadonlySet<string>,
): string[] {
  if (!lectura) return [];
  return CAMPOS_LEIBLES.filter((campo) => {
    const leido = lectura.leidos[campo];
    return leido && estadoLeido(campo, values[campo], leido, confirmados.has(campo)) === 'revisar';
  }).map((campo) => ENCARGO_FIELD_LABELS[campo]);
}

/** Whether a read address is among the form's (same street and comuna, case and spacing aside). */
export function domicilioPresente(domicilios: readonly DomicilioFormValue[], leido: DomicilioFormValue): boolean {
  return domicilios.some((d) => !isBlankDomicilio(d) && key(d) === key(leido));
}
