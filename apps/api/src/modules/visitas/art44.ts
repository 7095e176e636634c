import { type EstadoArt44, type ResultadoVisita, todayIso } from '@receptoria/contracts';

/**
 * CPC art. 44 as reformed by Ley 21.394 (domain brief §1): the person must have been sought at their
 * dwelling on two different days — a visit `domicilio_confirmado` (address confirmed, person not found)
 * on two different Santiago calendar days, at the same address of the same assignment — before the
 * receiver notifies under art. 44.
 */

export interface VisitaArt44 {
  uuid: string;
  domicilioId: number | null;
  domicilioDireccion: string | null;
  domicilioComuna: string | null;
  fechaHora: Date;
  resultado: string;
  corrigeA: string | null;
}

export interface DomicilioRef {
  id: number;
  direccion: string;
  comuna: string;
}

const normalizar = (text: string | null | undefined) =>
  (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.,#°º]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Whether a visit was at this address: the same id, or — since an assignment's addresses get new ids
 * when it is edited — the same street text and comuna.
 */
export function esMismoDomicilio(v: Pick<VisitaArt44, 'domicilioId' | 'domicilioDireccion' | 'domicilioComuna'>, d: DomicilioRef | null): boolean {
  if (d === null) return v.domicilioId === null && v.domicilioDireccion === null;
  if (v.domicilioId === d.id) return true;
  return v.domicilioDireccion !== null && normalizar(v.domicilioDireccion) === normalizar(d.direccion) && normalizar(v.domicilioComuna) === normalizar(d.comuna);
}

/** The visits still standing: a visit that a later one corrects (corrige_a) no longer counts. */
export function vigentes<T extends Pick<VisitaArt44, 'uuid' | 'corrigeA'>>(visitas: readonly T[]): T[] {
  const corregidas = new Set(visitas.map((v) => v.corrigeA).filter((x): x is string => x !== null));
  return visitas.filter((v) => !corregidas.has(v.uuid));
}

const porFecha = (a: VisitaArt44, b: VisitaArt44) => a.fechaHora.getTime() - b.fechaHora.getTime();

const MINUTO_MS = 60_000;

/** An instant recorded to the minute only (a time typed by hand, HH:MM): no seconds, no milliseconds. */
export const soloMinuto = (instante: Date) => instante.getTime() % MINUTO_MS === 0;

/**
 * Whether a search at `busqueda` came before an act at `acto`, compared at the precision both were
 * recorded: a minute typed by hand means "within that minute", so a search in that minute counts
 * (19:24:45 before an act typed 19:24); two instants with seconds compare exactly.
 */
export function anteriorAlActo(busqueda: Date, acto: Date): boolean {
  if (soloMinuto(busqueda) || soloMinuto(acto)) return Math.floor(busqueda.getTime() / MINUTO_MS) <= Math.floor(acto.getTime() / MINUTO_MS);
  return busqueda.getTime() < acto.getTime();
}

/** Whether a visit at `visita` was made up to the act (itself included), at the same precision. */
export function hastaElActo(visita: Date, acto: Date): boolean {
  return anteriorAlActo(visita, acto) || visita.getTime() === acto.getTime();
}

/** The standing positive searches (domicilio_confirmado) at the address, before `antesDe` when given, oldest first. */
export function busquedasPositivas<T extends VisitaArt44>(visitas: readonly T[], d: DomicilioRef | null, antesDe?: Date): T[] {
  return vigentes(visitas)
    .filter((v) => v.resultado === ('domicilio_confirmado' satisfies ResultadoVisita))
    .filter((v) => esMismoDomicilio(v, d))
    .filter((v) => antesDe === undefined || anteriorAlActo(v.fechaHora, antesDe))
    .sort(porFecha);
}

/** The Santiago dates (YYYY-MM-DD) of those searches, each once, oldest first. */
export function diasDeBusqueda(busquedas: readonly VisitaArt44[]): string[] {
  return [...new Set(busquedas.map((v) => todayIso(v.fechaHora)))].sort();
}

/** True when an art. 44 notification at `instante` at this address is lawful. */
export function cumpleArt44(visitas: readonly VisitaArt44[], d: DomicilioRef | null, instante: Date): boolean {
  return diasDeBusqueda(busquedasPositivas(visitas, d, instante)).length >= 2;
}

/**
 * The two searches a certificate cites: búsqueda 2 is the last confirmed search before the
 * notification, búsqueda 1 the last one on an earlier day (the two must be on different days).
 */
export function busquedasCitadas<T extends VisitaArt44>(visitas: readonly T[], d: DomicilioRef | null, instante: Date): [T, T] | null {
  const previas = busquedasPositivas(visitas, d, instante);
  const segunda = previas[previas.length - 1];
  if (!segunda) return null;
  const diaSegunda = todayIso(segunda.fechaHora);
  const primera = [...previas].reverse().find((v) => todayIso(v.fechaHora) < diaSegunda);
  return primera ? [primera, segunda] : null;
}

/** The address's art. 44 state as the phone shows it. */
export function estadoArt44(visitas: readonly VisitaArt44[], d: DomicilioRef | null): EstadoArt44 {
  const standing = vigentes(visitas).filter((v) => esMismoDomicilio(v, d));
  if (standing.some((v) => v.resultado === ('notificado_art44' satisfies ResultadoVisita))) return 'notificado';
  const dias = diasDeBusqueda(busquedasPositivas(standing, d)).length;
  if (dias === 0) return 'sin_busquedas';
  return dias === 1 ? 'una_busqueda' : 'lista_para_art44';
}
