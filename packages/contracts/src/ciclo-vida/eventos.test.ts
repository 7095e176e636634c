import { describe, expect, it } from 'vitest';
import { ENCARGO_ESTADOS } from '../encargos/estados';
import { RUTA_ESTADOS } from '../rutas/schemas';
import {
  admiteResultados,
  ESTADOS_CON_RESULTADOS,
  ESTADOS_EN_TERRENO,
  estadoDerivado,
  estadoTras,
  TIPOS_EVENTO,
  TRANSICIONES,
} from './eventos';

describe('the transition table', () => {
  it('moves the assignment as spec 02 says', () => {
    expect(estadoTras('preparado', 'resultados')).toBe('listo_para_estampar');
    expect(estadoTras('listo_para_estampar', 'resultados')).toBe('listo_para_estampar');
    for (const acto of ['estampado_abierto', 'estampado_firmado', 'estampado_subido'] as const) {
      expect(estadoTras('listo_para_estampar', acto)).toBe('estampado');
    }
    expect(estadoTras('pendiente', 'visita')).toBe('preparado');
    expect(estadoTras('pendiente', 'resultados')).toBe('pendiente');
  });

  it('never leaves estampado, and no act moves an assignment back', () => {
    const orden = (e: string) => ENCARGO_ESTADOS.indexOf(e as (typeof ENCARGO_ESTADOS)[number]);
    for (const tipo of TIPOS_EVENTO) expect(estadoTras('estampado', tipo)).toBe('estampado');
    for (const t of TRANSICIONES) expect(orden(t.hasta)).toBeGreaterThan(orden(t.desde));
  });

  it('has one target per state and act', () => {
    const keys = TRANSICIONES.map((t) => `${t.desde}/${t.evento}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('derives the state from the acts in order', () => {
    expect(estadoDerivado('pendiente', [{ tipo: 'recibido' }, { tipo: 'visita' }, { tipo: 'resultados' }, { tipo: 'estampado_generado' }])).toBe('listo_para_estampar');
    expect(estadoDerivado('preparado', [{ tipo: 'resultados' }, { tipo: 'estampado_firmado' }, { tipo: 'facturado' }, { tipo: 'pagado' }])).toBe('estampado');
    // Signing before the results exist moves nothing.
    expect(estadoDerivado('preparado', [{ tipo: 'estampado_firmado' }])).toBe('preparado');
  });
});

describe('one rule for the phone and the office', () => {
  it('route planning and the phone offer pendiente and preparado (spec 02 §4)', () => {
    expect([...RUTA_ESTADOS]).toEqual([...ESTADOS_EN_TERRENO]);
    expect([...ESTADOS_EN_TERRENO]).toEqual(['pendiente', 'preparado']);
  });

  it('every state the phone offers takes results in the office once a visit is recorded', () => {
    for (const estado of ESTADOS_EN_TERRENO) expect(admiteResultados(estadoTras(estado, 'visita'))).toBe(true);
    expect([...ESTADOS_CON_RESULTADOS]).toEqual(['preparado', 'listo_para_estampar']);
  });
});
