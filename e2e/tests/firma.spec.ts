import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import type { CreatedEncargo } from '../support/encargos';
import { downloadSigned, encargosPorFirmar, makeTestCertificate, signedRow } from '../support/firma';
import { signIn, users } from '../support/login';

// Eight people share two cores while these run: LibreOffice conversions and signatures get a generous wait.
const expect = baseExpect.configure({ timeout: 60_000 });

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PASSWORD = 'clave-firma-e2e';
const FIRMANTE = 'María José Muñoz Tapia';

let dir: string;
let p12: string;
let encargos: CreatedEncargo[] = [];

/** The test CA's user certificate exported as OpenSSL 3's PKCS#12. */
function makeP12(): string {
  makeTestCertificate(dir, { ca: 'AC de Prueba Receptoria', firmante: FIRMANTE, rut: '12345678-5' });
  execFileSync('openssl', ['pkcs12', '-export', '-inkey', 'user.key', '-in', 'user.pem', '-certfile', 'ca.pem', '-out', 'firma.p12', '-passout', `pass:${PASSWORD}`], { cwd: dir, stdio: 'pipe' });
  return path.join(dir, 'firma.p12');
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  dir = mkdtempSync(path.join(os.tmpdir(), 'firma-e2e-'));
  p12 = makeP12();
  encargos = await encargosPorFirmar(
    request,
    [
      ['F', 'Ignacio Fuentes Lagos'],
      ['G', 'Valentina Rojas Peña'],
      ['H', 'Tomás Herrera Vidal'],
    ],
    { validarMarcadores: true },
  );
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a certificate uploaded in Mi perfil signs three certificates with one password; a signed PDF downloaded matches its public verification page and an altered copy does not', async ({
  page,
  browser,
}) => {
  // Mi perfil: the .p12 and its password; the API reads the name (accents kept), the RUT and the issuer.
  await signIn(page, users.receptora, '/mi-perfil', 60_000);
  const card = page.getByTestId('certificado-firma');
  await card.locator('input[type="file"]').setInputFiles(p12);
  await card.getByLabel('Contraseña del certificado').fill(PASSWORD);
  await card.getByRole('button', { name: /Cargar certificado|Reemplazar certificado/ }).click();
  await expect(card.getByTestId('certificado-nombre')).toHaveText(FIRMANTE);
  await expect(card.getByTestId('certificado-rut')).toHaveText('12.345.678-5');
  await expect(card.getByTestId('certificado-emisor')).toHaveText('AC de Prueba Receptoria');
  // The receiver's rule for signing without a revocation answer: the default, read-only for a user who is not the receiver.
  const configuracion = page.getByTestId('firma-configuracion');
  const marcar = configuracion.getByRole('radio', { name: 'Firmar y marcar el documento "revocación no verificada" (recomendado)' });
  await expect(marcar).toBeChecked();
  await expect(marcar).toBeDisabled();
  await expect(configuracion.getByText('Solo el receptor puede cambiar esta configuración.')).toBeVisible();

  // Por firmar from the menu: the three, chosen among whatever else waits, signed with one password.
  await page.getByRole('button', { name: 'Accesos directos' }).click();
  await page.getByRole('menuitem', { name: 'Por firmar' }).click();
  await expect(page).toHaveURL(/\/por-firmar$/);
  // No TSA configured on this server: the screen says the signatures stay basic (PAdES B-B).
  await expect(page.getByTestId('por-firmar-sin-sello')).toContainText('Sin sello de tiempo configurado');
  const porFirmar = page.getByTestId('documentos-pdf');
  for (const encargo of encargos) await porFirmar.getByRole('checkbox', { name: `Seleccionar ${encargo.numero_rol}` }).check();
  await page.getByRole('button', { name: 'Firmar 3 documentos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Firmar documentos' });
  await expect(dialog).toContainText(FIRMANTE);
  await dialog.getByLabel('Contraseña del certificado').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Firmar' }).click();
  await expect(dialog.getByTestId('firma-progreso-texto')).toHaveText('3 de 3 firmados', { timeout: 180_000 });
  await expect(dialog.getByTestId('firma-resultados').getByText('Firmado', { exact: true })).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  for (const encargo of encargos) await expect(porFirmar.getByText(encargo.numero_rol, { exact: true })).toHaveCount(0);

  // Firmados: one downloaded; its verification code is the one printed beside it.
  const rol = encargos[0]!.numero_rol;
  const row = await signedRow(page, rol);
  await expect(row.getByText('B-B', { exact: true })).toBeVisible();
  // The test CA names no OCSP or CRL: signed under firma_sin_revocacion's default and marked.
  await expect(row.getByText('revocación no verificada', { exact: true })).toBeVisible();
  const codigo = (await row.getByText(/^[A-Z2-7]{4}(-[A-Z2-7]{1,4}){6}$/).textContent())!.trim();
  const firmado = path.join(dir, 'firmado.pdf');
  await downloadSigned(page, row, rol, firmado);
  const bytes = readFileSync(firmado);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const alterado = path.join(dir, 'alterado.pdf');
  const copia = Buffer.from(bytes);
  const medio = Math.floor(copia.length / 2);
  copia[medio] = (copia[medio] ?? 0) ^ 0x01;
  writeFileSync(alterado, copia);

  // The public page, without a session: the document's data, and the file compared in the browser.
  const publico = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'es-CL', timezoneId: 'America/Santiago' });
  try {
    const verificar = await publico.newPage();
    await verificar.goto(`/verificar/${codigo}`);
    await expect(verificar.getByTestId('verificacion-rol')).toHaveText(rol);
    await expect(verificar.getByTestId('verificacion-firmante')).toHaveText(FIRMANTE);
    await expect(verificar.getByTestId('verificacion-codigo')).toHaveText(codigo);
    const input = verificar.locator('input[type="file"]');
    await input.setInputFiles(firmado);
    await expect(verificar.getByTestId('verificar-resultado')).toContainText('El archivo es idéntico al documento firmado');
    await input.setInputFiles(alterado);
    await expect(verificar.getByTestId('verificar-resultado')).toContainText('El archivo NO es el documento firmado');
  } finally {
    await publico.close();
  }
});
