import { controlSchema } from '@receptoria/db';
import { type Estudio, LecturaDocumentosResponseSchema, LecturaEventoSchema, SolicitudResponseSchema } from '@receptoria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { pdfTexto } from '../../../test/lectura-pdf';
import { multipart } from '../../../test/portal-kit';
import { hashPassword } from '../auth/passwords';
import { encargoPayload, loadLookups, registerEstudio } from '../encargos/encargos.fixtures';

/**
 * The reading outside Nuevo Encargo: the firm reads its PDFs in the portal before sending a request,
 * and the office reads a request's stored PDFs to compare them with what the firm typed.
 */

let t: TestContext;
let staff: string;
let staffB: string;
let portal: string;
let estudio: Estudio;
let demanda: Buffer;
let resolucion: Buffer;

const DEMANDA = [
  [
    'EN LO PRINCIPAL: Demanda ejecutiva y mandamiento de ejecución y embargo; OTROSÍ: Patrocinio y poder.',
    '',
    'S.J.L. EN LO CIVIL DE SANTIAGO',
    '',
    'Pedro Soto Lagos, abogado, en representación convencional de BANCO DE CHILE, RUT 97.004.000-5, ambos domiciliados en Ahumada 251, comuna de Santiago, a US. respetuosamente digo:',
    '',
    'Que vengo en deducir demanda ejecutiva en contra de don JUAN ANDRÉS PÉREZ GONZÁLEZ, cédula nacional de identidad N° 12.345.678-5, empleado, domiciliado en Avenida Providencia 1234, departamento 501, comuna de Providencia.',
    '',
    'Mi representada es dueña del pagaré N° 88776655, por la suma de $ 1.850.000, más intereses y costas.',
    '',
    'Santiago, 3 de marzo de 2025.',
  ],
];
const RESOLUCION = [
  [
    'C-1234-2025',
    'BANCO DE CHILE / PÉREZ',
    '1° Juzgado Civil de Santiago',
    '',
    'Santiago, doce de marzo de dos mil veinticinco.',
    '',
    'A lo principal, por interpuesta demanda ejecutiva; despáchese mandamiento de ejecución y embargo.',
  ],
];

async function portalToken(estudioId: number, email: string): Promise<string> {
  await t.app.controlDb.insert(controlSchema.portalUsuarios).values({
    tenantId: t.mainTenantId,
    estudioId,
    nombre: 'Abogada Lectura',
    email,
    passwordHash: await hashPassword('portal-lectura-2026'),
    activadoEn: new Date(),
  });
  const response = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email, password: 'portal-lectura-2026' } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { access: string }).access;
}

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_lectura' });
  staff = await t.login('secretaria_lectura');
  const tenantB = (await t.createTenant({ nombre: 'Receptora Lectura B' })).id;
  await t.createUser({ tenantId: tenantB, username: 'secretaria_lectura_b' });
  staffB = await t.login('secretaria_lectura_b');
  estudio = await registerEstudio(t, staff, { nombre: 'Estudio Lectura', partes_demandantes: [{ nombre: 'BANCO DE CHILE', tipo: 'banco' }] });
  portal = await portalToken(estudio.id, 'lectura@estudio.cl');
  demanda = await pdfTexto(DEMANDA);
  resolucion = await pdfTexto(RESOLUCION);
}, 120_000);
afterAll(() => t.close());

const leerPortal = (token: string, files: Parameters<typeof multipart>[1], headers: Record<string, string> = {}) => {
  const body = multipart({}, files);
  return t.request(token, { method: 'POST', url: '/api/v1/portal/solicitudes/leer_documentos/', payload: body.payload, headers: { ...body.headers, ...headers } });
};

