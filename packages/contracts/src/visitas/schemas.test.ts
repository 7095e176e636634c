import { describe, expect, it } from 'vitest';
import { CartaArt46InputSchema, VisitaInputSchema } from './schemas';
import { RESULTADOS_VISITA, RESULTADO_VISITA_LABELS, visitaMessages, visitasPorEnviarTexto } from './index';

const base = {
  uuid: '0B8E4C1A-7F0E-4A53-9C1D-2E8A7B6C5D4E',
  domicilio_id: 3,
  fecha_hora: '2026-03-10T09:30:00-03:00',
  tipo: 'busqueda',
  resultado: 'domicilio_confirmado',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('VisitaInputSchema', () => {
  it('reads a visit, lower-cases its uuid and fills the defaults', () => {
    const value = VisitaInputSchema.parse({ ...base, informante: { nombre: ' Juan Pérez ', relacion: 'conserje' }, ubicacion: { lat: -33.44, lon: -70.65, precision_m: 12 } });
    expect(value.uuid).toBe('0b8e4c1a-7f0e-4a53-9c1d-2e8a7b6c5d4e');
    expect(value.fecha_hora.toISOString()).toBe('2026-03-10T12:30:00.000Z');
    expect(value.apuntes).toBe('');
    expect(value.origen).toBe('terreno');
    expect(value.informante).toEqual({ nombre: 'Juan Pérez', relacion: 'conserje' });
    expect(value.corrige_a).toBeUndefined();
  });

  it('refuses in Spanish', () => {
    expect(firstMessage(VisitaInputSchema.safeParse({ ...base, uuid: 'x' }))).toBe(visitaMessages.uuidInvalido);
    expect(firstMessage(VisitaInputSchema.safeParse({ ...base, fecha_hora: '2026-03-10 09:30' }))).toBe(visitaMessages.fechaHoraInvalida);
    expect(firstMessage(VisitaInputSchema.safeParse({ ...base, fecha_hora: '2026-02-30T09:30:00Z' }))).toBe(visitaMessages.fechaHoraInvalida);
    expect(firstMessage(VisitaInputSchema.safeParse({ ...base, resultado: 'x' }))).toBe(visitaMessages.resultadoInvalido);
    expect(firstMessage(VisitaInputSchema.safeParse({ ...base, apuntes: 'a'.repeat(2001) }))).toBe(visitaMessages.apuntesLargos);
    expect(firstMessage(VisitaInputSchema.safeParse({ ...base, ubicacion: { lat: 91, lon: 0, precision_m: 1 } }))).toBe(visitaMessages.latitudInvalida);
    expect(firstMessage(VisitaInputSchema.safeParse({ ...base, informante: { nombre: '', relacion: 'vecino' } }))).toBe(visitaMessages.informanteNombreRequerido);
    expect(firstMessage(VisitaInputSchema.safeParse({ ...base, informante: { nombre: 'A', relacion: 'primo' } }))).toBe(visitaMessages.relacionInvalida);
  });

  it('labels every result', () => {
    for (const r of RESULTADOS_VISITA) expect(RESULTADO_VISITA_LABELS[r]).toBeTruthy();
    expect(RESULTADO_VISITA_LABELS.negativa_no_reside).toBe('No reside');
    expect(visitasPorEnviarTexto(1)).toBe('1 visita por enviar');
    expect(visitasPorEnviarTexto(3)).toBe('3 visitas por enviar');
  });
});

describe('CartaArt46InputSchema', () => {
  it('reads the letter and refuses a bad date or tracking number', () => {
    expect(CartaArt46InputSchema.parse({ fecha_envio: '2026-03-11', numero_seguimiento: ' rr123456789cl ' })).toEqual({ fecha_envio: '2026-03-11', numero_seguimiento: 'RR123456789CL' });
    expect(firstMessage(CartaArt46InputSchema.safeParse({ fecha_envio: '2026-02-30', numero_seguimiento: 'A1' }))).toBe(visitaMessages.fechaEnvioInvalida);
    expect(firstMessage(CartaArt46InputSchema.safeParse({ fecha_envio: '2026-03-11', numero_seguimiento: '' }))).toBe(visitaMessages.numeroSeguimientoRequerido);
  });
});
