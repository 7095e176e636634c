import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { adminHeaders, type CreatedEncargo, createEncargo, uniqueRol } from './encargos';

/**
 * A test CA and a user certificate it signed for `firmante` (RUT in serialNumber), in `dir`: ca.pem and
 * ca.key, user.key and user.pem.
 */
export function makeTestCertificate(dir: string, { ca, firmante, rut }: { ca: string; firmante: string; rut: string }): void {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', `/CN=${ca}`);
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'user.key', '-out', 'user.csr', '-utf8', '-subj', `/CN=${firmante}/serialNumber=${rut}`);
  // A signing certificate declares digital signature and non-repudiation (certificates without them are refused).
  writeFileSync(path.join(dir, 'firmante.ext'), 'keyUsage = critical, digitalSignature, nonRepudiation\n');
  run('x509', '-req', '-in', 'user.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'user.pem', '-days', '30', '-extfile', 'firmante.ext');
}

async function tipoId(request: APIRequestContext, nombre: string): Promise<number> {
  const response = await request.get('/estampados/api/estampados/tipos', { headers: await adminHeaders(request) });
  const tipo = ((await response.json()) as { id: number; nombre: string }[]).find((item) => item.nombre === nombre);
  expect(tipo).toBeDefined();
  return tipo?.id as number;
}

async function rolesConPdf(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/v1/firma/documentos/?estado=pdf', { headers: await adminHeaders(request) });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { results: { numero_rol: string }[] }).results.map((d) => d.numero_rol);
}

/**
 * One assignment per (rol letter, demandado), each with a 'Búsqueda positiva' answer and its certificate
 * stamped, once their PDFs wait in 'Por firmar'.
 */
export async function encargosPorFirmar(
  request: APIRequestContext,
  demandados: readonly (readonly [letra: string, ejecutado: string])[],
  { validarMarcadores = false } = {},
): Promise<CreatedEncargo[]> {
  const headers = await adminHeaders(request);
  const tipo = await tipoId(request, 'Búsqueda positiva');
  const encargos: CreatedEncargo[] = [];
  for (const [letra, ejecutado] of demandados) {
    const encargo = await createEncargo(request, uniqueRol(letra), ejecutado);
    const saved = await request.post('/api/v1/diligencias/guardar_resultados/', {
      headers,
      data: { numero_rol: encargo.numero_rol, resultado_id: tipo, fecha_diligencia: '12/03/2025 10:15', apuntes_terreno: 'El demandado fue habido en su domicilio.' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const made = await request.post('/estampados/api/estampados/generar', {
      headers,
      data: { tipo_estampado: tipo, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol }, ...(validarMarcadores ? { validar_marcadores: true } : {}) },
    });
    expect(made.status(), await made.text()).toBe(201);
    encargos.push(encargo);
  }
  // LibreOffice makes their PDFs after the answers, one at a time.
  await expect
    .poll(async () => {
      const roles = await rolesConPdf(request);
      return encargos.every((e) => roles.includes(e.numero_rol));
    }, { timeout: 180_000 })
    .toBe(true);
  return encargos;
}

/** 'Por firmar' → Firmados: the signed document's row of this rol. */
export async function signedRow(page: Page, rol: string): Promise<Locator> {
  await page.locator('label').filter({ hasText: /^Firmados$/ }).click();
  return page.getByTestId('documentos-firmado').getByRole('row').filter({ hasText: rol });
}

/** Downloads the signed PDF from its row in Firmados into `file`. */
export async function downloadSigned(page: Page, row: Locator, rol: string, file: string): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Descargar PDF firmado ${rol}` }).click()]);
  await download.saveAs(file);
}
