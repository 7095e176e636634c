import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { formatDate, todayIso, toSantiagoIso, visitaMessages } from '@receptoria/contracts';
import { docxText } from '../support/docx';
import { adminHeaders } from '../support/encargos';
import { signIn, toast, users } from '../support/login';
import { mailText, startSmtpStandIn } from '../support/mail-stand-ins';

// One assignment's whole day through the screens (issue 36): the two searches are on record from the
// phone's API, the art. 44 act is recorded on /terreno at 390 px, then the office, signature, upload,
// Cobranza, receipt, payment, the firm's portal and Cierre del día. Soft assertions let one run say
// every screen that is still wrong.

// Eight people share two cores while these run: server answers and LibreOffice get a generous wait.
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 900_000 });

const STAMP = Date.now().toString(36);
const ESTUDIO = `Recuperaciones Andes ${STAMP}`;
const ROL = `C-${String(Date.now()).slice(-6)}-2025`;
const DIRECCION = 'Gran Avenida José Miguel Carrera 5320';
const EMAIL = `abogada.${STAMP}@recuperacionesandes.cl`;
const PORTAL_PASSWORD = 'clave-portal-dia-1';
const FIRMA_PASSWORD = 'clave-firma-dia';
const TARIFA = 48_000;
const PHONE = { width: 390, height: 844 };
const POSITION = { latitude: -33.4968, longitude: -70.6516, accuracy: 12 };
const DIA_MS = 86_400_000;

const hoy = todayIso();
const fechaEncargo = todayIso(new Date(Date.now() - 3 * DIA_MS));
const ayer = todayIso(new Date(Date.now() - DIA_MS));
const dmy = (iso: string) => formatDate(iso.slice(0, 10));
const hhmm = (iso: string) => iso.slice(11, 16);

let encargo = { id: 0, domicilio: 0 };
let busqueda2 = '';
let activacion = '';
let dir = '';

interface Fixtures {
  browser: Browser;
  page: Page;
  request: APIRequestContext;
}

async function api(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) {
  const headers = await adminHeaders(request);
  const response = await request.fetch(`/api/v1${url}`, { method, headers, data: data as never });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return response.json();
}

/** A signing certificate (test CA, RUT in serialNumber) as OpenSSL 3's PKCS#12. */
function certificadoFirma(): Buffer {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=AC de Prueba Receptoria');
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'user.key', '-out', 'user.csr', '-utf8', '-subj', '/CN=Receptora Día Completo/serialNumber=12345678-5');
  // A signing certificate declares digital signature and non-repudiation (certificates without them are refused).
  writeFileSync(path.join(dir, 'firmante.ext'), 'keyUsage = critical, digitalSignature, nonRepudiation\n');
  run('x509', '-req', '-in', 'user.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'user.pem', '-days', '30', '-extfile', 'firmante.ext');
  run('pkcs12', '-export', '-inkey', 'user.key', '-in', 'user.pem', '-certfile', 'ca.pem', '-out', 'firma.p12', '-passout', `pass:${FIRMA_PASSWORD}`);
  return readFileSync(path.join(dir, 'firma.p12'));
}

async function leer(request: APIRequestContext) {
  const body = await api(request, 'GET', `/encargos/buscar_por_rol/?numero_rol=${encodeURIComponent(ROL)}`);
  return (Array.isArray(body) ? body : [body]).find((e: { id: number }) => e.id === encargo.id) as Record<string, unknown>;
}

