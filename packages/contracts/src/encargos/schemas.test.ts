import { describe, expect, it } from 'vitest';
import { OBSERVACIONES_SUGERIDAS } from '../format/lists';
import { EncargoCreateSchema, EncargoListQuerySchema, EncargoModifySchema, OBSERVACIONES_MAX_LENGTH, ReEncargoSchema } from './schemas';

const valid = {
  fecha_encargo: '2024-05-02',
  estudio_juridico: 1,
  parte_demandante: '2',
  tribunal: 3,
  numero_rol: 'c-1234-2024',
  tipo_causa: 4,
  tipo_encargo: 5,
  partes: 'Banco Estado con Pérez',
  fecha_retiro: '2024-05-02',
  fecha_demanda: '2024-04-01',
  fecha_resolucion: '2024-04-15',
  cuantia: '1.500.000',
  rut_ejecutado: '10000013-k',
  rut_representante_legal: '',
  numero_operacion: '',
  ejecutados: 'Juan Pérez González',
  domicilios: [
    { direccion: 'Av. Providencia 1234, depto 501', comuna: 'Providencia', ciudad: 'Santiago', es_principal: false },
    { direccion: 'Los Leones 45', comuna: 'Providencia', ciudad: 'Santiago' },
  ],
  fecha_comparendo: '2030-01-15 10:00',
  observaciones_encargo: 'Es urgente',
  encargo_no_realizable: true,
  estado_especial: '',
};

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('EncargoCreateSchema', () => {
  it('normalises a valid payload', () => {
    const value = EncargoCreateSchema.parse(valid);
    expect(value.numero_rol).toBe('C-1234-2024');
    expect(value.parte_demandante).toBe(2);
    expect(value.cuantia).toBe(1500000);
    expect(value.rut_ejecutado).toBe('10000013-K');
    expect(value.rut_representante_legal).toBeNull();
    expect(value.domicilios.map((d) => d.es_principal)).toEqual([true, false]);
    expect(value.fecha_comparendo).toBe('2030-01-15T10:00:00-03:00');
    expect(value.encargo_no_realizable).toBe(false);
  });

  it('derives encargo_no_realizable from the special reason', () => {
    expect(EncargoCreateSchema.parse({ ...valid, estado_especial: 'Suspendido' }).encargo_no_realizable).toBe(true);
  });

  it('gives every required message on an empty form', () => {
    const messages = messagesOf(EncargoCreateSchema.safeParse({}));
    for (const message of [
      'La fecha es requerida',
      'El número de rol es requerido',
      'El estudio jurídico es requerido',
      'La parte demandante es requerida',
      'El tribunal es requerido',
      'El tipo de causa es requerido',
      'El tipo de encargo es requerido',
      'Las partes son requeridas',
      'La fecha de retiro es requerida',
      'La fecha de la demanda es requerida',
      'La fecha de la resolución es requerida',
      'La cuantía es requerida',
      'El RUT del demandado es requerido',
      'Los ejecutados son requeridos',
      'Las observaciones son requeridas',
      'Debe agregar al menos un domicilio válido',
    ]) {
      expect(messages).toContain(message);
    }
    expect(messages).not.toContain('Formato inválido (ej: C-123-2024)');
  });

  it('rejects a wrong rol, a short partes text and long texts', () => {
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, numero_rol: 'C123-2024' }))).toEqual([
      'Formato inválido (ej: C-123-2024)',
    ]);
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, partes: 'ab' }))).toEqual(['Mínimo 3 caracteres']);
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, observaciones_encargo: 'x'.repeat(35) }))).toEqual([
      'Máximo 34 caracteres',
    ]);
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, estado_especial: 'y'.repeat(31) }))).toEqual([
      'Máximo 30 caracteres',
    ]);
  });

  it('accepts every suggested observación and typed text up to the longest suggestion (34)', () => {
    expect(OBSERVACIONES_MAX_LENGTH).toBe(34);
    for (const text of OBSERVACIONES_SUGERIDAS) {
      expect(EncargoCreateSchema.safeParse({ ...valid, observaciones_encargo: text }).success).toBe(true);
    }
    expect(EncargoCreateSchema.safeParse({ ...valid, observaciones_encargo: 'x'.repeat(34) }).success).toBe(true);
    expect(
      EncargoCreateSchema.safeParse({ ...valid, observaciones_encargo: 'Solicitar aprobación por distancia' }).success,
    ).toBe(true);
  });

  it('rejects invalid RUTs with the submit messages', () => {
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, rut_ejecutado: '12345678-9' }))).toEqual([
      'El RUT del demandado no es válido. Formato: 12345678-9',
    ]);
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, rut_ejecutado: '12.345.678-5' }))).toEqual([
      'El RUT del demandado no es válido. Formato: 12345678-9',
    ]);
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, rut_representante_legal: '10000004-K' }))).toEqual([
      'El RUT del representante legal no es válido. Formato: 12345678-9',
    ]);
  });

  it('rejects incomplete addresses and two principals', () => {
    const messages = messagesOf(
      EncargoCreateSchema.safeParse({ ...valid, domicilios: [{ direccion: '', comuna: '', ciudad: '' }] }),
    );
    expect(messages).toEqual(['La dirección es requerida', 'La comuna es requerida', 'La ciudad es requerida']);
    expect(
      messagesOf(
        EncargoCreateSchema.safeParse({
          ...valid,
          domicilios: valid.domicilios.map((d) => ({ ...d, es_principal: true })),
        }),
      ),
    ).toEqual(['Solo un domicilio puede ser principal']);
  });

  it('reads es-CL amounts and says why a decimal amount is refused', () => {
    const parse = (cuantia: unknown) => EncargoCreateSchema.safeParse({ ...valid, cuantia });
    expect(parse('1500000').data?.cuantia).toBe(1500000);
    expect(parse('1.500.000,00').data?.cuantia).toBe(1500000);
    expect(parse(2500000).data?.cuantia).toBe(2500000);
    expect(messagesOf(parse('1.500.000,50'))).toEqual([
      'Los pesos chilenos no tienen decimales: "1.500.000,50" lleva centavos. Escriba el monto entero (ej: 1.500.000)',
    ]);
    expect(messagesOf(parse(1500000.5))).toEqual([
      'El monto debe ser un número entero de pesos, sin decimales (se recibió 1500000.5)',
    ]);
    expect(messagesOf(parse(-1))).toEqual(['La cuantía no puede ser negativa']);
    expect(messagesOf(parse(''))).toEqual(['La cuantía es requerida']);
  });

  it('rejects a non numeric cuantía and bad dates', () => {
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, cuantia: 'mucho' }))).toEqual([
      'Monto no reconocido: use puntos para los miles y sin decimales (ej: 1.500.000)',
    ]);
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, cuantia: true }))).toEqual(['La cuantía debe ser numérica']);
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, fecha_retiro: '2024-02-30' }))).toEqual([
      'Fecha inválida',
    ]);
    expect(messagesOf(EncargoCreateSchema.safeParse({ ...valid, fecha_prueba: 'pronto' }))).toEqual([
      'Fecha y hora inválidas',
    ]);
  });
});

