/**
 * Counting of días hábiles (CPC arts. 59 and 66): the term starts the day after the act, Sundays and
 * holidays are skipped, Saturdays count unless the receiver's setting says otherwise. Pure: the holidays
 * come in as a map `YYYY-MM-DD → motivo`, so the web and the API count the same way without the
 * holiday library in the web's bundle.
 */
export interface DiaExcluido {
  fecha: string;
  motivo: string;
}

export interface DiasHabilesOpciones {
  /** Holidays that apply to the receiver (national, its region's, its own), by date. */
  feriados: ReadonlyMap<string, string>;
  sabadoHabil: boolean;
  /** Texts of the skipped weekend days. */
  motivos?: { domingo: string; sabado: string };
}

export interface DiasHabilesResultado {
  vence: string;
  excluidos: DiaExcluido[];
}

const DAY_MS = 86_400_000;

function toUtc(fecha: string): number {
  const [y, m, d] = fecha.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function toIso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Shifts an ISO date by a number of calendar days. */
export function sumarDias(fecha: string, dias: number): string {
  return toIso(toUtc(fecha) + dias * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function diaSemana(fecha: string): number {
  return new Date(toUtc(fecha)).getUTCDay();
}

/** Why a date is not hábil, or null when it is. */
export function motivoNoHabil(fecha: string, opciones: DiasHabilesOpciones): string | null {
  const feriado = opciones.feriados.get(fecha);
  if (feriado !== undefined) return feriado;
  const dow = diaSemana(fecha);
  if (dow === 0) return opciones.motivos?.domingo ?? 'Domingo';
  if (dow === 6 && !opciones.sabadoHabil) return opciones.motivos?.sabado ?? 'Sábado';
  return null;
}

/** The date on which a term of `dias` días hábiles counted from `desde` (exclusive) ends. */
export function diasHabiles(desde: string, dias: number, opciones: DiasHabilesOpciones): DiasHabilesResultado {
  const excluidos: DiaExcluido[] = [];
  let fecha = desde;
  let contados = 0;
  while (contados < dias) {
    fecha = sumarDias(fecha, 1);
    const motivo = motivoNoHabil(fecha, opciones);
    if (motivo === null) contados += 1;
    else excluidos.push({ fecha, motivo });
  }
  return { vence: fecha, excluidos };
}
