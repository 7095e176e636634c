import { type APIRequestContext, expect, test } from '@playwright/test';
import { type ColaResponse, type Encargo, visitaMessages } from '@receptoria/contracts';
import { adminHeaders, createEncargo, uniqueRol } from '../support/encargos';
import { signIn, toast, users } from '../support/login';

const DAY = 24 * 60 * 60_000;

/** A visit at the assignment's address, `ago` milliseconds before now. */
async function visita(request: APIRequestContext, encargoId: number, domicilioId: number, ago: number, resultado: string) {
  const response = await request.post(`/api/v1/encargos/${encargoId}/visitas/`, {
    headers: await adminHeaders(request),
    data: {
      uuid: crypto.randomUUID(),
      domicilio_id: domicilioId,
      fecha_hora: new Date(Date.now() - ago).toISOString(),
      tipo: resultado === 'notificado_art44' ? 'notificacion' : 'busqueda',
      resultado,
      informante: { nombre: 'Rosa Díaz', relacion: 'conserje' },
      origen: 'oficina',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** An assignment notified under art. 44 `notifiedAgo` ms ago, after two confirmed searches on the two days before. */
async function notificadoArt44(request: APIRequestContext, ejecutado: string, notifiedAgo: number) {
  const encargo = await createEncargo(request, uniqueRol('N'), ejecutado);
  const detalle = (await (await request.get(`/api/v1/encargos/${encargo.id}/`, { headers: await adminHeaders(request) })).json()) as Encargo;
  const domicilioId = detalle.domicilios[0]?.id;
  expect(domicilioId).toBeDefined();
  await visita(request, encargo.id, domicilioId!, notifiedAgo + 2 * DAY, 'domicilio_confirmado');
  await visita(request, encargo.id, domicilioId!, notifiedAgo + DAY, 'domicilio_confirmado');
  await visita(request, encargo.id, domicilioId!, notifiedAgo, 'notificado_art44');
  return encargo;
}

async function cartas(request: APIRequestContext) {
  const response = await request.get('/api/v1/diligencias/cola/', { headers: await adminHeaders(request) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ColaResponse).cartas_art46;
}

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

test('an art. 44 notification puts its art. 46 letter on the work queue until its sending is registered', async ({ page, request }) => {
  const vencida = await notificadoArt44(request, 'Ejecutado Carta Vencida', 8 * DAY);
  const pendiente = await notificadoArt44(request, 'Ejecutado Carta Pendiente', 60 * 60_000);
  const enCola = await cartas(request);
  const cartaVencida = enCola.find((carta) => carta.encargo_id === vencida.id);
  const cartaPendiente = enCola.find((carta) => carta.encargo_id === pendiente.id);
  expect(cartaVencida).toMatchObject({ numero_rol: vencida.numero_rol, estado: 'vencida' });
  expect(cartaPendiente).toMatchObject({ numero_rol: pendiente.numero_rol, estado: 'pendiente' });

  await signIn(page, users.admin, '/resultados-dashboard');
  const section = page.getByTestId('cola-cartas-art46');
  await expect(section.getByRole('heading', { name: 'Cartas certificadas art. 46' })).toBeVisible();

  const filaVencida = section.getByTestId(`carta-art46-${vencida.id}`);
  await expect(filaVencida.getByRole('link', { name: vencida.numero_rol })).toHaveAttribute('href', `/diligencias?rol=${vencida.numero_rol}&id=${vencida.id}`);
  await expect(filaVencida).toContainText(`Vence ${ddmmyyyy(cartaVencida!.vence)}`);
  await expect(filaVencida.getByText('Vencida')).toBeVisible();
  // Overdue reads in red.
  const rojo = await filaVencida.getByText(`Vence ${ddmmyyyy(cartaVencida!.vence)}`).evaluate((element) => getComputedStyle(element).color);
  const [r = 0, g = 0, b = 0] = (rojo.match(/\d+/g) ?? []).map(Number);
  expect(r).toBeGreaterThan(g + 80);
  expect(r).toBeGreaterThan(b + 80);

  const filaPendiente = section.getByTestId(`carta-art46-${pendiente.id}`);
  await expect(filaPendiente).toContainText(`Vence ${ddmmyyyy(cartaPendiente!.vence)}`);
  await expect(filaPendiente.getByText('Vencida')).toHaveCount(0);

  // Register the overdue letter's sending: the tracking number is required, the date defaults to today.
  await filaVencida.getByRole('button', { name: `Registrar envío de la carta del rol ${vencida.numero_rol}` }).click();
  const form = page.getByTestId('carta-art46-form');
  await expect(form.getByLabel('Fecha de envío')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Registrar envío' }).click();
  await expect(form.getByText(visitaMessages.numeroSeguimientoRequerido)).toBeVisible();
  await form.getByLabel('Número de seguimiento').fill('rr123456789cl');
  await form.getByRole('button', { name: 'Registrar envío' }).click();
  await expect(toast(page, visitaMessages.cartaRegistrada)).toBeVisible();
  await expect(form).toBeHidden();

  // The sent letter leaves the list; the other one stays.
  await expect(filaVencida).toHaveCount(0);
  await expect(filaPendiente).toBeVisible();
  expect((await cartas(request)).some((carta) => carta.encargo_id === vencida.id)).toBe(false);

  // On a phone the section fits the width: no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(filaPendiente.getByRole('button', { name: /Registrar envío/ })).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
});
