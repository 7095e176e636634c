import { expect, test } from '@playwright/test';
import { adminHeaders } from '../support/encargos';
import { signIn, toast, users } from '../support/login';

// Configuraciones Estudio → Claves API: the receiver creates a key for a firm, copies its secret (shown
// once), the firm's system reads its assignments with it, and once revoked the key is refused.

const ESTUDIO = 'Larraín, Vial y Asociados Abogados';
const NOMBRE = `ERP ${Date.now().toString(36)}`;

test('a firm’s API key is created with its secret shown once, opens the firm’s assignments, and is refused once revoked', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, users.admin, '/configuraciones-estudio');
  await page.getByRole('combobox', { name: 'Estudio jurídico' }).click();
  await page.getByRole('option', { name: ESTUDIO, exact: true }).click();
  const panel = page.getByTestId('claves-api');
  await panel.getByLabel('Nombre').fill(NOMBRE);
  await panel.getByLabel('Leer encargos').check();
  await panel.getByRole('button', { name: 'Crear clave' }).click();
  await expect(toast(page, 'Clave API creada')).toBeVisible();
  const secreto = await panel.getByRole('textbox', { name: 'Secreto' }).inputValue();
  expect(secreto).toMatch(/^rk_[0-9A-Za-z]{43}$/);
  await panel.getByRole('button', { name: 'Copiar enlace' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secreto);

  const row = panel.getByTestId('clave-api').filter({ hasText: NOMBRE });
  await expect(row).toContainText(`${secreto.slice(0, 11)}…`);
  await expect(row).not.toContainText(secreto);

  const encargos = await request.get('/api/v1/portal/encargos/', { headers: { authorization: `Bearer ${secreto}` } });
  expect(encargos.status()).toBe(200);
  expect((await request.get('/api/v1/estudios/', { headers: { authorization: `Bearer ${secreto}` } })).status()).toBe(403);
  expect((await request.get('/api/v1/estudios/', { headers: await adminHeaders(request) })).status()).toBe(200);

  await row.getByRole('button', { name: 'Revocar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revocar clave API' });
  await dialog.getByRole('button', { name: 'Revocar' }).click();
  await expect(toast(page, 'Clave API revocada')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get('/api/v1/portal/encargos/', { headers: { authorization: `Bearer ${secreto}` } })).status()).toBe(401);
});

// Configuraciones Estudio → Uso de la API, and a request a firm's system sends as JSON: kept with its key
// and shown in the office's inbox as sent «vía API (clave …)».
test('the firm’s API settings are kept, and a request sent as JSON with a key shows in the inbox as sent vía API', async ({ page, request }) => {
  await signIn(page, users.admin, '/configuraciones-estudio');
  await page.getByRole('combobox', { name: 'Estudio jurídico' }).click();
  await page.getByRole('option', { name: ESTUDIO, exact: true }).click();
  const panel = page.getByTestId('configuracion-api');
  const limite = panel.getByRole('textbox', { name: 'Límite de solicitudes por minuto (por clave)' });
  await expect(panel.getByRole('button', { name: 'Guardar' })).toBeEnabled();
  await limite.fill('1200');
  await panel.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Configuración de la API guardada')).toBeVisible();
  await expect(limite).toHaveValue('1.200');

  const headers = await adminHeaders(request);
  const estudios = (await (await request.get('/api/v1/estudios/', { headers })).json()) as Array<{ id: number; nombre: string; partes_demandantes: Array<{ id: number }> }>;
  const estudio = estudios.find((item) => item.nombre === ESTUDIO)!;
  const guardada = await request.get(`/api/v1/estudios/${estudio.id}/portal_configuracion/`, { headers });
  expect(await guardada.json()).toEqual({ limite_api_por_minuto: 1200, aceptar_api_automaticamente: false });
  const creada = await request.post(`/api/v1/estudios/${estudio.id}/claves_api/`, { headers, data: { nombre: `Cobranza ${NOMBRE}`, alcances: ['encargos:crear'] } });
  expect(creada.status()).toBe(201);
  const { secreto, clave } = (await creada.json()) as { secreto: string; clave: { prefijo: string } };
  const rol = `A-${String(Date.now()).slice(-6)}-2026`;
  const datos = {
    fecha_encargo: '2026-03-10',
    parte_demandante: estudio.partes_demandantes[0]!.id,
    tribunal: 1,
    numero_rol: rol,
    tipo_causa: 1,
    tipo_encargo: 1,
    partes: 'Banco de Chile con Soto Muñoz',
    fecha_retiro: '2026-03-11',
    fecha_demanda: '2026-01-20',
    fecha_resolucion: '2026-02-03',
    cuantia: 1500000,
    rut_ejecutado: '12345678-5',
    ejecutados: 'Pedro Soto Muñoz',
    domicilios: [{ direccion: 'Av. Providencia 1234, depto 501', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
    observaciones_encargo: 'Enviada por el sistema',
  };
  const demanda = { nombre: 'demanda.pdf', contenido_base64: Buffer.from('%PDF-1.4\n%bench\n').toString('base64') };
  const sent = await request.post('/api/v1/portal/solicitudes/', {
    headers: { authorization: `Bearer ${secreto}`, 'idempotency-key': `e2e-${rol}` },
    data: { datos, demanda },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.goto('/solicitudes');
  await expect(page.getByText(rol)).toBeVisible();
  await expect(page.getByText(`Enviada por vía API (clave ${clave.prefijo})`, { exact: false })).toBeVisible();
});
