import { randomUUID } from 'node:crypto';
import type { Encargo } from '@receptoria/contracts';
import type { TestContext } from '../../../test/helper';

/** A visit body for an assignment's address (principal unless told), with a fresh uuid. */
export function visitaBody(encargo: Encargo, overrides: Record<string, unknown> = {}) {
  const domicilio = encargo.domicilios.find((d) => d.es_principal) ?? encargo.domicilios[0];
  return {
    uuid: randomUUID(),
    domicilio_id: domicilio?.id ?? null,
    fecha_hora: '2026-03-10T09:30:00-03:00',
    tipo: 'busqueda',
    resultado: 'domicilio_confirmado',
    informante: { nombre: 'Rosa Elena Tapia', relacion: 'conserje' },
    apuntes: 'Edificio con conserjería; la conserje reconoce al demandado en la fotografía.',
    ubicacion: { lat: -33.4542, lon: -70.5987, precision_m: 12 },
    origen: 'terreno',
    ...overrides,
  };
}

export const postVisita = (t: TestContext, token: string, encargoId: number, payload: Record<string, unknown>) =>
  t.request(token, { method: 'POST', url: `/api/v1/encargos/${encargoId}/visitas/`, payload });

/** Two positive searches at the address on the two days before `fechaNotificacion` (YYYY-MM-DD), 10:15 and 18:40. */
export async function dosBusquedas(t: TestContext, token: string, encargo: Encargo, dias: [string, string], domicilioId?: number) {
  for (const [index, dia] of dias.entries()) {
    const body = visitaBody(encargo, {
      fecha_hora: `${dia}T${index === 0 ? '10:15' : '18:40'}:00-03:00`,
      ...(domicilioId !== undefined ? { domicilio_id: domicilioId } : {}),
      informante: index === 0 ? { nombre: 'Rosa Elena Tapia', relacion: 'conserje' } : { nombre: 'Jorge Muñoz', relacion: 'vecino' },
    });
    const response = await postVisita(t, token, encargo.id, body);
    if (response.statusCode !== 201) throw new Error(`visita: ${response.statusCode} ${response.body}`);
  }
}
