import { describe, expect, it } from 'vitest';
import { diligenciaMessages as m } from './messages';
import { parseFechaDiligencia } from './fields';
import { GuardarResultadosSchema } from './schemas';

const base = {
  numero_rol: ' c-12-2025 ',
  resultado_id: '3',
  fecha_diligencia: '2025-03-14',
  apuntes_terreno: '  vecina del 72 ',
};

describe('diligence date as the stamp screen accepts it', () => {
  it('reads YYYY-MM-DD and DD/MM/YYYY as 09:00 and DD/MM/YYYY HH:MM in Santiago time', () => {
    expect(parseFechaDiligencia('2025-03-14')?.toISOString()).toBe('2025-03-14T12:00:00.000Z');
    expect(parseFechaDiligencia('14/03/2025')?.toISOString()).toBe('2025-03-14T12:00:00.000Z');
    expect(parseFechaDiligencia('02/07/2025 16:45')?.toISOString()).toBe('2025-07-02T20:45:00.000Z');
    expect(parseFechaDiligencia('2025-07-02T16:45')?.toISOString()).toBe('2025-07-02T20:45:00.000Z');
    expect(parseFechaDiligencia('31/02/2025')).toBeNull();
    expect(parseFechaDiligencia('mañana')).toBeNull();
  });
});

describe('save results body', () => {
  it('normalises the rol, the type id and the notes; no custom value by default', () => {
    const value = GuardarResultadosSchema.parse(base);
    expect(value).toMatchObject({
      numero_rol: 'C-12-2025',
      resultado_id: 3,
      apuntes_terreno: 'vecina del 72',
      valor_personalizado: null,
      tratamiento: '',
      cambiar_estado_a: 'listo_para_estampar',
    });
  });

  it('requires a reason for a custom value, with the spec text', () => {
    const result = GuardarResultadosSchema.safeParse({ ...base, valor_personalizado: '45.000' });
    expect(result.error?.issues[0]?.message).toBe(m.motivoValorRequerido);
    const ok = GuardarResultadosSchema.parse({ ...base, valor_personalizado: '45.000', observaciones_diligencia: 'Distancia' });
    expect(ok.valor_personalizado).toBe(45000);
  });

  it('words every refusal as the spec does', () => {
    const first = (body: object) => GuardarResultadosSchema.safeParse(body).error?.issues[0]?.message;
    expect(first({ ...base, fecha_diligencia: '' })).toBe('Debes especificar la fecha y hora de la diligencia');
    expect(first({ ...base, apuntes_terreno: '  ' })).toBe('Debes escribir los apuntes del receptor en terreno');
    expect(first({ ...base, resultado_id: undefined })).toBe('Debes seleccionar un tipo de estampado');
    expect(first({ ...base, resultado_id: -4 })).toBe('Tipo de estampado no válido');
    expect(first({ ...base, numero_rol: '' })).toBe('Primero debes buscar y seleccionar un encargo');
    expect(first({ ...base, valor_personalizado: 'mucho', observaciones_diligencia: 'x' })).toBe(m.valorInvalido);
  });
});

describe('informant and whether the hour was given', () => {
  it('keeps the informant and their relation, trimmed, empty by default', () => {
    expect(GuardarResultadosSchema.parse(base)).toMatchObject({ informante: '', informante_relacion: '' });
    const value = GuardarResultadosSchema.parse({ ...base, informante: ' María Soto ', informante_relacion: ' conserje ' });
    expect(value).toMatchObject({ informante: 'María Soto', informante_relacion: 'conserje' });
    expect(GuardarResultadosSchema.safeParse({ ...base, informante: 'x'.repeat(151) }).error?.issues[0]?.message).toBe('Máximo 150 caracteres');
    expect(GuardarResultadosSchema.safeParse({ ...base, informante_relacion: 'x'.repeat(61) }).error?.issues[0]?.message).toBe('Máximo 60 caracteres');
  });

  it('reads hora_informada from the date text when absent: a date alone has no hour', () => {
    expect(GuardarResultadosSchema.parse(base).hora_informada).toBe(false);
    expect(GuardarResultadosSchema.parse({ ...base, fecha_diligencia: '14/03/2025' }).hora_informada).toBe(false);
    const conHora = GuardarResultadosSchema.parse({ ...base, fecha_diligencia: '14/03/2025 16:45' });
    expect(conHora.hora_informada).toBe(true);
    expect(conHora.fecha_diligencia).toBeInstanceOf(Date);
    expect(conHora.fecha_diligencia.toISOString()).toBe('2025-03-14T19:45:00.000Z');
    expect(GuardarResultadosSchema.parse({ ...base, fecha_diligencia: '2025-03-14T16:45' }).hora_informada).toBe(true);
    expect(GuardarResultadosSchema.parse({ ...base, hora_informada: true }).hora_informada).toBe(true);
    expect(GuardarResultadosSchema.parse({ ...base, fecha_diligencia: '14/03/2025 16:45', hora_informada: false }).hora_informada).toBe(false);
    expect(GuardarResultadosSchema.safeParse({ ...base, hora_informada: 'quizás' }).error?.issues[0]?.message).toBe(m.horaInformadaInvalida);
  });
});
