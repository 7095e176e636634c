import { expect, type Locator, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { adminHeaders, registerEstudio } from '../support/encargos';
import { signIn, toast, users } from '../support/login';
import { startSmtpStandIn } from '../support/mail-stand-ins';
import { activatePortalUser, invitePortalUser, signInToPortal } from '../support/portal';
import { pdfTexto } from '../support/pdf-texto';

/**
 * Nuevo Encargo › 'Leer desde PDF' (issue 41 §1): a secretary drops a demanda and a resolución, sees the
 * fields filled with their sources, corrects one value and registers; the assignment holds the values
 * and both PDFs.
 */

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;
const firm = { nombre: `Estudio Lectura ${suffix}`, parte: 'Banco de Chile' };
/** A rol no other assignment uses (from the clock). */
const numero = String(Date.now()).slice(-5);
const rol = `C-${numero}-2025`;

function documentos(rol: string) {
  const [letra, numero, anio] = rol.split('-') as [string, string, string];
  const rolEscrito = `Rol N° ${letra}-${numero.slice(0, -3)}.${numero.slice(-3)}-${anio}`;
  const demanda = pdfTexto([
    [
      'EN LO PRINCIPAL: Demanda ejecutiva y mandamiento de ejecución y embargo; PRIMER OTROSÍ: Acompaña documentos; SEGUNDO OTROSÍ: Patrocinio y poder.',
      '',
      'S.J.L. EN LO CIVIL DE SANTIAGO',
      '',
      'Pedro Soto Lagos, abogado, cédula de identidad N° 10.222.333-4, domiciliado en Huérfanos 1160, oficina 1203, comuna de Santiago, en representación convencional de BANCO DE CHILE, RUT 97.004.000-5, del giro de su denominación, ambos domiciliados en Ahumada 251, comuna de Santiago, a US. respetuosamente digo:',
      '',
      'Que, en la representación que invisto, vengo en deducir demanda ejecutiva en contra de don JUAN ANDRÉS PÉREZ GONZÁLEZ, cédula nacional de identidad N° 12.345.678-5, empleado, domiciliado en Avenida Providencia 1234, departamento 501, comuna de Providencia, en virtud de los antecedentes que expongo:',
      '',
      'Mi representada es dueña y legítima tenedora del pagaré N° 88776655, suscrito con fecha 10 de enero de 2024, por la suma de $ 1.850.000, pagadero en 24 cuotas mensuales.',
    ],
    [
      'POR TANTO, ruego a US.: tener por interpuesta la demanda, acogerla y ordenar el pago de la suma de $ 1.850.000, más intereses y costas.',
      '',
      'Santiago, 3 de marzo de 2025.',
      '',
      'Pedro Soto Lagos',
      'Abogado',
    ],
  ]);

  const resolucion = pdfTexto([
    [
      'C.A. de Santiago',
      `${rolEscrito}`,
      'BANCO DE CHILE / PÉREZ',
      '1° Juzgado Civil de Santiago',
      '',
      'Santiago, doce de marzo de dos mil veinticinco.',
      '',
      'A lo principal, por interpuesta demanda ejecutiva; despáchese mandamiento de ejecución y embargo. Al primer otrosí, téngase por acompañados los documentos. Al segundo otrosí, téngase presente.',
    ],
  ]);
  return { demanda, resolucion };
}
const { demanda, resolucion } = documentos(rol);

async function choose(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option.slice(0, 12));
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Drops a PDF on an element as a file dragged from the desktop does (a real drop event with its DataTransfer). */
async function dropPdf(page: Page, target: Locator, name: string, bytes: Buffer) {
  const dataTransfer = await page.evaluateHandle(
    ({ fileName, base64 }) => {
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], fileName, { type: 'application/pdf' }));
      return transfer;
    },
    { fileName: name, base64: bytes.toString('base64') },
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** The source badge under a field. */
const source = (page: Page, campo: string) => page.locator(`[data-campo-leido="${campo}"]`).getByRole('button', { name: /pág\. \d/ });

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

let estudioId = 0;

