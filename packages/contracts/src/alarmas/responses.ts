import { arrayOf, boolean, type Check, integer, object, oneOf, string } from '../common/response-checks';
import { ALARMA_TIPO_LABELS } from './constants';
import type { AlarmasProximas } from './schemas';

/**
 * The top bar's alarm answer checked without zod, so no signed-in page downloads zod for the bell: the
 * same rules as `AlarmasProximasSchema` (schemas.ts), which responses.test.ts keeps in step. Imported on
 * its own: `@receptoria/contracts/alarmas/responses`.
 */

const TIPOS = Object.keys(ALARMA_TIPO_LABELS) as (keyof typeof ALARMA_TIPO_LABELS)[];

const alarmasProximas: Check<AlarmasProximas> = object({
  total: integer,
  recordatorios: integer,
  alarmas: arrayOf(
    object({
      id: integer,
      encargo_id: integer,
      numero_rol: string,
      tipo: oneOf(TIPOS),
      fecha_hora: string,
      mensaje: string,
      recordatorio: boolean,
    }),
  ),
});

/** `AlarmasProximasSchema.parse` without zod; throws `UnexpectedResponseError`. */
export function parseAlarmasProximas(body: unknown): AlarmasProximas {
  return alarmasProximas(body, '');
}
