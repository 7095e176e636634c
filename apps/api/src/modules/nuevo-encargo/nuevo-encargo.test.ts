import { EncargoDetailSchema, ErrorBodySchema, type Estudio } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { encargoPayload, loadLookups, type Lookups, registerEstudio } from '../encargos/encargos.fixtures';

let t: TestContext;
let tokenA: string;
let tokenB: string;
let tenantB: number;
let estudio: Estudio;
let otroEstudio: Estudio;
let lookups: Lookups;

beforeAll(async () => {
  t = await createTestContext();
  tenantB = (await t.createTenant({ nombre: 'Receptor Judicial Rancagua' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_a' });
  await t.createUser({ tenantId: tenantB, username: 'secretaria_b' });
  tokenA = await t.login('secretaria_a');
  tokenB = await t.login('secretaria_b');
  estudio = await registerEstudio(t, tokenA);
  otroEstudio = await registerEstudio(t, tokenA, {
    nombre: 'Recuperaciones Andes SpA',
    partes_demandantes: [{ nombre: 'Automotriz Portillo S.A.' }],
  });
  lookups = await loadLookups(t, tokenA);
});
afterAll(() => t.close());

const crear = (token: string, payload: unknown) =>
  t.request(token, { method: 'POST', url: '/api/v1/nuevo_encargo/crear/', payload: payload as object });

async function stored(tenantId = t.mainTenantId) {
  const db = await t.tenantDbOf(tenantId);
  const [encargos] = await db.select({ n: count() }).from(tenantSchema.encargos);
  const [domicilios] = await db.select({ n: count() }).from(tenantSchema.domicilios);
  const [alarmas] = await db.select({ n: count() }).from(tenantSchema.alarmas);
  const [auditoria] = await db.select({ n: count() }).from(tenantSchema.auditoria);
  const [claves] = await db.select({ n: count() }).from(tenantSchema.idempotenciaClaves);
  return { encargos: encargos?.n, domicilios: domicilios?.n, alarmas: alarmas?.n, auditoria: auditoria?.n, claves: claves?.n };
}

async function pdfText(buffer: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(buffer) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('POST /nuevo_encargo/crear/', () => {
  it('creates a complete assignment directly in preparado', async () => {
    const response = await crear(tokenA, encargoPayload(estudio, lookups, { numero_rol: 'c-1001-2025', cuantia: '2.450.000' }));
    expect(response.statusCode).toBe(201);
    const encargo = EncargoDetailSchema.parse(response.json());
    expect(encargo).toMatchObject({
      numero_rol: 'C-1001-2025',
      estado: 'preparado',
      fecha_encargo: '2025-03-10',
      fecha_encargo_formatted: '10/03/2025',
      fecha_retiro: '2025-03-11',
      fecha_demanda: '2025-01-20',
      dda_fs_fecha: '2025-01-20',
      fecha_resolucion: '2025-02-03',
      cuantia: 2_450_000,
      rut_ejecutado: '12345678-5',
      rut_representante_legal: null,
      numero_operacion: 'OP-778812',
      ejecutados: 'Pedro Andrés Soto Muñoz',
      estudio_juridico: { id: estudio.id, nombre: estudio.nombre },
      estudio_nombre: estudio.nombre,
      parte_demandante: { id: estudio.partes_demandantes[0]?.id, nombre: 'Banco de Chile' },
      tribunal: { id: lookups.tribunales[11]?.id, nombre: '12° Juzgado Civil de Santiago' },
      tribunal_nombre: '12° Juzgado Civil de Santiago',
      tipo_encargo_nombre: lookups.tipos[0]?.nombre,
      tipo_causa_nombre: 'Juicio Ejecutivo',
      observaciones_encargo: 'Es urgente',
      observaciones: 'Es urgente',
      encargo_no_realizable: false,
      motivo_no_realizable: '',
      es_re_encargo: false,
      es_re_encargado: false,
      encargo_original_id: null,
      alarmas: [],
    });
    expect(encargo.domicilios.map((d) => [d.direccion, d.comuna, d.es_principal, d.activo])).toEqual([
      ['Av. Irarrázaval 2401, depto 73', 'Ñuñoa', true, true],
      ['Los Jesuitas 881', 'Providencia', false, true],
    ]);
    expect(encargo.fecha_creacion).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('makes the first address principal when none is marked', async () => {
    const domicilios = [
      { direccion: 'San Diego 1450', comuna: 'Santiago', ciudad: 'Santiago' },
      { direccion: 'Av. Matta 820', comuna: 'Santiago', ciudad: 'Santiago' },
    ];
    const encargo = EncargoDetailSchema.parse(
      (await crear(tokenA, encargoPayload(estudio, lookups, { numero_rol: 'C-1002-2025', domicilios }))).json(),
    );
    expect(encargo.domicilios.map((d) => d.es_principal)).toEqual([true, false]);
  });

  it('stores alarms for a future comparendo or prueba, not for past ones', async () => {
    const response = await crear(
      tokenA,
      encargoPayload(estudio, lookups, {
        numero_rol: 'C-1003-2025',
        fecha_comparendo: '2099-01-15T10:30',
        fecha_prueba: '2020-01-10T09:00:00-03:00',
      }),
    );
    expect(response.statusCode).toBe(201);
    const encargo = EncargoDetailSchema.parse(response.json());
    expect(encargo.fecha_comparendo).toBe('2099-01-15T10:30:00-03:00');
    expect(encargo.fecha_prueba).toBe('2020-01-10T09:00:00-03:00');
    expect(encargo.alarmas).toHaveLength(1);
    expect(encargo.alarmas[0]).toMatchObject({
      tipo: 'comparendo',
      fecha_hora: '2099-01-15T10:30:00-03:00',
      mensaje: 'Comparendo del rol C-1003-2025: 15/01/2099 10:30',
    });
  });

  it('marks the assignment not realisable exactly when a special reason is given', async () => {
    const conMotivo = EncargoDetailSchema.parse(
      (
        await crear(
          tokenA,
          encargoPayload(estudio, lookups, { numero_rol: 'C-1004-2025', estado_especial: 'Suspendido', encargo_no_realizable: false }),
        )
      ).json(),
    );
    expect(conMotivo.encargo_no_realizable).toBe(true);
    expect(conMotivo.motivo_no_realizable).toBe('Suspendido');
    const sinMotivo = EncargoDetailSchema.parse(
      (
        await crear(
          tokenA,
          encargoPayload(estudio, lookups, { numero_rol: 'C-1005-2025', estado_especial: '  ', encargo_no_realizable: true }),
        )
      ).json(),
    );
    expect(sinMotivo.encargo_no_realizable).toBe(false);
  });

  it.each([
    ['10000013-K', 'K'],
    ['10000013-k', 'lower-case k'],
    ['10000004-0', '0'],
    ['7654321-6', 'a 7-digit body'],
  ])('accepts the RUT %s (check digit %s)', async (rut) => {
    const response = await crear(
      tokenA,
      encargoPayload(estudio, lookups, { numero_rol: 'C-1006-2025', rut_ejecutado: rut, rut_representante_legal: rut }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().rut_ejecutado).toBe(rut.toUpperCase());
  });

  it('accepts 30-character texts and the suggested observaciones', async () => {
    for (const [rol, observaciones, especial] of [
      ['C-1007-2025', 'x'.repeat(30), 'y'.repeat(30)],
      ['C-1008-2025', 'Solicitar aprobación por distancia', 'No corresponde Jurisdicción'],
    ]) {
      const response = await crear(
        tokenA,
        encargoPayload(estudio, lookups, { numero_rol: rol, observaciones_encargo: observaciones, estado_especial: especial }),
      );
      expect(response.statusCode).toBe(201);
    }
  });

  const rejections: [string, Record<string, unknown>, string][] = [
    ['a missing date', { fecha_encargo: '' }, 'La fecha es requerida'],
    ['an impossible date', { fecha_encargo: '2025-02-30' }, 'Fecha inválida'],
    ['a missing rol', { numero_rol: '' }, 'El número de rol es requerido'],
    ['a rol without the year', { numero_rol: 'C-123' }, 'Formato inválido (ej: C-123-2024)'],
    ['a rol with a two-digit year', { numero_rol: 'C-123-24' }, 'Formato inválido (ej: C-123-2024)'],
    ['a rol of two letters', { numero_rol: 'CA-123-2024' }, 'Formato inválido (ej: C-123-2024)'],
    ['a rol longer than 30 characters', { numero_rol: `C-${'1'.repeat(25)}-2024` }, 'Máximo 30 caracteres'],
    ['a missing firm', { estudio_juridico: null }, 'El estudio jurídico es requerido'],
    ['a missing plaintiff', { parte_demandante: '' }, 'La parte demandante es requerida'],
    ['a missing court', { tribunal: undefined }, 'El tribunal es requerido'],
    ['a missing case type', { tipo_causa: '' }, 'El tipo de causa es requerido'],
    ['a missing assignment type', { tipo_encargo: null }, 'El tipo de encargo es requerido'],
    ['missing partes', { partes: '' }, 'Las partes son requeridas'],
    ['partes of two characters', { partes: 'ab' }, 'Mínimo 3 caracteres'],
    ['a missing withdrawal date', { fecha_retiro: '' }, 'La fecha de retiro es requerida'],
    ['a missing claim date', { fecha_demanda: null }, 'La fecha de la demanda es requerida'],
    ['a missing resolution date', { fecha_resolucion: '' }, 'La fecha de la resolución es requerida'],
    ['a missing cuantía', { cuantia: '' }, 'La cuantía es requerida'],
    ['a cuantía that is not a number', { cuantia: 'dos millones' }, 'Monto no reconocido: use puntos para los miles y sin decimales (ej: 1.500.000)'],
    ['a negative cuantía', { cuantia: -5 }, 'La cuantía no puede ser negativa'],
    ['a missing debtor RUT', { rut_ejecutado: '' }, 'El RUT del demandado es requerido'],
    ['a debtor RUT with a wrong check digit', { rut_ejecutado: '12345678-9' }, 'El RUT del demandado no es válido. Formato: 12345678-9'],
    ['a debtor RUT K where 0 is right', { rut_ejecutado: '10000004-K' }, 'El RUT del demandado no es válido. Formato: 12345678-9'],
    ['a debtor RUT with dots', { rut_ejecutado: '12.345.678-5' }, 'El RUT del demandado no es válido. Formato: 12345678-9'],
    ['a debtor RUT without a dash', { rut_ejecutado: '123456785' }, 'El RUT del demandado no es válido. Formato: 12345678-9'],
    ['a debtor RUT of 6 digits', { rut_ejecutado: '123456-0' }, 'El RUT del demandado no es válido. Formato: 12345678-9'],
    [
      'a wrong legal representative RUT',
      { rut_representante_legal: '10000013-0' },
      'El RUT del representante legal no es válido. Formato: 12345678-9',
    ],
    ['missing ejecutados', { ejecutados: ' ' }, 'Los ejecutados son requeridos'],
    ['missing observaciones', { observaciones_encargo: '' }, 'Las observaciones son requeridas'],
    ['observaciones of 35 characters', { observaciones_encargo: 'x'.repeat(35) }, 'Máximo 34 caracteres'],
    ['a special reason of 31 characters', { estado_especial: 'y'.repeat(31) }, 'Máximo 30 caracteres'],
    ['no address', { domicilios: [] }, 'Debe agregar al menos un domicilio válido'],
    ['an address without street', { domicilios: [{ direccion: '', comuna: 'Ñuñoa', ciudad: 'Santiago' }] }, 'La dirección es requerida'],
    ['an address without comuna', { domicilios: [{ direccion: 'Av. Grecia 2000', comuna: '', ciudad: 'Santiago' }] }, 'La comuna es requerida'],
    ['an address without city', { domicilios: [{ direccion: 'Av. Grecia 2000', comuna: 'Ñuñoa', ciudad: '' }] }, 'La ciudad es requerida'],
    [
      'two principal addresses',
      {
        domicilios: [
          { direccion: 'Av. Grecia 2000', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: true },
          { direccion: 'Av. Macul 3300', comuna: 'Macul', ciudad: 'Santiago', es_principal: true },
        ],
      },
      'Solo un domicilio puede ser principal',
    ],
    ['a comparendo that is not a date-time', { fecha_comparendo: 'mañana temprano' }, 'Fecha y hora inválidas'],
    [
      'an amount with centavos typed es-CL',
      { cuantia: '1.500.000,50' },
      'Los pesos chilenos no tienen decimales: "1.500.000,50" lleva centavos. Escriba el monto entero (ej: 1.500.000)',
    ],
    [
      'an amount with a decimal point',
      { cuantia: '1500000.00' },
      'Monto no reconocido: use puntos para los miles y sin decimales (ej: 1.500.000)',
    ],
    [
      'a non-integer amount',
      { cuantia: 1500000.5 },
      'El monto debe ser un número entero de pesos, sin decimales (se recibió 1500000.5)',
    ],
    ['an amount that is not a number', { cuantia: true }, 'La cuantía debe ser numérica'],
  ];
  it.each(rejections)('rejects %s with its message and stores nothing', async (_name, patch, message) => {
    const before = await stored();
    const response = await crear(tokenA, encargoPayload(estudio, lookups, { numero_rol: 'C-2000-2025', ...patch }));
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.detail).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('lists every missing required field at once', async () => {
    const response = await crear(tokenA, {});
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.detail.split(', ')).toEqual(
      expect.arrayContaining(['La fecha es requerida', 'El número de rol es requerido', 'Debe agregar al menos un domicilio válido']),
    );
    expect(body.errors?.numero_rol).toEqual(['El número de rol es requerido']);
  });

  it('rejects a plaintiff of another firm and unknown lists, storing nothing', async () => {
    const before = await stored();
    const ajena = await crear(
      tokenA,
      encargoPayload(estudio, lookups, { parte_demandante: otroEstudio.partes_demandantes[0]?.id }),
    );
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json().detail).toBe('La parte demandante no pertenece al estudio jurídico seleccionado');
    const desconocidos = await crear(
      tokenA,
      encargoPayload(estudio, lookups, { tribunal: 99999, tipo_causa: 99999, tipo_encargo: 99999, estudio_juridico: 99999 }),
    );
    expect(desconocidos.statusCode).toBe(400);
    expect(desconocidos.json().errors).toMatchObject({
      estudio_juridico: ['El estudio jurídico seleccionado no existe'],
      tribunal: ['El tribunal seleccionado no existe'],
      tipo_causa: ['El tipo de causa seleccionado no existe'],
      tipo_encargo: ['El tipo de encargo seleccionado no existe'],
    });
    expect(await stored()).toEqual(before);
  });

  it('requires a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nuevo_encargo/crear/',
      payload: encargoPayload(estudio, lookups),
    });
    expect(response.statusCode).toBe(401);
  });

  it("does not let tenant B create assignments on tenant A's firm", async () => {
    const beforeA = await stored();
    const beforeB = await stored(tenantB);
    const lookupsB = await loadLookups(t, tokenB);
    const response = await crear(tokenB, encargoPayload(estudio, lookupsB, { numero_rol: 'C-3000-2025' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('El estudio jurídico seleccionado no existe');
    expect(await stored()).toEqual(beforeA);
    expect(await stored(tenantB)).toEqual(beforeB);
  });
});

describe('POST /nuevo_encargo/crear/ with an Idempotency-Key', () => {
  const conClave = (token: string, clave: string, payload: unknown) =>
    t.request(token, {
      method: 'POST',
      url: '/api/v1/nuevo_encargo/crear/',
      headers: { 'idempotency-key': clave },
      payload: payload as object,
    });

  it('replays the first answer for a repeated submission, creating one assignment', async () => {
    const payload = encargoPayload(estudio, lookups, { numero_rol: 'C-7001-2025' });
    const before = await stored();
    const first = await conClave(tokenA, 'form-submission-0001', payload);
    const again = await conClave(tokenA, 'form-submission-0001', payload);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(EncargoDetailSchema.parse(again.json())).toEqual(EncargoDetailSchema.parse(first.json()));
    expect((await stored()).encargos).toBe(Number(before.encargos) + 1);
  });

  it('creates a single assignment when two submissions with the key race', async () => {
    const payload = encargoPayload(estudio, lookups, { numero_rol: 'C-7002-2025' });
    const before = await stored();
    const answers = await Promise.all([
      conClave(tokenA, 'form-submission-race-1', payload),
      conClave(tokenA, 'form-submission-race-1', payload),
      conClave(tokenA, 'form-submission-race-1', payload),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => (answer.json() as { id: number }).id));
    expect(ids.size).toBe(1);
    expect((await stored()).encargos).toBe(Number(before.encargos) + 1);
    const db = await t.tenantDbOf(t.mainTenantId);
    const rows = await db.select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.numeroRol, 'C-7002-2025'));
    expect(rows).toHaveLength(1);
  });

  it('refuses the same key with other data and stores nothing', async () => {
    await conClave(tokenA, 'form-submission-0003', encargoPayload(estudio, lookups, { numero_rol: 'C-7003-2025' }));
    const before = await stored();
    const other = await conClave(tokenA, 'form-submission-0003', encargoPayload(estudio, lookups, { numero_rol: 'C-7004-2025' }));
    expect(other.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(other.json()).detail).toBe(
      'Esta solicitud ya se registró con otros datos. Recargue el formulario antes de registrar un encargo distinto.',
    );
    expect(await stored()).toEqual(before);
  });

  it('frees the key when the creation is refused, so the corrected form can be sent with it', async () => {
    const refused = await conClave(tokenA, 'form-submission-0005', encargoPayload(estudio, lookups, { numero_rol: 'C-7005-2025', tribunal: 99999 }));
    expect(refused.statusCode).toBe(400);
    const fixed = await conClave(tokenA, 'form-submission-0005', encargoPayload(estudio, lookups, { numero_rol: 'C-7005-2025' }));
    expect(fixed.statusCode).toBe(201);
  });

  it('replays the first assignment even when a repeat would now be refused (its firm deactivated since)', async () => {
    const firma = await registerEstudio(t, tokenA, { nombre: 'Estudio Efímero Ltda.' });
    const payload = encargoPayload(firma, lookups, { numero_rol: 'C-7008-2025' });
    const first = await conClave(tokenA, 'form-submission-0008', payload);
    expect(first.statusCode).toBe(201);
    const db = await t.tenantDbOf(t.mainTenantId);
    await db.update(tenantSchema.estudios).set({ activo: false }).where(eq(tenantSchema.estudios.id, firma.id));
    const before = await stored();
    const again = await conClave(tokenA, 'form-submission-0008', payload);
    expect(again.statusCode).toBe(201);
    expect(EncargoDetailSchema.parse(again.json())).toEqual(EncargoDetailSchema.parse(first.json()));
    expect(await stored()).toEqual(before);
    const fresh = await conClave(tokenA, 'form-submission-0009', payload);
    expect(fresh.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('refuses a malformed key in Spanish', async () => {
    const before = await stored();
    const response = await conClave(tokenA, 'x', encargoPayload(estudio, lookups, { numero_rol: 'C-7006-2025' }));
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).detail).toBe(
      'La clave de idempotencia debe tener entre 8 y 100 letras, dígitos o guiones',
    );
    expect(await stored()).toEqual(before);
  });

  it("keeps each receiver's keys apart", async () => {
    const otro = await registerEstudio(t, tokenB, { nombre: 'Estudio Rancagua Ltda.' });
    const lookupsB = await loadLookups(t, tokenB);
    const first = await conClave(tokenA, 'form-submission-shared', encargoPayload(estudio, lookups, { numero_rol: 'C-7007-2025' }));
    const second = await conClave(tokenB, 'form-submission-shared', encargoPayload(otro, lookupsB, { numero_rol: 'C-7007-2025' }));
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect((await stored(tenantB)).encargos).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /encargos/exportar/', () => {
  async function sheetRows(body: Buffer): Promise<unknown[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Encargos');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('exports the filtered list as a spreadsheet with the list columns', async () => {
    await crear(tokenA, encargoPayload(estudio, lookups, { numero_rol: 'C-8101-2025', ejecutados: 'Exportado Uno', cuantia: '3.250.000' }));
    const response = await t.request(tokenA, { method: 'GET', url: '/api/v1/encargos/exportar/?search=C-8101-2025&estado=preparado' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="encargos_\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(['Rol', 'Tipo de causa', 'Estado', 'Re-encargo', 'Tipo de Encargo', 'Ejecutado', 'Estudio Jurídico', 'Tribunal', 'Fecha Encargo', 'Cuantía']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[0]).toBe('C-8101-2025');
    expect(rows[1]?.[2]).toBe('Preparado');
    expect(rows[1]?.[3]).toBe('No');
    expect(rows[1]?.[5]).toBe('Exportado Uno');
    expect(rows[1]?.[9]).toBe(3250000);
  });

  it('refuses a bad filter in Spanish and keeps tenants apart', async () => {
    const bad = await t.request(tokenA, { method: 'GET', url: '/api/v1/encargos/exportar/?estado=archivado' });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(bad.json()).detail).toBe('Estado inválido');
    const other = await t.request(tokenB, { method: 'GET', url: '/api/v1/encargos/exportar/?search=C-8101-2025' });
    expect(other.statusCode).toBe(200);
    expect(await sheetRows(other.rawPayload)).toHaveLength(1);
    const anonymous = await t.request(undefined, { method: 'GET', url: '/api/v1/encargos/exportar/' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /nuevo_encargo/generar_membrete/', () => {
  const payload = {
    nombre_receptor: 'María Angélica Fuentes Rojas',
    ejecutados: 'Pedro Andrés Soto Muñoz',
    ejecutado_direccion: 'Av. Irarrázaval 2401, depto 73',
    ejecutado_comuna: 'Ñuñoa',
    tribunal_nombre: '12° Juzgado Civil de Santiago',
    numero_rol: 'C-4521-2024',
    tipo_causa_nombre: 'Juicio Ejecutivo',
    partes: 'Banco de Chile con Soto',
    fecha_encargo: '2025-03-10',
  };

  it('answers a letterhead PDF with the case, the debtor and the address', async () => {
    const response = await t.request(tokenA, { method: 'POST', url: '/api/v1/nuevo_encargo/generar_membrete/', payload });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="membrete_C-4521-2024.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'María Angélica Fuentes Rojas',
      'RECEPTOR JUDICIAL',
      'C-4521-2024',
      '12° Juzgado Civil de Santiago',
      'Pedro Andrés Soto Muñoz',
      'Av. Irarrázaval 2401, depto 73',
      'Ñuñoa',
      'Juicio Ejecutivo',
      'Banco de Chile con Soto',
      '10/03/2025',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("uses the receiver's own name when none is sent", async () => {
    const response = await t.request(tokenA, {
      method: 'POST',
      url: '/api/v1/nuevo_encargo/generar_membrete/',
      payload: { ...payload, nombre_receptor: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain('Receptor Judicial Principal');
    const fromB = await t.request(tokenB, {
      method: 'POST',
      url: '/api/v1/nuevo_encargo/generar_membrete/',
      payload: { ...payload, nombre_receptor: '' },
    });
    const textB = await pdfText(fromB.rawPayload);
    expect(textB).toContain('Receptor Judicial Rancagua');
    expect(textB).not.toContain('Receptor Judicial Principal');
  });

  it('requires a valid rol', async () => {
    const response = await t.request(tokenA, {
      method: 'POST',
      url: '/api/v1/nuevo_encargo/generar_membrete/',
      payload: { ...payload, numero_rol: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('El número de rol es requerido');
  });
});

describe('POST /nuevo_encargo/generar_ficha_terreno/', () => {
  const payload = {
    nombre_receptor: '',
    fecha_actual: '2025-03-12',
    estudio_juridico: 'Larraín, Vial y Asociados Abogados',
    cuantia: 2450000,
    tribunal: '7° Juzgado Civil de Santiago',
    tipo_causa_nombre: 'Juicio Ejecutivo',
    numero_rol: 'C-877-2025',
    rut_ejecutado: '12345678-5',
    partes: 'Banco de Chile con Soto',
    tipo_encargo_nombre: 'Notificación Personal',
    ejecutados: 'Pedro Andrés Soto Muñoz',
    fecha_demanda: '2025-01-20',
    fecha_resolucion: '2025-02-03',
    ejecutado_direccion: 'Los Jesuitas 881',
    ejecutado_comuna: 'Providencia',
  };

  it('answers a field sheet with every datum and room for the result', async () => {
    const response = await t.request(tokenA, { method: 'POST', url: '/api/v1/nuevo_encargo/generar_ficha_terreno/', payload });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ficha_terreno_C-877-2025.pdf"');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'FICHA DE TERRENO',
      'Receptor Judicial Principal',
      'Fecha: 12/03/2025',
      'C-877-2025',
      '7° Juzgado Civil de Santiago',
      'Larraín, Vial y Asociados Abogados',
      '$2.450.000',
      'Juicio Ejecutivo',
      'Notificación Personal',
      '12.345.678-5',
      'Pedro Andrés Soto Muñoz',
      'Banco de Chile con Soto',
      '20/01/2025',
      '03/02/2025',
      'Los Jesuitas 881',
      'Providencia',
      'RESULTADO DE LA DILIGENCIA',
      'Búsqueda positiva',
      'Firma del receptor',
    ]) {
      expect(text).toContain(expected);
    }
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    expect((await parser.getInfo()).total).toBe(1);
    await parser.destroy();
  });

  it("prints a firm and a court sent by id with their names, only from the caller's tenant", async () => {
    const byId = { ...payload, estudio_juridico: String(estudio.id), tribunal: String(lookups.tribunales[0]?.id) };
    const textA = await pdfText(
      (await t.request(tokenA, { method: 'POST', url: '/api/v1/nuevo_encargo/generar_ficha_terreno/', payload: byId })).rawPayload,
    );
    expect(textA).toContain(estudio.nombre);
    expect(textA).toContain('1° Juzgado Civil de Santiago');
    const textB = await pdfText(
      (await t.request(tokenB, { method: 'POST', url: '/api/v1/nuevo_encargo/generar_ficha_terreno/', payload: byId })).rawPayload,
    );
    expect(textB).not.toContain(estudio.nombre);
    expect(textB).toContain('Receptor Judicial Rancagua');
  });
});