async function plazos(request: APIRequestContext) {
  const hasta = `${Number(hoy.slice(0, 4)) + 1}-12-31`;
  return (await api(request, 'GET', `/calendario/plazos/?desde=${fechaEncargo}&hasta=${hasta}&encargo=${encargo.id}`)) as { tipo: string; estado: string }[];
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'es-CL', timezoneId: 'America/Santiago', permissions: ['geolocation'], geolocation: POSITION });
  return { context, page: await context.newPage() };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  dir = mkdtempSync(path.join(os.tmpdir(), 'dia-completo-'));
  // The firm with its own rate for the art. 44 notification, beside whatever list the receiver has.
  const estudio = await api(request, 'POST', '/estudios/registrar_estudio/', {
    nombre: ESTUDIO,
    direccion: 'Huérfanos 1160, oficina 1201',
    comuna: 'Santiago',
    ciudad: 'Santiago',
    telefono: '+56 2 2696 4410',
    fax: '',
    rut_estudio: `76${String(Date.now()).slice(-6)}-${'0123456789K'[Date.now() % 11]}`,
    emails: [{ email: `cobranza.${STAMP}@recuperacionesandes.cl`, tipo: 'principal' }],
    partes_demandantes: [{ nombre: 'Banco de Chile', tipo: 'banco' }],
    enviar_informes_diarios: false,
    enviar_informes_mensuales: false,
  });
  const tipos = (await api(request, 'GET', '/honorarios/tarifas/')) as unknown[];
  const art44 = ((await (await request.get('/estampados/api/estampados/tipos', { headers: await adminHeaders(request) })).json()) as { id: number; nombre: string }[]).find(
    (t) => t.nombre === 'Notificación subsidiaria art. 44',
  );
  await api(request, 'PUT', '/honorarios/tarifas/', [...tipos, { estudio_id: estudio.id, tipo_estampado_id: art44?.id, monto_clp: TARIFA }]);
  const lookups = (await api(request, 'GET', '/encargos/tribunales/')) as { id: number; nombre: string }[];
  const creado = await api(request, 'POST', '/nuevo_encargo/crear/', {
    fecha_encargo: fechaEncargo,
    estudio_juridico: estudio.id,
    parte_demandante: estudio.partes_demandantes[0].id,
    tribunal: lookups.find((t) => t.nombre.includes('San Miguel'))?.id ?? lookups[0]?.id,
    numero_rol: ROL,
    tipo_causa: 1,
    tipo_encargo: 1,
    partes: 'Banco de Chile con Marcela Fuentealba Soto',
    fecha_retiro: fechaEncargo,
    fecha_demanda: '2025-10-01',
    fecha_resolucion: '2025-10-15',
    cuantia: 2_450_000,
    rut_ejecutado: '12345678-5',
    ejecutados: 'Marcela Andrea Fuentealba Soto',
    domicilios: [{ direccion: DIRECCION, comuna: 'San Miguel', ciudad: 'Santiago', es_principal: true }],
    observaciones_encargo: 'Es urgente',
  });
  encargo = { id: creado.id, domicilio: creado.domicilios[0].id };
  // The two searches, sent by the phone's queue on two days: yesterday morning and a minute and a half ago.
  busqueda2 = toSantiagoIso(new Date(Math.floor((Date.now() - 90_000) / 1000) * 1000));
  for (const [fecha, informante] of [
    [`${ayer}T10:15:00${busqueda2.slice(19)}`, { nombre: 'Jorge Tapia', relacion: 'conserje' }],
    [busqueda2, { nombre: 'Carmen Rojas', relacion: 'vecino' }],
  ] as const) {
    await api(request, 'POST', `/encargos/${encargo.id}/visitas/`, {
      uuid: crypto.randomUUID(),
      domicilio_id: encargo.domicilio,
      fecha_hora: fecha,
      tipo: 'busqueda',
      resultado: 'domicilio_confirmado',
      informante,
      apuntes: 'Se confirma que la demandada vive en el domicilio.',
      ubicacion: { lat: POSITION.latitude, lon: POSITION.longitude, precision_m: 9 },
      origen: 'terreno',
    });
  }
  // The firm's lawyer, invited: the activation link from the invitation's answer (issue 36 §4), else from the mail.
  const smtp = await startSmtpStandIn();
  try {
    const invitacion = await api(request, 'POST', `/estudios/${estudio.id}/usuarios_portal/`, { nombre: 'Javiera Andes', email: EMAIL });
    activacion = /\/portal\/activar\/([A-Za-z0-9_-]{20,})/.exec(invitacion.correo?.enlace_activacion ?? '')?.[1] ?? '';
    if (!activacion) {
      await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(EMAIL)).length, { timeout: 30_000 }).toBe(1);
      activacion = /\/portal\/activar\/([A-Za-z0-9_-]{20,})/.exec(mailText(smtp.received.find((mail) => mail.to.includes(EMAIL))!.raw))?.[1] ?? '';
    }
    expect(activacion).not.toBe('');
  } finally {
    await smtp.close();
  }
  const activated = await request.post('/api/v1/portal/auth/activar/', { data: { token: activacion, password: PORTAL_PASSWORD } });
  expect(activated.ok(), await activated.text()).toBeTruthy();
  // The receiver's signing certificate, as Mi perfil uploads it.
  const cert = await request.post('/api/v1/firma/certificado/', {
    headers: await adminHeaders(request),
    multipart: { password: FIRMA_PASSWORD, archivo: { name: 'firma.p12', mimeType: 'application/x-pkcs12', buffer: certificadoFirma() } },
  });
  expect(cert.status(), await cert.text()).toBe(201);
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** the art. 44 act on the phone at 390 px, seconds after the second search */
async function etapa1({ browser, request }: Fixtures) {
  const { context, page } = await phone(browser);
  try {
    await signIn(page, users.receptora, '/terreno', 60_000);
    const card = page.getByTestId('parada').filter({ hasText: ROL });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Registrar visita' }).click();
    await expect(page.getByTestId('visita-form')).toBeVisible();
    await page.getByLabel('Diligencia', { exact: true }).selectOption({ label: 'Notificación' });
    await page.getByRole('button', { name: 'Notificado art. 44', exact: true }).click();
    await expect(page.getByTestId('aviso-art44')).toHaveCount(0);
    await page.getByLabel('Nombre del informante').fill('Rosa Muñoz');
    await page.getByLabel('Relación del informante').selectOption({ label: 'Familiar' });
    await page.getByLabel('Entrega de las copias').selectOption({ label: 'Entregadas a persona adulta' });
    await page.getByLabel('Nombre de quien las recibió').fill('Rosa Muñoz');
    await page.getByLabel('Relación con la persona buscada').fill('hija');
    await page.getByLabel('Apuntes').fill('Copias entregadas a la hija de la demandada.');
    await page.getByRole('button', { name: 'Guardar visita' }).click();
    await expect(page.getByTestId('visita-en-cola').filter({ hasText: ROL })).toHaveAttribute('data-estado', 'enviada', { timeout: 60_000 });
    await expect(page.getByTestId('contador-por-enviar')).toHaveText('Todas las visitas están enviadas');
    await expect(page.getByTestId('rechazos-aviso')).toHaveCount(0);
    const visitas = (await api(request, 'GET', `/encargos/${encargo.id}/visitas/`)).visitas as { resultado: string; fecha_hora: string; entrega_copias?: unknown }[];
    expect(visitas.map((v) => v.resultado)).toEqual(['domicilio_confirmado', 'domicilio_confirmado', 'notificado_art44']);
    expect(Date.parse(visitas[2]!.fecha_hora)).toBeGreaterThan(Date.parse(busqueda2));
    expect.soft(visitas[2]?.entrega_copias).toMatchObject({ modo: 'persona_adulta', nombre: 'Rosa Muñoz' });
    // One deadline: the letter, pending.
    expect.soft((await plazos(request)).map((p) => [p.tipo, p.estado])).toEqual([['carta_art_46', 'pendiente']]);
  } finally {
    await context.close();
  }
}