describe('POST /portal/solicitudes/leer_documentos/', () => {
  it("proposes the request's fields from the firm's PDFs, the plaintiff among the firm's own parties, each with its source", async () => {
    const response = await leerPortal(portal, { demanda: { name: 'demanda.pdf', bytes: demanda }, resolucion: { name: 'resolucion.pdf', bytes: resolucion } });
    expect(response.statusCode, response.body).toBe(200);
    const body = LecturaDocumentosResponseSchema.parse(response.json());
    expect(body.propuesta).toMatchObject({
      numero_rol: 'C-1234-2025',
      rut_ejecutado: '12345678-5',
      cuantia: 1850000,
      fecha_demanda: '2025-03-03',
      fecha_resolucion: '2025-03-12',
      parte_demandante: estudio.partes_demandantes[0]!.id,
    });
    expect(body.campos.rut_ejecutado).toMatchObject({ documento: 'demanda', pagina: 1 });
    expect(body.campos.rut_ejecutado?.extracto).toContain('12.345.678-5');
    expect(body.campos.fecha_resolucion).toMatchObject({ documento: 'resolucion', pagina: 1 });
  });

  it('streams its progress and then the result when asked for lines', async () => {
    const response = await leerPortal(portal, { demanda: { name: 'demanda.pdf', bytes: demanda } }, { accept: 'application/x-ndjson' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const eventos = response.body.trim().split('\n').map((line) => LecturaEventoSchema.parse(JSON.parse(line)));
    expect(eventos.at(-1)?.tipo).toBe('resultado');
    expect(eventos.slice(0, -1).every((evento) => evento.tipo === 'progreso')).toBe(true);
  });

  it('refuses no file, a file that is not a PDF and a staff token, in Spanish', async () => {
    const vacio = await leerPortal(portal, {});
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json()).toMatchObject({ detail: 'Adjunte la demanda o la resolución en PDF.' });
    const noPdf = await leerPortal(portal, { resolucion: { name: 'r.pdf', bytes: Buffer.from('PK\u0003\u0004 zip') } });
    expect(noPdf.statusCode).toBe(400);
    expect(noPdf.json()).toMatchObject({ detail: 'El archivo de la resolución no es un PDF.' });
    const staffToken = await leerPortal(staff, { demanda: { name: 'demanda.pdf', bytes: demanda } });
    expect([401, 403]).toContain(staffToken.statusCode);
  });
});

describe('POST /solicitudes/{id}/lectura/', () => {
  let solicitudId = 0;

  beforeAll(async () => {
    const lookups = await loadLookups(t, staff);
    const { estudio_juridico: _firm, ...datos } = encargoPayload(estudio, lookups, { numero_rol: 'C-1234-2024', cuantia: 1500000 });
    const body = multipart({ datos: JSON.stringify(datos) }, { demanda: { name: 'demanda.pdf', bytes: demanda }, resolucion: { name: 'resolucion.pdf', bytes: resolucion } });
    const sent = await t.request(portal, { method: 'POST', url: '/api/v1/portal/solicitudes/', ...body });
    expect(sent.statusCode, sent.body).toBe(201);
    solicitudId = SolicitudResponseSchema.parse(sent.json()).solicitud.id;
  });

  it("reads the request's stored PDFs for the office, with the request's firm", async () => {
    const response = await t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${solicitudId}/lectura/` });
    expect(response.statusCode, response.body).toBe(200);
    const body = LecturaDocumentosResponseSchema.parse(response.json());
    // What the firm typed (C-1234-2024, $1.500.000) differs from its PDFs.
    expect(body.propuesta).toMatchObject({ numero_rol: 'C-1234-2025', cuantia: 1850000, parte_demandante: estudio.partes_demandantes[0]!.id });
  });

  it('is 404 for another receiver and refused to a portal token, and stores nothing', async () => {
    const other = await t.request(staffB, { method: 'POST', url: `/api/v1/solicitudes/${solicitudId}/lectura/` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ detail: 'Solicitud no encontrada' });
    const firm = await t.request(portal, { method: 'POST', url: `/api/v1/solicitudes/${solicitudId}/lectura/` });
    expect(firm.statusCode).toBe(403);
  });
});
