import { PortalEncargoDetalleSchema } from '@receptoria/contracts';
import ICAL from 'ical.js';
import { expect } from 'vitest';
import type { Dia } from './mundo';

/**
 * Every place that shows the assignment, read the way each screen reads it: the office's assignment,
 * the deadlines of the calendar, the work queue, Cobranza, Cierre del día, the firm's portal timeline,
 * the calendar feed and the assignment's history.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Lugares {
  encargo: Json;
  /** The assignment as Resultados y Estampados reads it (buscar_por_rol): stamp state and date, last diligence. */
  resultados: Json;
  plazos: Json[];
  cola: Json;
  cobranza: Json;
  cierre: Json;
  portal: Json;
  portalLista: Json;
  /** Summaries of the feed's events that name the rol. */
  ics: string[];
  /** The feed as served. */
  icsTexto: string;
  historial: Json[];
  visitas: Json[];
}

async function json(d: Pick<Dia, 't'>, token: string | undefined, url: string): Promise<Json> {
  const response = await d.t.request(token, { method: 'GET', url });
  expect.soft(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  try {
    return response.json() as Json;
  } catch {
    return {};
  }
}

export function resumenesIcs(text: string, rol: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component).summary)
    .filter((summary) => summary.includes(rol));
}

export async function leerLugares(d: Dia): Promise<Lugares> {
  const id = d.encargo.id;
  const { desde, hasta } = { desde: d.reloj.fechaEncargo.slice(0, 8) + '01', hasta: `${Number(d.reloj.hoy.slice(0, 4)) + 1}-12-31` };
  const feed = await d.t.request(undefined, { method: 'GET', url: d.icsPath });
  expect.soft(feed.statusCode).toBe(200);
  const plazos = await json(d, d.staff, `/api/v1/calendario/plazos/?desde=${desde}&hasta=${hasta}&encargo=${id}`);
  const historial = await json(d, d.staff, `/api/v1/auditoria/?entidad=encargo&id=${id}&page_size=100`);
  const portal = await json(d, d.portal, `/api/v1/portal/encargos/${id}/`);
  // The timeline is serialized without a zod pass: what it sends must be exactly what its contract allows.
  expect.soft(PortalEncargoDetalleSchema.parse(portal)).toStrictEqual(portal);
  return {
    encargo: await json(d, d.staff, `/api/v1/encargos/${id}/`),
    resultados: await json(d, d.staff, `/api/v1/encargos/buscar_por_rol/?numero_rol=${encodeURIComponent(d.encargo.numero_rol)}`),
    plazos: Array.isArray(plazos) ? plazos : [],
    cola: await json(d, d.staff, '/api/v1/diligencias/cola/'),
    cobranza: await json(d, d.staff, `/api/v1/cobranza/encargos/?estudio=${d.estudio.id}`),
    cierre: await json(d, d.staff, `/api/v1/dashboard/cierre_dia/?fecha=${d.reloj.hoy}`),
    portal,
    portalLista: await json(d, d.portal, '/api/v1/portal/encargos/'),
    ics: feed.statusCode === 200 ? resumenesIcs(feed.body, d.encargo.numero_rol) : [],
    icsTexto: feed.body,
    historial: (historial.results as Json[] | undefined) ?? [],
    visitas: ((await json(d, d.staff, `/api/v1/encargos/${id}/visitas/`)).visitas as Json[] | undefined) ?? [],
  };
}

/** The deadlines of one kind, whatever their state. */
export const plazosDe = (l: Lugares, tipo: string) => l.plazos.filter((p) => p.tipo === tipo);

export const enCola = (l: Lugares, lista: 'esperando_resultados' | 'esperando_estampado', id: number) =>
  ((l.cola[lista] as Json[] | undefined) ?? []).some((e) => e.id === id);

export const cartaEnCola = (l: Lugares, id: number) => ((l.cola.cartas_art46 as Json[] | undefined) ?? []).some((c) => c.encargo_id === id);

export const enCobranza = (l: Lugares, id: number) => ((l.cobranza.encargos as Json[] | undefined) ?? []).find((e) => e.id === id || e.encargo_id === id);

export const eventosPortal = (l: Lugares, tipo?: string) => ((l.portal.eventos as Json[] | undefined) ?? []).filter((e) => !tipo || e.tipo === tipo);

export const visitasCierre = (l: Lugares, rol: string) => ((l.cierre.visitas as Json[] | undefined) ?? []).filter((v) => v.numero_rol === rol);

export const certificadosCierre = (l: Lugares, rol: string) => ((l.cierre.certificados as Json[] | undefined) ?? []).filter((c) => c.numero_rol === rol);

/** History entries that moved the assignment to `estado`. */
export const pasosA = (l: Lugares, estado: string) => l.historial.filter((h) => h.cambios?.estado?.despues === estado);

/** The portal's lines for the calendar's deadlines of one kind (by their ids). */
export const plazosEnPortal = (l: Lugares, tipo: string) => {
  const ids = new Set(plazosDe(l, tipo).map((p) => p.id));
  return eventosPortal(l, 'plazo').filter((e) => ids.has(e.id));
};

export const icsCon = (l: Lugares, texto: string) => l.ics.filter((s) => s.includes(texto));

/** The portal's item for the assignment in the firm's list. */
export const itemPortal = (l: Lugares, id: number) => ((l.portalLista.results as Json[] | undefined) ?? []).find((e) => e.id === id);

/** The instant an event stands for (dates alone stand at their day's start in Santiago). */
export function instante(fecha: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(fecha) ? Date.parse(`${fecha}T00:00:00-03:00`) : Date.parse(fecha);
}
