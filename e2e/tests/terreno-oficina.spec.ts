import { type APIRequestContext, expect, test } from '@playwright/test';
import type { TerrenoHoyResponse, VisitaListResponse } from '@receptoria/contracts';
import { docxText } from '../support/docx';
import { createEncargo, uniqueRol } from '../support/encargos';
import { signIn, users } from '../support/login';

/**
 * Field → office: an art. 44 notification recorded on the phone (with what was done with the copies),
 * seconds after the second search, is the act Resultados y Estampados certifies — its exact instant, both
 * searches cited, the copies as recorded.
 */

const POSITION = { latitude: -33.4263, longitude: -70.6172, accuracy: 12 };
const DIA_MS = 24 * 60 * 60_000;

async function headersOf(request: APIRequestContext, user: { username: string; password: string }) {
  const response = await request.post('/api/v1/auth/login/', { data: user });
  expect(response.ok()).toBeTruthy();
  return { authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
}

test('an art. 44 notification on the phone, seconds after the second search, is certified from the office with both searches and the copies', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const encargo = await createEncargo(request, uniqueRol('T'), 'Ejecutado Terreno Oficina');
  const headers = await headersOf(request, users.receptora);
  const hoy = (await (await request.get('/api/v1/terreno/hoy/', { headers })).json()) as TerrenoHoyResponse;
  const domicilioId = hoy.paradas.find((parada) => parada.encargo.id === encargo.id)?.domicilio?.id;
  expect(domicilioId).toBeDefined();
  const busqueda = async (fechaHora: string, nombre: string) => {
    const response = await request.post(`/api/v1/encargos/${encargo.id}/visitas/`, {
      headers,
      data: { uuid: crypto.randomUUID(), domicilio_id: domicilioId, fecha_hora: fechaHora, tipo: 'busqueda', resultado: 'domicilio_confirmado', informante: { nombre, relacion: 'vecino' }, origen: 'terreno' },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await busqueda(new Date(Date.now() - 2 * DIA_MS).toISOString(), 'Jorge Tapia');
  const segunda = new Date(Date.now() - 20_000).toISOString();
  await busqueda(segunda, 'Rosa Muñoz');

  const leer = async () => ((await (await request.get(`/api/v1/encargos/${encargo.id}/visitas/`, { headers })).json()) as VisitaListResponse).visitas;

  // On the phone: 'Notificado art. 44' asks what was done with the copies.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, permissions: ['geolocation'], geolocation: POSITION });
  try {
    const movil = await phone.newPage();
    await signIn(movil, users.receptora, '/terreno', 60_000);
    await movil.getByTestId('parada').filter({ hasText: encargo.numero_rol }).getByRole('button', { name: 'Registrar visita' }).click();
    await movil.getByRole('button', { name: 'Notificado art. 44', exact: true }).click();
    await movil.getByRole('combobox', { name: 'Entrega de las copias' }).selectOption({ label: 'Fijadas en la puerta' });
    await movil.getByRole('textbox', { name: 'Apuntes' }).fill('Nadie abre; copias fijadas en la puerta del departamento');
    await movil.getByRole('button', { name: 'Guardar visita' }).click();
    await expect(movil.getByText('Visita guardada en el teléfono')).toBeVisible();
    // Sent by the phone's queue (the counter may still read "enviadas" before the visit is queued).
    await expect.poll(async () => (await leer()).map((visita) => visita.resultado), { timeout: 45_000 }).toContain('notificado_art44');
    await expect(movil.getByTestId('contador-por-enviar')).toHaveText('Todas las visitas están enviadas', { timeout: 45_000 });
  } finally {
    await phone.close();
  }
  const todas = await leer();
  const acto = todas.find((visita) => visita.resultado === 'notificado_art44');
  expect(todas.map((visita) => visita.resultado)).toEqual(['domicilio_confirmado', 'domicilio_confirmado', 'notificado_art44']);
  expect(acto?.entrega_copias).toEqual({ modo: 'puerta' });

  // In the office: the results start from the act, linked to it; 'Generar Estampado' succeeds.
  await signIn(page, users.admin, `/diligencias?rol=${encargo.numero_rol}`, 60_000);
  await expect(page.getByTestId('resultados-desde-visita')).toContainText('Notificado art. 44');
  await expect(page.getByRole('combobox', { name: 'Entrega de las copias' })).toHaveValue('Fijadas en la puerta');
  await expect(page.getByRole('textbox', { name: 'Apuntes del receptor en terreno' })).toHaveValue('Nadie abre; copias fijadas en la puerta del departamento');
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const preview = page.getByRole('dialog', { name: 'Vista previa del estampado' });
  await expect(preview.getByTestId('preview-texto')).toContainText('fijando las copias íntegras de las resoluciones en la puerta del domicilio');
  await expect(preview.getByTestId('preview-texto')).not.toContainText('el día , a las');
  await preview.getByRole('button', { name: 'Cerrar' }).click();
  const generar = page.waitForResponse((r) => r.url().endsWith('/estampados/api/estampados/generar') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Generar Estampado' }).click();
  const answer = await generar;
  expect(answer.status(), await answer.text()).toBe(201);
  const url = ((await answer.json()) as { documento: { url: string } }).documento.url;
  const texto = docxText(Buffer.from(await (await request.get(url)).body()));
  expect(texto).toContain('por los dichos de Jorge Tapia, vecino del sector, en la primera búsqueda, y por los dichos de Rosa Muñoz, vecina del sector, en la segunda');
  expect(texto).toContain('fijando las copias íntegras de las resoluciones en la puerta del domicilio');
  expect(texto).not.toContain('en su defecto');
  // The act and the diligence name each other.
  const vinculada = (await leer()).find((visita) => visita.uuid === acto?.uuid);
  expect(vinculada?.diligencia_id).toEqual(expect.any(Number));
});
