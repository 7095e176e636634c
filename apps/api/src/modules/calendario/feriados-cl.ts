import { comunaOficial, REGION_POR_DEFECTO, type RegionCl, sumarDias } from '@receptoria/contracts';
import Holidays from 'date-holidays';
import { normalizeComuna } from '../rutas/comunas-coordenadas';

/**
 * Chile's legal holidays: the `date-holidays` rules (country CL, its regions) plus a checked table of
 * corrections. Computed here, in the API, so the web's bundle never carries the library; the web counts
 * with `diasHabiles()` of the contracts over the list this module answers.
 */
export interface FeriadoLegal {
  fecha: string;
  nombre: string;
  tipo: 'nacional' | 'regional';
  /** Region code of a regional day; null for a national one. */
  region: string | null;
  irrenunciable: boolean;
  fuente: string;
  /** A regional day that holds only in some comunas of its region (normalized names). */
  comunas?: readonly string[];
}

/**
 * The official name and the law behind each library rule; keys are the library's `rule` texts
 * (date-holidays 3.37). The library's own names ("La inmaculada concepción", "Fiestas Patrias" for the
 * 18th) are not the ones the law and the government's list use, so every rule names its day here.
 */
const REGLAS: Record<string, { nombre: string; fuente: string; irrenunciable?: boolean }> = {
  '01-01': { nombre: 'Año Nuevo', fuente: 'Ley 2.977; irrenunciable, Ley 19.973', irrenunciable: true },
  '01-02 on monday since 2017': { nombre: 'Feriado adicional de Año Nuevo', fuente: 'Ley 20.983 (2 de enero cuando es lunes)' },
  'easter -2': { nombre: 'Viernes Santo', fuente: 'Ley 2.977 (Viernes Santo)' },
  '05-01': { nombre: 'Día Nacional del Trabajo', fuente: 'Ley 2.977; irrenunciable, Ley 19.973', irrenunciable: true },
  '05-21': { nombre: 'Día de las Glorias Navales', fuente: 'Ley 2.977' },
  '06-21 since 2021 prior to 2022': {
    nombre: 'Día Nacional de los Pueblos Indígenas',
    fuente: 'Ley 21.357 (Día Nacional de los Pueblos Indígenas)',
  },
  'june solstice in America/Santiago since 2022': {
    nombre: 'Día Nacional de los Pueblos Indígenas',
    fuente: 'Ley 21.357 (día del solsticio de invierno; verificar cada año la fecha que fija el decreto)',
  },
  '06-29 if tuesday, wednesday, thursday then previous monday if friday then next monday': {
    nombre: 'San Pedro y San Pablo',
    fuente: 'Ley 2.977; traslado al lunes, Ley 19.668',
  },
  '07-16': { nombre: 'Día de la Virgen del Carmen', fuente: 'Ley 20.148' },
  '08-15': { nombre: 'Asunción de la Virgen', fuente: 'Ley 2.977' },
  '2022-09-16': { nombre: 'Feriado adicional de Fiestas Patrias', fuente: 'Ley especial (feriado adicional 2022)' },
  '09-17 on friday, monday since 2017': {
    nombre: 'Feriado adicional de Fiestas Patrias',
    fuente: 'Ley 20.215 (17 de septiembre cuando es lunes) y Ley 20.983 (cuando es viernes)',
  },
  '09-18': { nombre: 'Independencia Nacional', fuente: 'Ley 2.977; irrenunciable, Ley 19.973', irrenunciable: true },
  '09-19': { nombre: 'Día de las Glorias del Ejército', fuente: 'Ley 2.977; irrenunciable, Ley 20.629', irrenunciable: true },
  '09-20 on friday': { nombre: 'Feriado adicional de Fiestas Patrias', fuente: 'Ley 20.215 (20 de septiembre cuando es viernes)' },
  '10-12 if tuesday, wednesday, thursday then previous monday if friday then next monday': {
    nombre: 'Encuentro de Dos Mundos',
    fuente: 'Ley 3.810; traslado al lunes, Ley 19.668',
  },
  '10-31 if wednesday then next friday if tuesday then previous friday': {
    nombre: 'Día Nacional de las Iglesias Evangélicas y Protestantes',
    fuente: 'Ley 20.299 (traslado al viernes si cae martes o miércoles)',
  },
  '11-01': { nombre: 'Día de Todos los Santos', fuente: 'Ley 2.977' },
  '12-08': { nombre: 'Inmaculada Concepción', fuente: 'Ley 2.977' },
  '12-25': { nombre: 'Navidad', fuente: 'Ley 2.977; irrenunciable, Ley 19.973', irrenunciable: true },
  '06-07': { nombre: 'Asalto y Toma del Morro de Arica', fuente: 'Ley 20.663 (Región de Arica y Parinacota)' },
  '08-20': { nombre: 'Nacimiento del Prócer de la Independencia', fuente: 'Ley 20.768 (comunas de Chillán y Chillán Viejo; verificar)' },
};

/** Library rules left out: Easter Sunday is a Sunday, not a holiday of its own in the law. */
const REGLAS_EXCLUIDAS = new Set(['easter']);

/**
 * Corrections to the library, checked by hand. Sábado Santo (Ley 2.977) is a national holiday the
 * library lacks: it is added for every year as the day after Viernes Santo, and these dates were checked
 * against the Easter table (Domingo de Pascua 2025-04-20, 2026-04-05, 2027-03-28).
 */
