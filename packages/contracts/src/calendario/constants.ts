/**
 * The deadlines' kinds and states without zod, so the dashboard's 'Vencen esta semana' card downloads
 * none of it: `@receptoria/contracts/calendario/constants`. The one definition: plazos.ts hands out
 * these same objects next to its zod schemas.
 */

export const TIPOS_PLAZO = ['excepciones', 'carta_art_46', 'subida_estampado'] as const;
export type TipoPlazo = (typeof TIPOS_PLAZO)[number];

export const TIPO_PLAZO_LABELS: Record<TipoPlazo, string> = {
  excepciones: 'Plazo para oponer excepciones',
  carta_art_46: 'Carta certificada art. 46',
  subida_estampado: 'Subir estampado al tribunal',
};

/** Stored states; 'vencido' is read: pendiente with its due date before today (Santiago). */
export const ESTADOS_PLAZO = ['pendiente', 'vencido', 'cumplido'] as const;
export type EstadoPlazo = (typeof ESTADOS_PLAZO)[number];

/** A deadline as `GET /calendario/plazos/` returns it (PlazoSchema in plazos.ts is checked against it). */
export interface PlazoItem {
  id: number;
  encargo_id: number;
  numero_rol: string;
  estudio_id: number;
  estudio: string;
  tipo: TipoPlazo;
  vence: string;
  estado: EstadoPlazo;
  origen: string;
  cumplido_en: string | null;
  referencia: string | null;
}
