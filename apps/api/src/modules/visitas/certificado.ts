import {
  type Encargo,
  type Genero,
  generoInformante,
  RESULTADO_VISITA_LABELS,
  type ResultadoVisita,
  relacionCertificadoTexto,
  santiagoWallClock,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { busquedasCitadas, type DomicilioRef, esMismoDomicilio, hastaElActo, vigentes } from './art44';
import { ultimaCartaArt46 } from './carta-art46.service';
import { visitasDeEncargoEnDomicilio } from './visitas.repository';

/**
 * The certificate markers that come from the field visits (issue 23) and the art. 46 letter:
 * <<busqueda_1_fecha>>, <<busqueda_1_hora>>, <<busqueda_1_informante>> (and _2_), <<visitas_detalle>>,
 * <<intentos_oracion>>, and the letter's <<carta_art46_fecha_envio>>, <<carta_art46_numero_seguimiento>>,
 * <<fecha_notificacion_art44>>. Dates DD-MM-YYYY and hours HH:MM in Santiago.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function fechaHora(instant: Date): { fecha: string; hora: string } {
  const w = santiagoWallClock(instant);
  return { fecha: `${pad(w.day)}-${pad(w.month)}-${w.year}`, hora: `${pad(w.hour)}:${pad(w.minute)}` };
}

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

interface VisitaCitada {
  fechaHora: Date;
  resultado: string;
  informanteNombre: string | null;
  informanteRelacion: string | null;
  /** Given on the visit, else inferred from the name: the relation agrees with it. */
  informanteGenero?: string | null;
}

/** The informant's relation as a certificate writes it after the name ('otro' adds nothing), agreeing with the informant. */
const relacionTexto = (v: Pick<VisitaCitada, 'informanteNombre' | 'informanteRelacion' | 'informanteGenero'>) =>
  relacionCertificadoTexto(v.informanteRelacion, generoInformante(v.informanteNombre, (v.informanteGenero as Genero | null | undefined) ?? null));

/** Where what the receiver established came from: "por los dichos de Rosa Tapia, conserje" or "según lo constatado en el lugar". */
export function fuenteInformacion(v: Pick<VisitaCitada, 'informanteNombre' | 'informanteRelacion' | 'informanteGenero'>): string {
  const nombre = (v.informanteNombre ?? '').trim();
  if (v.informanteRelacion === 'el_mismo') return nombre ? `por los dichos de ${nombre}, la persona buscada` : 'por los dichos de la propia persona buscada';
  const relacion = relacionTexto(v);
  if (nombre) return relacion ? `por los dichos de ${nombre}, ${relacion}` : `por los dichos de ${nombre}`;
  return 'según lo constatado en el lugar';
}

/** One line of <<visitas_detalle>>: "09-03-2026 10:15 — Domicilio confirmado — Rosa Tapia (conserje)". */
export function lineaVisita(v: VisitaCitada): string {
  const { fecha, hora } = fechaHora(v.fechaHora);
  const resultado = RESULTADO_VISITA_LABELS[v.resultado as ResultadoVisita] ?? v.resultado;
  const nombre = (v.informanteNombre ?? '').trim();
  const relacion = relacionTexto(v);
  const informante = nombre ? `${nombre}${relacion ? ` (${relacion})` : ''}` : 'sin informante';
  return `${fecha} ${hora} — ${resultado} — ${informante}`;
}

/** The visits an attempt certificate cites, as one sentence (with a closing space), or '' without visits. */
export function intentosOracion(visitas: readonly VisitaCitada[]): string {
  if (visitas.length === 0) return '';
  const partes = visitas.map((v) => {
    const { fecha, hora } = fechaHora(v.fechaHora);
    const resultado = (RESULTADO_VISITA_LABELS[v.resultado as ResultadoVisita] ?? v.resultado).toLowerCase();
    return `el ${fecha} a las ${hora} horas (${resultado}, ${fuenteInformacion(v)})`;
  });
  const lista = partes.length === 1 ? partes[0] : `${partes.slice(0, -1).join('; ')} y ${partes[partes.length - 1]}`;
  return `Me constituí en este domicilio ${lista}. `;
}

export interface DiligenciaDelCertificado {
  fechaDiligencia: Date | null;
  domicilioId?: number | null;
  domicilioDireccion?: string | null;
  domicilioComuna?: string | null;
}

/** The address a certificate speaks of: the one stored with its diligence, else the principal (or first) one. */
export function domicilioDelCertificado(encargo: Encargo, d: DiligenciaDelCertificado | undefined): DomicilioRef | null {
  if (d?.domicilioDireccion) return { id: d.domicilioId ?? -1, direccion: d.domicilioDireccion, comuna: d.domicilioComuna ?? '' };
  const principal = encargo.domicilios.find((x) => x.es_principal) ?? encargo.domicilios[0];
  return principal ? { id: principal.id, direccion: principal.direccion, comuna: principal.comuna } : null;
}

export interface VisitaDelCertificado extends VisitaCitada {
  uuid: string;
  domicilioId: number | null;
  domicilioDireccion: string | null;
  domicilioComuna: string | null;
  corrigeA: string | null;
}

export interface CartaDelCertificado {
  fechaEnvio: string;
  numeroSeguimiento: string;
  fechaNotificacion: string;
}

/**
 * The markers from the visits and the letter. búsqueda 1 and 2 are the last two positive searches on
 * different days before the diligence (absent when there are not two: a template that needs them then
 * reports them missing); the attempts are the standing visits at that address up to the diligence.
 */
export function terrenoPayload(
  encargo: Encargo,
  d: DiligenciaDelCertificado | undefined,
  visitas: readonly VisitaDelCertificado[],
  carta: CartaDelCertificado | undefined,
  now = new Date(),
): Record<string, string> {
  const domicilio = domicilioDelCertificado(encargo, d);
  const instante = d?.fechaDiligencia ?? now;
  const hasta = vigentes(visitas).filter((v) => esMismoDomicilio(v, domicilio) && hastaElActo(v.fechaHora, instante));
  const out: Record<string, string> = {
    visitas_detalle: hasta.map(lineaVisita).join('\n'),
    intentos_oracion: intentosOracion(hasta),
  };
  const citadas = busquedasCitadas(visitas, domicilio, instante);
  citadas?.forEach((v, index) => {
    const { fecha, hora } = fechaHora(v.fechaHora);
    out[`busqueda_${index + 1}_fecha`] = fecha;
    out[`busqueda_${index + 1}_hora`] = hora;
    out[`busqueda_${index + 1}_informante`] = fuenteInformacion(v);
  });
  if (carta) {
    out.carta_art46_fecha_envio = ddmmyyyy(carta.fechaEnvio);
    out.carta_art46_numero_seguimiento = carta.numeroSeguimiento;
    out.fecha_notificacion_art44 = ddmmyyyy(carta.fechaNotificacion);
  }
  return out;
}

/** terrenoPayload with the assignment's visits and latest letter read from the database. */
export async function datosDeTerreno(db: TenantDb, encargo: Encargo, d: DiligenciaDelCertificado | undefined, now = new Date()): Promise<Record<string, string>> {
  const visitas = await visitasDeEncargoEnDomicilio(db, encargo.id);
  const carta = await ultimaCartaArt46(db, encargo.id);
  return terrenoPayload(encargo, d, visitas, carta, now);
}