describe('EncargoModifySchema', () => {
  it('keeps omitted fields out and maps dda_fs_fecha and motivo_no_realizable', () => {
    const value = EncargoModifySchema.parse({ dda_fs_fecha: '2024-01-02', motivo_no_realizable: 'No a lugar' });
    expect(value).toEqual({ fecha_demanda: '2024-01-02', motivo_no_realizable: 'No a lugar', encargo_no_realizable: true });
  });

  it('uses the modify screen messages', () => {
    expect(messagesOf(EncargoModifySchema.safeParse({ fecha_encargo: '' }))).toEqual([
      'La fecha del encargo es requerida',
    ]);
    expect(messagesOf(EncargoModifySchema.safeParse({ rut_ejecutado: '1234-5' }))).toEqual(['RUT inválido']);
    expect(EncargoModifySchema.parse({ rut_ejecutado: '10.000.013-k' }).rut_ejecutado).toBe('10000013-K');
  });
});

describe('ReEncargoSchema', () => {
  it('requires the original and fills the fixed reason', () => {
    const { fecha_demanda: _omit, ...rest } = valid;
    const value = ReEncargoSchema.parse({ ...rest, dda_fs_fecha: '2024-04-01', encargo_original_id: 7, es_re_encargo: true });
    expect(value.encargo_original_id).toBe(7);
    expect(value.fecha_demanda).toBe('2024-04-01');
    expect(value.motivo_re_encargo).toBe('Re-encargo con datos actualizados');
    expect(messagesOf(ReEncargoSchema.safeParse({ ...valid, encargo_original_id: '' }))).toEqual([
      'Primero debes buscar y seleccionar un encargo original',
    ]);
  });
});

describe('EncargoListQuerySchema', () => {
  it('defaults paging and treats todos as no filter', () => {
    expect(EncargoListQuerySchema.parse({ estado: 'todos' })).toEqual({ page: 1, page_size: 20 });
    expect(EncargoListQuerySchema.parse({ estado: 'preparado', page: '3', page_size: '50' })).toMatchObject({
      estado: 'preparado',
      page: 3,
      page_size: 50,
    });
  });
  it('rejects unknown states and oversized pages', () => {
    expect(messagesOf(EncargoListQuerySchema.safeParse({ estado: 'archivado' }))).toEqual(['Estado inválido']);
    expect(messagesOf(EncargoListQuerySchema.safeParse({ page_size: '1000' }))).toEqual([
      'El tamaño de página debe estar entre 1 y 100',
    ]);
  });
});
