import type { Sugerido, TipoEstampado } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { honorarioDe, honorarioDelFormulario, honorarioHint } from './honorario';

const tipo: TipoEstampado = { id: 2, nombre: 'Notificación personal', codigo: 'notificacion_personal', valor_por_defecto: 45000, tiene_plantilla: true };
const sugerido = (fuente: Sugerido['fuente'], monto: number): Sugerido => ({
  monto,
  fuente,
  detalle: '',
  tarifa_id: fuente === 'tipo_estampado' ? null : 1,
  estudio_nombre: 'Recuperaciones Andes SpA',
});

describe('the fee the results form shows', () => {
  it('is the general list’s fee over the type’s default, and the hint names the general list', () => {
    expect(honorarioDe(sugerido('tarifa_general', 48000), tipo)).toBe(48000);
    expect(honorarioHint(sugerido('tarifa_general', 48000), tipo)).toBe('Valor según tarifa general: $48.000');
  });

  it('names the firm when the firm’s list priced it', () => {
    expect(honorarioHint(sugerido('tarifa_estudio', 52000), tipo)).toBe('Valor según tarifa de Recuperaciones Andes SpA: $52.000');
  });

  it('says the type’s default when no list applies, or when the suggestion failed; nothing while it loads', () => {
    expect(honorarioHint(sugerido('tipo_estampado', 45000), tipo)).toBe('Valor por defecto: $45.000');
    expect(honorarioDe(undefined, tipo, true)).toBe(45000);
    expect(honorarioHint(undefined, tipo, true)).toBe('Valor por defecto: $45.000');
    expect(honorarioDe(undefined, tipo)).toBeNull();
    expect(honorarioHint(undefined, tipo)).toBeUndefined();
  });
});

describe('the fee the summary shows', () => {
  it('is the typed value, else the stored diligence’s while its type is kept, else the price lists’ fee', () => {
    expect(honorarioDelFormulario(52000, { tipo: 2, valor: 40000 }, '2', 48000)).toBe(52000);
    expect(honorarioDelFormulario(null, { tipo: 2, valor: 40000 }, '2', 48000)).toBe(40000);
    expect(honorarioDelFormulario(null, { tipo: 3, valor: 40000 }, '2', 48000)).toBe(48000);
    expect(honorarioDelFormulario(null, { tipo: null, valor: null }, '2', 48000)).toBe(48000);
  });
});