export const CORRECCIONES_VERIFICADAS: readonly { fecha: string; nombre: string; fuente: string }[] = [
  { fecha: '2025-04-19', nombre: 'Sábado Santo', fuente: 'Ley 2.977' },
  { fecha: '2026-04-04', nombre: 'Sábado Santo', fuente: 'Ley 2.977' },
  { fecha: '2027-03-27', nombre: 'Sábado Santo', fuente: 'Ley 2.977' },
];

/** date-holidays' state code of a region (Ñuble is NU there, NB in ISO 3166-2). */
function estadoLibreria(region: RegionCl): string {
  const code = region.slice(3);
  return code === 'NB' ? 'NU' : code;
}

const nacional = new Holidays('CL', { types: ['public'] });

const COMUNAS_CHILLAN = [normalizeComuna('Chillán'), normalizeComuna('Chillán Viejo')] as const;

/** The official name and source of a library day; a rule this table does not know keeps the library's name. */
function reglaDe(h: { rule: string; name: string }) {
  return REGLAS[h.rule] ?? { nombre: h.name, fuente: 'date-holidays (CL)' };
}

function nacionales(anio: number): FeriadoLegal[] {
  const dias: FeriadoLegal[] = [];
  for (const h of nacional.getHolidays(anio)) {
    if (h.type !== 'public' || REGLAS_EXCLUIDAS.has(h.rule)) continue;
    const { nombre, fuente, irrenunciable = false } = reglaDe(h);
    const fecha = h.date.slice(0, 10);
    dias.push({ fecha, nombre, tipo: 'nacional', region: null, irrenunciable, fuente });
    if (h.rule === 'easter -2') {
      const sabado = sumarDias(fecha, 1);
      const verificada = CORRECCIONES_VERIFICADAS.find((c) => c.fecha === sabado);
      dias.push({
        fecha: sabado,
        nombre: 'Sábado Santo',
        tipo: 'nacional',
        region: null,
        irrenunciable: false,
        fuente: verificada?.fuente ?? 'Ley 2.977 (día siguiente al Viernes Santo)',
      });
    }
  }
  return dias;
}

function regionales(anio: number, region: RegionCl): FeriadoLegal[] {
  const estado = estadoLibreria(region);
  const nacionalesFechas = new Set(nacional.getHolidays(anio).map((h) => h.date.slice(0, 10)));
  const dias: FeriadoLegal[] = [];
  const fuentes: { hd: Holidays; comunas?: readonly string[]; sufijo?: string }[] = [
    { hd: new Holidays('CL', estado, { types: ['public'] }) },
  ];
  const subregiones = new Holidays().getRegions('CL', estado) ?? {};
  for (const [code, nombre] of Object.entries(subregiones)) {
    fuentes.push({
      hd: new Holidays('CL', estado, code, { types: ['public'] }),
      comunas: code === 'CH' ? COMUNAS_CHILLAN : undefined,
      sufijo: ` (${nombre})`,
    });
  }
  const vistos = new Set<string>();
  for (const { hd, comunas, sufijo } of fuentes) {
    for (const h of hd.getHolidays(anio)) {
      const fecha = h.date.slice(0, 10);
      if (h.type !== 'public' || nacionalesFechas.has(fecha) || vistos.has(fecha)) continue;
      vistos.add(fecha);
      const { nombre, fuente, irrenunciable = false } = reglaDe(h);
      dias.push({ fecha, nombre: `${nombre}${sufijo ?? ''}`, tipo: 'regional', region, irrenunciable, fuente, comunas });
    }
  }
  return dias;
}

/** Each (year, region)'s days, computed once (see feriadosLegales). */
const calculados = new Map<string, FeriadoLegal[]>();

/** National and regional holidays of a year for a region, sorted by date. */
export function feriadosLegales(anio: number, region: RegionCl): FeriadoLegal[] {
  // The library's rules are fixed while the process runs: each (year, region) is computed once (date-holidays
  // takes ~10 ms a year, read twice by every calendar feed and by each count of días hábiles); callers get copies.
  const key = `${anio}|${region}`;
  let dias = calculados.get(key);
  if (!dias) {
    dias = [...nacionales(anio), ...regionales(anio, region)].sort((a, b) => a.fecha.localeCompare(b.fecha));
    if (calculados.size > 256) calculados.clear();
    calculados.set(key, dias);
  }
  return dias.map((dia) => ({ ...dia }));
}

/** Whether a regional day holds for a receiver whose office is in `comuna`. */
export function aplicaEnComuna(feriado: FeriadoLegal, comuna: string): boolean {
  return !feriado.comunas || feriado.comunas.includes(normalizeComuna(comuna));
}

/** ISO 3166-2 region of each CUT region code. */
const REGION_DE_CUT: Record<string, RegionCl> = {
  '01': 'CL-TA',
  '02': 'CL-AN',
  '03': 'CL-AT',
  '04': 'CL-CO',
  '05': 'CL-VS',
  '06': 'CL-LI',
  '07': 'CL-ML',
  '08': 'CL-BI',
  '09': 'CL-AR',
  '10': 'CL-LL',
  '11': 'CL-AI',
  '12': 'CL-MA',
  '13': 'CL-RM',
  '14': 'CL-LR',
  '15': 'CL-AP',
  '16': 'CL-NB',
};

/** The region of an office comuna (any of Chile's 346); an unknown or empty comuna → the Región Metropolitana. */
export function regionDeComuna(comuna: string): RegionCl {
  const codigo = comunaOficial(comuna)?.codigo;
  return (codigo && REGION_DE_CUT[codigo.slice(0, 2)]) || REGION_POR_DEFECTO;
}
