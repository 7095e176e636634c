import { describe, expect, it } from 'vitest';
import { UnexpectedResponseError } from '../common/response-checks';
import { answerVariants } from '../common/response-variants';
import { parseAlarmasProximas } from './responses';
import { ALARMA_TIPO_LABELS, AlarmasProximasSchema } from './schemas';

const alarma = (id: number, tipo: string, recordatorio: boolean) => ({
  id,
  encargo_id: 40 + id,
  numero_rol: `C-${1000 + id}-2026`,
  tipo,
  fecha_hora: '2026-03-02T14:30:00.000Z',
  mensaje: 'Sala 2',
  recordatorio,
});

describe("the top bar's alarm answer checked without zod", () => {
  it('judges every answer as AlarmasProximasSchema does', () => {
    const tipos = Object.keys(ALARMA_TIPO_LABELS);
    const answers = [
      { total: 0, recordatorios: 0, alarmas: [] },
      { total: 2, recordatorios: 1, alarmas: [alarma(1, tipos[0]!, true), alarma(2, tipos[1]!, false)] },
      { total: 1, recordatorios: 0, alarmas: [alarma(3, 'audiencia', false)] },
    ];
    let accepted = 0;
    for (const answer of answers) {
      for (const body of answerVariants(answer)) {
        const expected = AlarmasProximasSchema.safeParse(body);
        let actual: { success: boolean; data?: unknown };
        try {
          actual = { success: true, data: parseAlarmasProximas(body) };
        } catch (error) {
          expect(error).toBeInstanceOf(UnexpectedResponseError);
          actual = { success: false };
        }
        expect(actual, JSON.stringify(body)).toEqual(expected.success ? { success: true, data: expected.data } : { success: false });
        if (expected.success) accepted += 1;
      }
    }
    expect(accepted).toBeGreaterThan(10);
  });

  it('names the alarm that does not fit', () => {
    const body = { total: 1, recordatorios: 0, alarmas: [alarma(1, 'comparendo', false), { ...alarma(2, 'prueba', true), id: '2' }] };
    expect(() => parseAlarmasProximas(body)).toThrow('alarmas[1].id');
  });
});