/** the art. 46 letter is registered from the work queue with its tracking number */
async function etapa2({ page, request }: Fixtures) {
  await signIn(page, users.admin, '/resultados-dashboard', 60_000);
  const section = page.getByTestId('cola-cartas-art46');
  const fila = section.getByTestId(`carta-art46-${encargo.id}`);
  await expect(fila).toBeVisible();
  await fila.getByRole('button', { name: `Registrar envío de la carta del rol ${ROL}` }).click();
  const form = page.getByTestId('carta-art46-form');
  await form.getByLabel('Número de seguimiento').fill('RR123456789CL');
  await form.getByRole('button', { name: 'Registrar envío' }).click();
  await expect(toast(page, visitaMessages.cartaRegistrada)).toBeVisible();
  await expect(section.getByTestId(`carta-art46-${encargo.id}`)).toHaveCount(0);
  expect.soft((await plazos(request)).map((p) => [p.tipo, p.estado])).toEqual([['carta_art_46', 'cumplido']]);
}

/** Resultados y Estampados starts from the visit: the act, its minute, the informant and the firm’s fee; the certificate cites both searches */
async function etapa3({ page, request }: Fixtures) {
  const visitas = (await api(request, 'GET', `/encargos/${encargo.id}/visitas/`)).visitas as { fecha_hora: string }[];
  const acto = visitas[2]!.fecha_hora;
  await signIn(page, users.admin, `/diligencias?rol=${ROL}`, 60_000);
  await expect(toast(page, 'Encargo cargado')).toBeVisible();
  await expect(page.getByTestId('resultados-desde-visita')).toContainText('Notificado art. 44');
  const fecha = page.getByRole('textbox', { name: 'Fecha y hora de la diligencia', exact: true });
  const tipo = page.getByRole('combobox', { name: 'Tipo de estampado', exact: true });
  await expect.soft(tipo).toHaveValue('Notificación subsidiaria art. 44', { timeout: 10_000 });
  await expect.soft(fecha).toHaveValue(`${dmy(acto)} ${hhmm(acto)}`, { timeout: 10_000 });
  await expect.soft(page.getByRole('textbox', { name: 'Informante', exact: true })).toHaveValue('Rosa Muñoz', { timeout: 10_000 });
  // The day goes on with the act as the form should have offered it (the minute typed keeps the visit's instant).
  // (Picking the option already chosen would clear it.)
  if ((await tipo.inputValue()) !== 'Notificación subsidiaria art. 44') await choose(page, 'Tipo de estampado', 'Notificación subsidiaria art. 44');
  await fecha.fill(`${dmy(acto)} ${hhmm(acto)}`);
  await expect.soft(page.getByText(`${ESTUDIO}: $48.000`)).toBeVisible();

  await page.getByRole('button', { name: 'Vista previa' }).click();
  const preview = page.getByRole('dialog', { name: 'Vista previa del estampado' });
  const texto = preview.getByTestId('preview-texto');
  await expect(texto).toContainText(`la primera vez el día ${dmy(ayer).replaceAll('/', '-')}, a las 10:15 horas`);
  await expect.soft(texto).toContainText(`y la segunda el día ${dmy(hoy).replaceAll('/', '-')}, a las ${hhmm(busqueda2)} horas`);
  await expect.soft(texto).toContainText('Drs. $48.000.-');
  await expect.soft(texto).not.toContainText('<<');
  await preview.getByRole('button', { name: 'Cerrar' }).click();

  const generar = page.waitForResponse((r) => r.url().endsWith('/estampados/api/estampados/generar') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Generar Estampado' }).click();
  const answer = await generar;
  expect(answer.status(), await answer.text()).toBe(201);
  await expect(page.getByTestId('resumen-estado')).toHaveText('Listo para Estampar');
  const url = ((await answer.json()) as { documento: { url: string } }).documento.url;
  const docx = docxText(Buffer.from(await (await request.get(url)).body()));
  expect.soft(docx).toContain(`siendo las ${hhmm(acto)} horas`);
  expect.soft(docx).toContain('Jorge Tapia');
  expect.soft(docx).toContain('Carmen Rojas');
  expect.soft(docx).toMatch(/entregando las copias[^.]*Rosa Muñoz/);
  expect.soft(docx).toContain('Drs. $48.000.-');
  const stored = await leer(request);
  expect.soft(stored).toMatchObject({ estado: 'listo_para_estampar', valor_asociado: TARIFA });
  expect.soft(Date.parse(stored.ultima_diligencia_fecha as string)).toBe(Date.parse(acto));
  expect.soft((await plazos(request)).map((p) => [p.tipo, p.estado]).sort()).toEqual([
    ['carta_art_46', 'cumplido'],
    ['subida_estampado', 'pendiente'],
  ]);
}

/** signed in Por firmar and marked uploaded: the assignment is estampado and Cobranza bills it */
async function etapa4({ page, request }: Fixtures) {
  await expect
    .poll(async () => ((await api(request, 'GET', '/firma/documentos/?estado=pdf')).results as { numero_rol: string }[]).some((d) => d.numero_rol === ROL), {
      timeout: 180_000,
    })
    .toBe(true);
  await signIn(page, users.admin, '/por-firmar', 60_000);
  const porFirmar = page.getByTestId('documentos-pdf');
  await porFirmar.getByRole('checkbox', { name: `Seleccionar ${ROL}` }).check();
  await page.getByRole('button', { name: 'Firmar 1 documento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Firmar documentos' });
  await dialog.getByLabel('Contraseña del certificado').fill(FIRMA_PASSWORD);
  await dialog.getByRole('button', { name: 'Firmar' }).click();
  await expect(dialog.getByTestId('firma-progreso-texto')).toHaveText('1 de 1 firmados', { timeout: 180_000 });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect.poll(async () => (await leer(request)).estado).toBe('estampado');
  expect.soft((await leer(request)).fecha_estampado).toBe(hoy);

  await page.getByText('Firmados', { exact: true }).click();
  await page.getByTestId('documentos-firmado').getByRole('button', { name: `Marcar ${ROL} como subido al tribunal` }).click();
  const subido = page.getByRole('dialog', { name: 'Marcar como subido al tribunal' });
  await subido.getByRole('button', { name: 'Guardar' }).click();
  await expect(subido).toBeHidden();
  expect.soft((await plazos(request)).map((p) => [p.tipo, p.estado]).sort()).toEqual([
    ['carta_art_46', 'cumplido'],
    ['subida_estampado', 'cumplido'],
  ]);

  await page.goto('/cobranza');
  await choose(page, 'Estudio Jurídico', ESTUDIO);
  await expect(page.getByTestId('cobranza-preview')).toContainText(ROL);
  await expect.soft(page.getByTestId('cobranza-total')).toHaveText('Total: $48.000');
}

/** billed at the firm’s rate: receipt and payment in Cobranza */
async function etapa5({ page }: Fixtures) {
  await signIn(page, users.admin, '/cobranza?tab=recibos', 60_000);
  const nuevo = page.getByTestId('nuevo-recibo');
  await nuevo.getByRole('combobox', { name: 'Estudio Jurídico' }).click();
  await page.getByRole('option', { name: ESTUDIO }).click();
  await expect(nuevo.getByTestId('facturables')).toContainText(ROL);
  await nuevo.getByTestId('facturables').getByRole('checkbox', { name: 'Seleccionar todas' }).check();
  await expect.soft(nuevo.getByTestId('nuevo-recibo-total')).toHaveText('1 diligencia · $ 48.000');
  await nuevo.getByRole('button', { name: 'Crear recibo' }).click();
  await expect(toast(page, /^Recibo N° \d+ creado$/)).toBeVisible();
  const detalle = page.getByTestId('recibo-detalle');
  await expect(detalle.getByTestId('recibo-total')).toHaveText('$ 48.000');
  await detalle.getByRole('button', { name: 'Cerrar' }).click();

  await page.getByRole('tab', { name: 'Pagos' }).click();
  const pago = page.getByTestId('registrar-pago');
  await pago.getByRole('combobox', { name: 'Estudio Jurídico' }).click();
  await page.getByRole('option', { name: ESTUDIO }).click();
  await expect(pago.getByTestId('aplicaciones')).toBeVisible();
  await pago.getByRole('textbox', { name: 'Monto' }).fill('48000');
  await pago.getByRole('textbox', { name: 'Referencia' }).fill(`TRX-${STAMP}`);
  await pago.getByRole('button', { name: 'Aplicar en orden de antigüedad' }).click();
  await expect(pago.getByTestId('registrar-pago-resumen')).toHaveText('Aplicado: $ 48.000 · Queda como crédito del estudio: $ 0');
  await pago.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(toast(page, 'Pago registrado')).toBeVisible();
}

/** the firm’s portal tells the day in order, and Cierre del día lists the field work */
async function etapa6({ browser, page }: Fixtures) {
  const { context, page: portal } = await phone(browser);
  try {
    await portal.goto('/portal/login');
    await portal.getByLabel('Correo electrónico').fill(EMAIL);
    await portal.getByLabel('Contraseña', { exact: true }).fill(PORTAL_PASSWORD);
    await portal.getByRole('button', { name: 'Ingresar' }).click();
    await expect(portal.getByTestId('portal-estudio')).toHaveText(ESTUDIO);
    await portal.goto(`/portal/encargos/${encargo.id}`);
    await expect(portal.getByTestId('portal-encargo-rol')).toHaveText(ROL);
    const eventos = portal.getByTestId('portal-timeline').locator('[data-testid^="portal-evento-"]');
    await expect(eventos.first()).toHaveAttribute('data-testid', 'portal-evento-recibido');
    const tipos = await eventos.evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.replace('portal-evento-', '')));
    expect.soft(tipos.filter((t) => t === 'visita')).toHaveLength(3);
    expect.soft(tipos.at(-1)).toBe('recibo');
    expect.soft(tipos.filter((t) => t === 'plazo')).toHaveLength(2);
    expect.soft(tipos.indexOf('visita')).toBeLessThan(tipos.indexOf('resultado'));
    expect.soft(tipos.indexOf('resultado')).toBeLessThan(tipos.indexOf('certificado'));
    // The letter was sent: the timeline says so with its tracking number, and its met deadline does not read as one to come.
    await expect.soft(portal.getByTestId('portal-timeline')).toContainText('RR123456789CL');
    await expect.soft(portal.getByTestId('portal-evento-plazo').filter({ hasText: /carta certificada/i })).not.toContainText('Vence');
    const overflow = await portal.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect.soft(overflow).toBeLessThanOrEqual(1);
  } finally {
    await context.close();
  }

  await signIn(page, users.admin, '/', 60_000);
  const panel = page.getByTestId('cierre-dia');
  await panel.scrollIntoViewIfNeeded();
  const visitas = panel.getByTestId('cierre-lista-visitas');
  await expect(visitas).toContainText(ROL);
  await expect.soft(visitas).toContainText(hhmm(busqueda2));
  await expect.soft(panel).not.toContainText('aún no registra las visitas');
  const certificados = panel.getByTestId('cierre-lista-certificados');
  await expect.soft(certificados).toContainText(ROL);
  await expect.soft(certificados.locator('div').filter({ hasText: ROL }).last()).toContainText('$48.000');
  await expect.soft(certificados.locator('div').filter({ hasText: ROL }).last()).toContainText('Facturable');
}

// One test, one step per act: a screen found wrong is recorded (soft) and the day goes on.
test('one assignment, one day, through the screens', async ({ browser, page, request }) => {
  await test.step('the art. 44 act on the phone at 390 px, seconds after the second search', () => etapa1({ browser, page, request }));
  await test.step('the art. 46 letter is registered from the work queue with its tracking number', () => etapa2({ browser, page, request }));
  await test.step('Resultados y Estampados starts from the visit: the act, its minute, the informant and the firm’s fee; the certificate cites both searches', () => etapa3({ browser, page, request }));
  await test.step('signed in Por firmar and marked uploaded: the assignment is estampado and Cobranza bills it', () => etapa4({ browser, page, request }));
  await test.step('billed at the firm’s rate: receipt and payment in Cobranza', () => etapa5({ browser, page, request }));
  await test.step('the firm’s portal tells the day in order, and Cierre del día lists the field work', () => etapa6({ browser, page, request }));
});
