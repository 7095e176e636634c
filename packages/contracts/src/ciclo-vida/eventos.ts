import { z } from 'zod';
import type { EncargoEstado } from '../encargos/estados';
import { ENCARGO_ESTADOS, ESTADO_LABELS } from '../encargos/estados';
import type { ResultadoVisita } from '../visitas/enums';

/**
 * The assignment's lifecycle (issue 36 §5): the acts recorded as events, and the states they move it
 * through. The API writes each event in the same transaction as the act (apps/api ciclo-vida module);
 * the state an act leaves the assignment in is `estadoTras`, read off TRANSICIONES and nothing else.
 */
export const TIPOS_EVENTO = [
  'recibido',
  'visita',
  'acto',
  'carta_art46_enviada',
  'resultados',
  'estampado_generado',
  'estampado_abierto',
  'estampado_firmado',
  'estampado_subido',
  'facturado',
  'pagado',
  're_encargado',
] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];
export const TipoEventoSchema = z.enum(TIPOS_EVENTO);

export const EVENTO_LABELS: Record<TipoEvento, string> = {
  recibido: 'Encargo recibido',
  visita: 'Visita',
  acto: 'Notificación o requerimiento',
  carta_art46_enviada: 'Carta certificada art. 46 enviada',
  resultados: 'Resultados registrados',
  estampado_generado: 'Estampado generado',
  estampado_abierto: 'Estampado abierto',
  estampado_firmado: 'Estampado firmado',
  estampado_subido: 'Estampado subido al tribunal',
  facturado: 'Recibo emitido',
  pagado: 'Pago recibido',
  re_encargado: 'Re-encargado',
};

/** Visit results that are themselves the act of the assignment (a notification or a requerimiento). */
export const RESULTADOS_ACTO = ['notificado_personal', 'notificado_art44', 'notificado_cedula', 'requerido_pago'] as const satisfies readonly ResultadoVisita[];

/** One recorded act of an assignment, as the API lists it. */
export const EncargoEventoSchema = z.object({
  id: z.number().int(),
  encargo_id: z.number().int(),
  tipo: TipoEventoSchema,
  /** When the act happened (Santiago ISO with offset). */
  instante: z.string(),
  registrado_en: z.string(),
  actor: z.string(),
  datos: z.record(z.string(), z.unknown()),
  origen: z.string(),
});
export type EncargoEvento = z.infer<typeof EncargoEventoSchema>;

/** States in which results may be registered and 'Estampar Más Tarde' used (spec 02 §4). */
export const ESTADOS_CON_RESULTADOS = ['preparado', 'listo_para_estampar'] as const satisfies readonly EncargoEstado[];

/** States route planning and the phone's stops offer (spec 02 §4: "preparado and pendiente only"). */
export const ESTADOS_EN_TERRENO = ['pendiente', 'preparado'] as const satisfies readonly EncargoEstado[];

export function admiteResultados(estado: string): boolean {
  return (ESTADOS_CON_RESULTADOS as readonly string[]).includes(estado);
}

/**
 * The transitions: from a state, the act that moves the assignment and the state it lands in. An act
 * not listed for a state leaves it where it is. A visit (or an act) on a pendiente assignment makes it
 * preparado, so that every state the phone offers can take results in the office. Opening a generated
 * document makes it estampado from any state (spec 02 §4: generation from the results screen is allowed
 * in any state); signing and uploading move a listo_para_estampar one.
 */
export const TRANSICIONES: readonly { desde: EncargoEstado; evento: TipoEvento; hasta: EncargoEstado }[] = [
  { desde: 'pendiente', evento: 'visita', hasta: 'preparado' },
  { desde: 'pendiente', evento: 'acto', hasta: 'preparado' },
  { desde: 'preparado', evento: 'resultados', hasta: 'listo_para_estampar' },
  { desde: 'pendiente', evento: 'estampado_abierto', hasta: 'estampado' },
  { desde: 'preparado', evento: 'estampado_abierto', hasta: 'estampado' },
  { desde: 'listo_para_estampar', evento: 'estampado_abierto', hasta: 'estampado' },
  { desde: 'listo_para_estampar', evento: 'estampado_firmado', hasta: 'estampado' },
  { desde: 'listo_para_estampar', evento: 'estampado_subido', hasta: 'estampado' },
];

/** The state an act leaves an assignment in. */
export function estadoTras(estado: EncargoEstado, evento: TipoEvento): EncargoEstado {
  return TRANSICIONES.find((t) => t.desde === estado && t.evento === evento)?.hasta ?? estado;
}

/** The state after a sequence of acts, from the state the assignment was created in. */
export function estadoDerivado(inicial: EncargoEstado, eventos: readonly { tipo: TipoEvento }[]): EncargoEstado {
  return eventos.reduce<EncargoEstado>((estado, e) => estadoTras(estado, e.tipo), inicial);
}

/** The state diagram (mermaid) drawn from TRANSICIONES; docs/arquitectura.md carries it verbatim. */
export function diagramaEstados(): string {
  const lines = ['stateDiagram-v2', `  [*] --> preparado: recibido`, `  [*] --> pendiente: recibido (ficha incompleta)`];
  for (const t of TRANSICIONES) lines.push(`  ${t.desde} --> ${t.hasta}: ${t.evento}`);
  lines.push(...ENCARGO_ESTADOS.map((e) => `  ${e}: ${ESTADO_LABELS[e]}`));
  return lines.join('\n');
}
