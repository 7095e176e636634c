import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import type { CreatedEncargo } from '../support/encargos';
import { downloadSigned, encargosPorFirmar, makeTestCertificate, signedRow } from '../support/firma';
import { baseURL, databaseUrl, port, postgresServerUrl, repoRoot } from '../support/environment';
import { signIn, users } from '../support/login';

// Eight people share two cores while these run: LibreOffice conversions and signatures get a generous wait.
const expect = baseExpect.configure({ timeout: 60_000 });

test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** Letters no hex dump, base64 or UUID makes by chance. */
const PIN = 'Chercan-pin-5521';
const FIRMANTE = 'Ramón Ñiquén Araneda';
const SOFTHSM = '/usr/lib/softhsm/libsofthsm2.so';
const TSX = path.join(repoRoot, 'apps/firmador/node_modules/.bin/tsx');
const MAIN = path.join(repoRoot, 'apps/firmador/src/main.ts');
const PUERTO_AGENTE = port + 1200;

let dir: string;
let env: NodeJS.ProcessEnv;
let agente: ChildProcessWithoutNullStreams | null = null;
let salida = '';
let encargos: CreatedEncargo[] = [];

/** The receiver's token: a SoftHSM2 slot with a key and a certificate from a test CA (and the CA's certificate). */
function crearToken(): void {
  mkdirSync(path.join(dir, 'tokens'));
  writeFileSync(path.join(dir, 'softhsm2.conf'), `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  env = {
    ...process.env,
    SOFTHSM2_CONF: path.join(dir, 'softhsm2.conf'),
    FIRMADOR_CONFIG: path.join(dir, 'firmador.json'),
    FIRMADOR_PKCS11: SOFTHSM,
    FIRMADOR_ORIGEN: baseURL,
    FIRMADOR_SERVIDOR: baseURL,
    FIRMADOR_PUERTO: String(PUERTO_AGENTE),
    FIRMADOR_PIN: 'stdin',
  };
  makeTestCertificate(dir, { ca: 'AC de Prueba Token', firmante: FIRMANTE, rut: '9876543-3' });
  const run = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { cwd: dir, stdio: 'pipe', env });
  run('openssl', 'pkcs8', '-topk8', '-nocrypt', '-in', 'user.key', '-out', 'user.p8');
  run('openssl', 'x509', '-in', 'user.pem', '-outform', 'DER', '-out', 'user.der');
  run('openssl', 'x509', '-in', 'ca.pem', '-outform', 'DER', '-out', 'ca.der');
  run('softhsm2-util', '--init-token', '--free', '--label', 'Token Receptora', '--pin', PIN, '--so-pin', 'so-pin-1234');
  run('softhsm2-util', '--import', 'user.p8', '--token', 'Token Receptora', '--label', 'firma', '--id', '01', '--pin', PIN);
  rmSync(path.join(dir, 'user.p8'));
  rmSync(path.join(dir, 'user.key'));
  run('pkcs11-tool', '--module', SOFTHSM, '--token-label', 'Token Receptora', '--write-object', 'user.der', '--type', 'cert', '--id', '01', '--label', 'firma');
  run('pkcs11-tool', '--module', SOFTHSM, '--token-label', 'Token Receptora', '--write-object', 'ca.der', '--type', 'cert', '--id', '02', '--label', 'ca');
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  dir = mkdtempSync(path.join(os.tmpdir(), 'firma-token-e2e-'));
  crearToken();
  encargos = await encargosPorFirmar(request, [
    ['T', 'Ignacio Fuentes Lagos'],
    ['U', 'Valentina Rojas Peña'],
    ['V', 'Tomás Herrera Vidal'],
  ]);
});

test.afterAll(() => {
  if (agente && agente.exitCode === null) agente.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the agent paired from Mi perfil signs three certificates with the token, the PIN typed in the agent only; pdfsig validates the download', async ({ page }) => {
  const enviados: string[] = [];
  page.on('request', (r) => enviados.push(`${r.method()} ${r.url()}\n${JSON.stringify(r.headers())}\n${r.postData() ?? ''}`));

  // Mi perfil: a pairing code, used by the agent on this PC (which registers the token's certificate).
  await signIn(page, users.receptora, '/mi-perfil', 60_000);
  await page.evaluate((p) => localStorage.setItem('firmador-puerto', String(p)), PUERTO_AGENTE);
  const card = page.getByTestId('firmador-card');
  await card.getByRole('button', { name: 'Generar código de emparejamiento' }).click();
  const codigo = (await card.getByTestId('firmador-codigo-valor').textContent())!.trim();
  const emparejado = execFileSync(TSX, [MAIN, 'emparejar', codigo, '--servidor', baseURL, '--equipo', 'PC oficina'], { env, encoding: 'utf8' });
  expect(emparejado).toContain(`Certificado registrado: ${FIRMANTE}`);
  await page.reload();
  await expect(page.getByTestId('firmador-card').getByTestId('firmador-estado')).toContainText('Firmador emparejado en «PC oficina»');

  agente = spawn(TSX, [MAIN], { env });
  agente.stdout.on('data', (d: Buffer) => (salida += d.toString()));
  agente.stderr.on('data', (d: Buffer) => (salida += d.toString()));
  await expect.poll(() => salida).toContain('escuchando');

  // Por firmar: the token's certificate, the three chosen, handed to the agent; the PIN typed in the agent.
  await page.goto('/por-firmar');
  await expect(page.getByTestId('por-firmar-tipo-certificado')).toHaveText('Token criptográfico');
  const porFirmar = page.getByTestId('documentos-pdf');
  for (const encargo of encargos) await porFirmar.getByRole('checkbox', { name: `Seleccionar ${encargo.numero_rol}` }).check();
  await page.getByRole('button', { name: 'Firmar 3 con token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Firmar con token' });
  await expect(dialog).toContainText('Ingrese el PIN de su token en el firmador');
  await expect.poll(() => salida).toContain('PIN requerido');
  agente.stdin.write(`${PIN}\n`);
  await expect(dialog.getByTestId('firma-token-progreso-texto')).toHaveText('Se firmaron los 3 documentos.', { timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  for (const encargo of encargos) await expect(porFirmar.getByText(encargo.numero_rol, { exact: true })).toHaveCount(0);

  // Firmados: one downloaded and checked by pdfsig.
  const rol = encargos[0]!.numero_rol;
  const firmado = path.join(dir, 'firmado.pdf');
  await downloadSigned(page, await signedRow(page, rol), rol, firmado);
  let reporte = '';
  try {
    reporte = execFileSync('pdfsig', [firmado], { encoding: 'utf8' });
  } catch (error) {
    reporte = String((error as { stdout?: string }).stdout ?? '');
  }
  expect(reporte).toContain('Signature Validation: Signature is Valid.');
  expect(reporte).toContain(FIRMANTE);

  // The PIN never reached the browser's requests, nor the server's databases.
  expect(enviados.length).toBeGreaterThan(10);
  expect(enviados.filter((e) => e.includes(PIN))).toEqual([]);
  expect(readFileSync(firmado).includes(Buffer.from(PIN))).toBe(false);
  const tenants = execFileSync('psql', [databaseUrl, '-Atc', 'select database_name from tenants'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  for (const url of [databaseUrl, ...tenants.map((name) => `${postgresServerUrl}/${name}`)]) {
    const dump = execFileSync('pg_dump', ['--data-only', url], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
    expect(dump.length).toBeGreaterThan(1000);
    expect(dump.includes(PIN)).toBe(false);
  }
});