test.beforeAll(async ({ request }) => {
  estudioId = await registerEstudio(request, { ...firm, direccion: 'Huérfanos 1160, oficina 1203', email: `contacto.${suffix}@lectura.cl` });
});

test('a secretary drops a demanda and a resolución, checks the sources, corrects the amount and registers with both PDFs attached', async ({ page, request }) => {
  await signIn(page, users.admin, '/nuevo-encargo');
  await expect(page.getByRole('heading', { name: 'Nuevo Encargo' })).toBeVisible();
  const area = page.getByTestId('leer-desde-pdf');
  await expect(area.getByRole('heading', { name: 'Leer desde PDF' })).toBeVisible();
  await choose(page, 'Estudio jurídico', firm.nombre);

  // The demanda dragged onto its area, the resolución chosen with the file dialog.
  await dropPdf(page, page.getByTestId('soltar-demanda'), 'demanda-perez.pdf', demanda);
  await expect(page.getByTestId('archivo-demanda')).toHaveText('demanda-perez.pdf');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Elegir PDF: Resolución' }).click();
  await (await chooser).setFiles({ name: 'resolucion-perez.pdf', mimeType: 'application/pdf', buffer: resolucion });
  await expect(page.getByTestId('archivo-resolucion')).toHaveText('resolucion-perez.pdf');
  await expect(area).toContainText('Estos PDF se adjuntarán al encargo al registrarlo.');

  const reading = page.waitForResponse((response) => response.url().endsWith('/api/v1/nuevo_encargo/leer_documentos/'));
  await page.getByRole('button', { name: 'Leer documentos' }).click();
  expect((await reading).status()).toBe(200);
  await expect(page.getByTestId('lectura-resumen')).toContainText('Se completaron');

  // The fields filled from the documents, each with its source.
  await expect(field(page, 'Número de rol')).toHaveValue(rol);
  await expect(page.getByRole('combobox', { name: 'Tribunal', exact: true })).toHaveValue('1° Juzgado Civil de Santiago');
  await expect(page.getByRole('combobox', { name: 'Parte demandante', exact: true })).toHaveValue(firm.parte);
  await expect(field(page, 'RUT del demandado')).toHaveValue('12345678-5');
  await expect(field(page, 'Cuantía')).toHaveValue('$ 1.850.000');
  await expect(field(page, 'Fecha de la demanda')).toHaveValue('03/03/2025');
  await expect(field(page, 'Fecha de la resolución')).toHaveValue('12/03/2025');
  await expect(field(page, 'Ejecutados')).toHaveValue(/P[ÉE]REZ GONZ[ÁA]LEZ/i);
  await expect(field(page, 'Dirección')).toHaveValue(/Avenida Providencia 1234/);
  await expect(page.getByTestId('domicilios-leidos')).toContainText('Providencia');

  await expect(source(page, 'numero_rol')).toContainText('Resolución · pág. 1');
  await expect(source(page, 'fecha_demanda')).toContainText('Demanda · pág. 2');
  // On hover: the page's own text the value was read from.
  await source(page, 'rut_ejecutado').hover();
  const popover = page.getByTestId('fuente-popover').filter({ visible: true });
  await expect(popover).toContainText('Leído de la demanda, página 1');
  await expect(popover).toContainText('12.345.678-5');
  await page.mouse.move(0, 0);
  await expect(popover).toBeHidden();
  // On tap too, for phones and keyboards (and described to screen readers without opening).
  const cuantiaSource = source(page, 'cuantia');
  const described = await cuantiaSource.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${described}"]`)).toContainText('1.850.000');
  await cuantiaSource.click();
  await expect(page.getByTestId('fuente-popover').filter({ visible: true })).toContainText('Confianza de la lectura');
  await page.keyboard.press('Escape');

  // Values read with low confidence are confirmed one by one (none is left unreviewed).
  for (let pending = page.getByRole('button', { name: /^Revisar · / }); (await pending.count()) > 0; ) {
    await pending.first().click();
    await page.getByRole('button', { name: 'Confirmar valor' }).click();
  }

  // Capitals are no change ('PÉREZ' written 'Pérez' stays as read); the amount corrected is.
  await field(page, 'Ejecutados').fill('Juan Andrés Pérez González');
  await expect(source(page, 'ejecutados')).not.toContainText('Modificado');
  await field(page, 'Cuantía').fill('1900000');
  await field(page, 'Cuantía').blur();
  await expect(source(page, 'cuantia')).toContainText('Modificado');
  await source(page, 'cuantia').click();
  await expect(page.getByTestId('fuente-popover').filter({ visible: true })).toContainText('Valor leído: $1.850.000');
  await page.keyboard.press('Escape');

  // What the documents do not say.
  const tipoCausa = page.getByRole('combobox', { name: 'Tipo de causa', exact: true });
  if ((await tipoCausa.inputValue()) === '') await choose(page, 'Tipo de causa', 'Juicio Ejecutivo');
  await choose(page, 'Tipo de encargo', 'Notificación Personal');
  await field(page, 'Fecha de retiro').fill('13/03/2025');
  await field(page, 'Fecha de retiro').press('Tab');
  await page.getByRole('combobox', { name: 'Observaciones', exact: true }).fill('Leído desde PDF');

  await page.getByRole('button', { name: 'Registrar Encargo' }).click();
  await expect(toast(page, '¡Encargo creado y preparado exitosamente!')).toBeVisible();
  const box = page.getByTestId('encargo-creado');
  await expect(box).toContainText(rol);
  const id = Number(/ID del encargo:\s*(\d+)/.exec((await box.textContent()) ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);

  // The assignment holds the values (the corrected one as corrected) and both PDFs.
  const headers = await adminHeaders(request);
  const encargo = (await (await request.get(`/api/v1/encargos/${id}/`, { headers })).json()) as Record<string, unknown>;
  expect(encargo).toMatchObject({ numero_rol: rol, ejecutados: 'Juan Andrés Pérez González', rut_ejecutado: '12345678-5', cuantia: 1900000 });
  expect(String(encargo.fecha_demanda ?? encargo.dda_fs_fecha)).toContain('2025-03-03');
  const adjuntos = (await (await request.get(`/api/v1/encargos/${id}/adjuntos/`, { headers })).json()) as {
    results: Array<{ origen: string; nombre: string; url: string }>;
  };
  expect(adjuntos.results.map((a) => [a.origen, a.nombre])).toEqual([
    ['demanda', 'demanda-perez.pdf'],
    ['resolucion', 'resolucion-perez.pdf'],
  ]);
  const stored = await request.get(adjuntos.results[1]!.url, { headers });
  expect(stored.status()).toBe(200);
  expect(await pdfText(await stored.body())).toContain('despáchese mandamiento');
});

test('the firm reads its PDFs in the portal, and the office sees them read beside what the firm typed', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const rolPortal = `C-${String(Date.now() + 7).slice(-5)}-2025`;
  const docs = documentos(rolPortal);
  const email = `lectura.${suffix}@lectura-e2e.cl`;
  const password = 'clave-portal-lectura-1';

  // A lawyer of the firm, invited and activated as the portal does it.
  const smtp = await startSmtpStandIn();
  try {
    await invitePortalUser(request, estudioId, { nombre: 'Paula Lectura', email });
    await activatePortalUser(request, smtp, email, password);
  } finally {
    await smtp.close();
  }

  // In the portal: the demanda read into Nueva solicitud, with its sources.
  const firmContext = await browser.newContext({ locale: 'es-CL', timezoneId: 'America/Santiago', viewport: { width: 1280, height: 900 } });
  const firmPage = await firmContext.newPage();
  try {
    await signInToPortal(firmPage, email, password);
    await firmPage.getByRole('link', { name: 'Nueva solicitud' }).click();
    await expect(firmPage.getByTestId('solicitud-paso')).toHaveText('1/4 · Causa', { timeout: 30_000 });
    await dropPdf(firmPage, firmPage.getByTestId('soltar-demanda'), 'demanda.pdf', docs.demanda);
    await dropPdf(firmPage, firmPage.getByTestId('soltar-resolucion'), 'resolucion.pdf', docs.resolucion);
    await firmPage.getByRole('button', { name: 'Leer documentos' }).click();
    await expect(firmPage.getByRole('textbox', { name: 'Número de rol', exact: true })).toHaveValue(rolPortal);
    await expect(firmPage.getByRole('combobox', { name: 'Parte demandante', exact: true })).toHaveValue(firm.parte);
    await expect(source(firmPage, 'cuantia')).toContainText('Demanda · pág. 1');
    await expect(firmPage.getByTestId('leer-desde-pdf')).toContainText('Estos PDF se enviarán con la solicitud');
  } finally {
    await firmContext.close();
  }

  // The request as the firm sent it, with two values typed differently from its PDFs.
  const login = await request.post('/api/v1/portal/auth/login/', { data: { email, password } });
  const portalHeaders = { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  const catalogos = (await (await request.get('/api/v1/portal/catalogos/', { headers: portalHeaders })).json()) as Record<string, Array<{ id: number; nombre: string }>>;
  const idOf = (list: string, nombre: string) => catalogos[list]!.find((item) => item.nombre === nombre)!.id;
  const rolTipeado = rolPortal.replace('-2025', '-2024');
  const datos = {
    fecha_encargo: '2025-03-13',
    fecha_retiro: '2025-03-13',
    numero_rol: rolTipeado,
    tribunal: idOf('tribunales', '1° Juzgado Civil de Santiago'),
    parte_demandante: idOf('partes_demandantes', firm.parte),
    tipo_causa: idOf('tipos_causa', 'Juicio Ejecutivo'),
    tipo_encargo: idOf('tipos_encargo', 'Notificación Personal'),
    partes: 'Banco de Chile con Juan Andrés Pérez González',
    ejecutados: 'Juan Andrés Pérez González',
    rut_ejecutado: '12345678-5',
    cuantia: 1500000,
    fecha_demanda: '2025-03-03',
    fecha_resolucion: '2025-03-12',
    observaciones_encargo: 'Es urgente',
    domicilios: [{ direccion: 'Avenida Providencia 1234, departamento 501', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
  };
  const sent = await request.post('/api/v1/portal/solicitudes/', {
    headers: portalHeaders,
    multipart: {
      datos: JSON.stringify(datos),
      demanda: { name: 'demanda.pdf', mimeType: 'application/pdf', buffer: docs.demanda },
      resolucion: { name: 'resolucion.pdf', mimeType: 'application/pdf', buffer: docs.resolucion },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const solicitudId = ((await sent.json()) as { solicitud: { id: number } }).solicitud.id;

  // The office checks it against its own PDFs.
  await signIn(page, users.admin, `/solicitudes/${solicitudId}`);
  await expect(page.getByTestId('solicitud-revision')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Número de rol', exact: true })).toHaveValue(rolTipeado);
  await page.getByRole('button', { name: 'Comparar con los PDF' }).click();
  const table = page.getByTestId('comparacion');
  await expect(page.getByTestId('comparacion-resumen')).toContainText(/datos? difiere/);
  const row = (campo: string) => table.locator('tr').filter({ has: page.getByRole('cell', { name: campo, exact: true }) });
  for (const [campo, tipeado, leido] of [
    ['Número de rol', rolTipeado, rolPortal],
    ['Cuantía', '$1.500.000', '$1.850.000'],
  ]) {
    await expect(row(campo!)).toHaveAttribute('data-diferencia', 'true');
    await expect(row(campo!)).toContainText(tipeado!);
    await expect(row(campo!)).toContainText(leido!);
    await expect(row(campo!)).toContainText('Distinto del PDF');
  }
  for (const campo of ['RUT del demandado', 'Tribunal', 'Fecha de la demanda', 'Fecha de la resolución']) {
    await expect(row(campo)).not.toHaveAttribute('data-diferencia', 'true');
    await expect(row(campo)).toContainText('Coincide');
  }

  // The form's field says so too, and takes the read value on request.
  const rolSource = source(page, 'numero_rol');
  await expect(rolSource).toContainText('Distinto del PDF');
  await rolSource.click();
  await page.getByRole('button', { name: 'Usar valor leído' }).click();
  await expect(page.getByRole('textbox', { name: 'Número de rol', exact: true })).toHaveValue(rolPortal);
});
