import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, createEncargo, type CreatedEncargo, uniqueRol } from '../support/encargos';
import { signIn, toast, users } from '../support/login';

// The legal calendar on the web (issue 24): the deadlines the acts start, shaded holidays, the
// dashboard's 'Vencen esta semana', the phone-calendar link and the receiver's own holidays.

interface Plazo {
  id: number;
  encargo_id: number;
  numero_rol: string;
  tipo: string;
  vence: string;
  estado: string;
}

interface Feriado {
  id: number | null;
  fecha: string;
  nombre: string;
  tipo: string;
}

/** Today in Santiago, YYYY-MM-DD (the browser runs in America/Santiago too). */
function hoySantiago(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function sumarDias(iso: string, dias: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + dias);
  return date.toISOString().slice(0, 10);
}

/** Monday to Sunday of this week in Santiago. */
function semana(): { desde: string; hasta: string } {
  const hoy = hoySantiago();
  const dow = new Date(`${hoy}T12:00:00Z`).getUTCDay();
  const desde = sumarDias(hoy, -((dow + 6) % 7));
  return { desde, hasta: sumarDias(desde, 6) };
}

/** How many months forward from this month to the month of `fecha`. */
function mesesHasta(fecha: string): number {
  const hoy = hoySantiago();
  return (Number(fecha.slice(0, 4)) - Number(hoy.slice(0, 4))) * 12 + Number(fecha.slice(5, 7)) - Number(hoy.slice(5, 7));
}

async function requerimientoTipo(request: APIRequestContext): Promise<number> {
  const response = await request.get('/estampados/api/estampados/tipos', { headers: await adminHeaders(request) });
  const tipo = ((await response.json()) as { id: number; nombre: string }[]).find((item) => item.nombre === 'Requerimiento de pago');
  expect(tipo).toBeDefined();
  return tipo?.id as number;
}

/** Saves a requerimiento de pago in the court's comuna on `fecha` (dd/mm/yyyy): the excepciones deadline, 4 días hábiles later. */
async function requerimiento(request: APIRequestContext, encargo: CreatedEncargo, fecha: string): Promise<Plazo> {
  const headers = await adminHeaders(request);
  const saved = await request.post('/api/v1/diligencias/guardar_resultados/', {
    headers,
    data: {
      numero_rol: encargo.numero_rol,
      resultado_id: await requerimientoTipo(request),
      fecha_diligencia: `${fecha} 10:30`,
      apuntes_terreno: 'Se requirió de pago al ejecutado en su domicilio.',
      lugar_requerimiento: 'comuna_tribunal',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const plazos = await request.get(`/api/v1/calendario/plazos/?desde=2000-01-01&hasta=2100-12-31&encargo=${encargo.id}`, { headers });
  const list = (await plazos.json()) as Plazo[];
  expect(list).toHaveLength(1);
  return list[0] as Plazo;
}

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function avanzarMeses(page: Page, meses: number) {
  for (let i = 0; i < meses; i += 1) await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
}

let atrasado: CreatedEncargo;
let estaSemana: CreatedEncargo;
let plazoAtrasado: Plazo;
let plazoSemana: Plazo;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  atrasado = await createEncargo(request, uniqueRol('P'), 'Patricio Lagos Ibáñez');
  estaSemana = await createEncargo(request, uniqueRol('Q'), 'Francisca Muñoz Ortega');
  // The overdue one is older than any other deadline of the suite: the card lists it first.
  plazoAtrasado = await requerimiento(request, atrasado, '06/05/2024');
  // A requerimiento whose 4 días hábiles end this week (Santiago).
  const headers = await adminHeaders(request);
  const { desde, hasta } = semana();
  let fecha = '';
  for (let atras = 1; atras <= 14 && !fecha; atras += 1) {
    const candidato = sumarDias(hoySantiago(), -atras);
    const dias = await request.get(`/api/v1/calendario/dias_habiles/?desde=${candidato}&dias=4`, { headers });
    const { vence } = (await dias.json()) as { vence: string };
    if (vence >= desde && vence <= hasta) fecha = candidato;
  }
  expect(fecha, 'a day whose 4 días hábiles end this week').not.toBe('');
  plazoSemana = await requerimiento(request, estaSemana, dmy(fecha));
  expect(plazoSemana.vence >= desde && plazoSemana.vence <= hasta).toBe(true);
});

test('the calendar shows a national holiday shaded and the week’s deadline, filtered by kind and firm; a click opens it and marks it met', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const hoy = hoySantiago();
  const anio = Number(hoy.slice(0, 4));
  const feriados = [
    ...((await (await request.get(`/api/v1/calendario/feriados/?anio=${anio}`, { headers })).json()) as Feriado[]),
    ...((await (await request.get(`/api/v1/calendario/feriados/?anio=${anio + 1}`, { headers })).json()) as Feriado[]),
  ];
  const nacional = feriados.find((f) => f.tipo === 'nacional' && f.fecha.slice(0, 7) > hoy.slice(0, 7));
  expect(nacional).toBeDefined();

  await signIn(page, users.admin, '/calendario', 60_000);
  await expect(page.getByRole('heading', { name: 'Calendario', exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(page).toHaveTitle('Calendario · Receptoría');

  // This week: the requerimiento's excepciones deadline, coloured as its kind (or red once overdue).
  await page.getByText('Semana', { exact: true }).click();
  const evento = page.locator('.cal-plazo').filter({ hasText: estaSemana.numero_rol });
  await expect(evento).toBeVisible();
  await expect(evento).toContainText('Plazo para oponer excepciones');
  await expect(evento).toHaveClass(plazoSemana.estado === 'vencido' ? /cal-plazo-vencido/ : /cal-plazo-pendiente/);

  // The filter by kind hides it; back again.
  await page.getByText('Plazo para oponer excepciones', { exact: true }).click();
  await expect(evento).toHaveCount(0);
  await page.getByText('Plazo para oponer excepciones', { exact: true }).click();
  await expect(evento).toBeVisible();

  // The filter by firm: the assignment's own firm keeps it, another firm hides it.
  const estudios = (await (await request.get('/api/v1/estudios/', { headers })).json()) as { nombre: string }[];
  const otro = estudios.find((e) => e.nombre !== 'Larraín, Vial y Asociados Abogados');
  expect(otro).toBeDefined();
  const estudio = page.getByRole('combobox', { name: 'Estudio jurídico' });
  await estudio.click();
  await page.getByRole('option', { name: otro!.nombre, exact: true }).click();
  await expect(evento).toHaveCount(0);
  await estudio.click();
  await page.getByRole('option', { name: 'Larraín, Vial y Asociados Abogados', exact: true }).click();
  await expect(evento).toBeVisible();

  await evento.click();
  const detalle = page.getByTestId('plazo-detalle');
  await expect(detalle).toContainText(estaSemana.numero_rol);
  await expect(detalle.getByRole('link', { name: 'Abrir encargo' })).toHaveAttribute('href', `/re-encargos?rol=${encodeURIComponent(estaSemana.numero_rol)}&id=${estaSemana.id}`);
  await detalle.getByRole('button', { name: 'Marcar cumplido' }).click();
  await page.getByRole('dialog', { name: '¿Marcar el plazo como cumplido?' }).getByRole('button', { name: 'Marcar cumplido' }).click();
  await expect(toast(page, 'Plazo marcado como cumplido')).toBeVisible();
  await expect(page.locator('.cal-plazo-cumplido').filter({ hasText: estaSemana.numero_rol })).toBeVisible();

  // Month view, forward to the month of a national holiday: its day is shaded with its name.
  await page.getByText('Mes', { exact: true }).click();
  await avanzarMeses(page, mesesHasta(nacional!.fecha));
  const dia = page.locator(`td.fc-daygrid-day[data-date="${nacional!.fecha}"]`);
  await expect(dia.locator('.cal-feriado-nacional')).toContainText(`Feriado: ${nacional!.nombre}`);
});

test('the dashboard counts this week’s deadlines and the overdue ones first; a row opens its assignment', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const { desde, hasta } = semana();
  const enSemana = (await (await request.get(`/api/v1/calendario/plazos/?desde=${desde}&hasta=${hasta}`, { headers })).json()) as Plazo[];
  const vencidos = (await (await request.get(`/api/v1/calendario/plazos/?desde=2000-01-01&hasta=${hasta}&estado=vencido`, { headers })).json()) as Plazo[];
  const abiertos = new Map([...vencidos, ...enSemana].filter((p) => p.estado !== 'cumplido').map((p) => [p.id, p]));
  const excepciones = [...abiertos.values()].filter((p) => p.tipo === 'excepciones').length;
  expect(abiertos.has(plazoAtrasado.id)).toBe(true);

  await signIn(page, users.admin, '/', 45_000);
  const card = page.getByTestId('vencen-semana');
  await expect(card.getByRole('heading', { name: 'Vencen esta semana' })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('vencen-semana-excepciones')).toHaveText(`Plazo para oponer excepciones: ${excepciones}`);
  const nVencidos = [...abiertos.values()].filter((p) => p.estado === 'vencido').length;
  await expect(card.getByTestId('vencen-semana-vencidos')).toHaveText(nVencidos === 1 ? '1 vencido' : `${nVencidos} vencidos`);

  const primera = card.getByTestId('vencen-semana-fila').first();
  await expect(primera).toContainText(atrasado.numero_rol);
  await expect(primera).toContainText('Plazo para oponer excepciones');
  await expect(primera).toContainText('Vencido');
  await expect(primera).toContainText(`Vence ${plazoAtrasado.vence.slice(8, 10)}-${plazoAtrasado.vence.slice(5, 7)}-${plazoAtrasado.vence.slice(0, 4)}`);
  await primera.getByRole('link', { name: atrasado.numero_rol }).click();
  await expect(page).toHaveURL(new RegExp(`/re-encargos\\?rol=${encodeURIComponent(atrasado.numero_rol)}&id=${atrasado.id}$`));
});

test('the phone-calendar link is copied ending in .ics; a new one replaces it and the old one stops', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, users.admin, '/calendario', 60_000);
  const enlace = page.getByTestId('enlace-telefono');
  await expect(enlace.getByTestId('enlace-ics')).toHaveValue(/\.ics$/, { timeout: 30_000 });
  await expect(enlace).toContainText('Desde URL');
  await expect(enlace).toContainText('Añadir calendario suscrito');

  await enlace.getByRole('button', { name: 'Copiar enlace para Google Calendar' }).click();
  await expect(toast(page, 'Enlace copiado')).toBeVisible();
  const primero = await page.evaluate(() => navigator.clipboard.readText());
  expect(primero).toMatch(/^http:\/\/.+\/api\/v1\/calendario\/ics\/.+\.ics$/);
  const feed = await request.get(new URL(primero).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  await enlace.getByRole('button', { name: 'Generar nuevo enlace' }).click();
  await page.getByRole('dialog', { name: '¿Generar un nuevo enlace?' }).getByRole('button', { name: 'Generar nuevo enlace' }).click();
  await expect(toast(page, 'Enlace del calendario renovado; el anterior dejó de funcionar')).toBeVisible();
  await expect(enlace.getByTestId('enlace-ics')).not.toHaveValue(primero);
  await enlace.getByRole('button', { name: 'Copiar enlace para Google Calendar' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe(primero);
  const segundo = await page.evaluate(() => navigator.clipboard.readText());
  expect(segundo).toMatch(/\.ics$/);
  expect((await request.get(new URL(primero).pathname)).status()).toBe(404);
  expect((await request.get(new URL(segundo).pathname)).status()).toBe(200);

  // The same link on the user's profile, reached from the user's name in the top bar.
  await page.getByTestId('top-bar-perfil').click();
  await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('perfil-usuario')).toHaveText('admin');
  await expect(page.getByTestId('enlace-telefono').getByTestId('enlace-ics')).toHaveValue(segundo);
});

test('an own holiday added on Feriados y plazos is listed with its source and shaded on the calendar; removed again; a law’s holiday counted as hábil and restored', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  // A weekday of next month that is no holiday yet.
  const proximo = sumarDias(`${hoySantiago().slice(0, 8)}01`, 40).slice(0, 8);
  const anio = Number(proximo.slice(0, 4));
  const ya = new Set(((await (await request.get(`/api/v1/calendario/feriados/?anio=${anio}`, { headers })).json()) as Feriado[]).map((f) => f.fecha));
  let fecha = '';
  for (let d = 10; d <= 24 && !fecha; d += 1) {
    const candidato = `${proximo}${String(d).padStart(2, '0')}`;
    const dow = new Date(`${candidato}T12:00:00Z`).getUTCDay();
    if (dow >= 1 && dow <= 5 && !ya.has(candidato)) fecha = candidato;
  }
  const nombre = `Elección e2e ${Date.now().toString(36)}`;

  await signIn(page, users.admin, '/calendario', 60_000);
  await page.getByRole('link', { name: 'Feriados y plazos' }).click();
  await expect(page.getByRole('heading', { name: 'Feriados y plazos', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Feriados y plazos · Receptoría');
  await page.getByRole('textbox', { name: /^Fecha/ }).fill(dmy(fecha));
  await page.getByRole('textbox', { name: /^Nombre/ }).fill(nombre);
  await page.getByRole('button', { name: 'Agregar feriado' }).click();
  await expect(toast(page, /^Feriado agregado\. Se recalcul(ó 1 plazo|aron \d+ plazos)$/)).toBeVisible();
  const fila = page.getByTestId('feriado-fila').filter({ hasText: nombre });
  await expect(fila).toContainText(dmy(fecha));
  await expect(fila).toContainText('Propio');

  await page.getByRole('link', { name: 'Ver calendario' }).click();
  await expect(page.getByRole('heading', { name: 'Calendario', exact: true })).toBeVisible();
  await avanzarMeses(page, mesesHasta(fecha));
  await expect(page.locator(`td.fc-daygrid-day[data-date="${fecha}"] .cal-feriado-propio`)).toContainText(`Feriado: ${nombre}`);

  await page.goto('/calendario/feriados');
  // The screen opens on this year; the added day may be next year's (in December).
  await page.getByRole('textbox', { name: 'Año' }).fill(fecha.slice(0, 4));
  await expect(page.getByRole('heading', { name: `Feriados ${fecha.slice(0, 4)}` })).toBeVisible();
  await page.getByRole('button', { name: `Eliminar ${nombre} (${dmy(fecha)})` }).click();
  await page.getByRole('dialog', { name: '¿Eliminar el feriado propio?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, /^Feriado eliminado\. Se recalcul/)).toBeVisible();
  await expect(page.getByTestId('feriado-fila').filter({ hasText: nombre })).toHaveCount(0);

  // A law's holiday that did not happen this year is counted as hábil, and restored.
  const anioActual = Number(fecha.slice(0, 4)); // the year the screen shows
  const nacionales = ((await (await request.get(`/api/v1/calendario/feriados/?anio=${anioActual}`, { headers })).json()) as Feriado[]).filter(
    (f) => f.tipo === 'nacional',
  );
  const ultimo = nacionales.at(-1) as Feriado;
  await page.getByRole('button', { name: `Contar ${ultimo.nombre} (${dmy(ultimo.fecha)}) como día hábil` }).click();
  await page.getByRole('dialog', { name: '¿Contar este feriado como día hábil?' }).getByRole('button', { name: 'Contar como hábil' }).click();
  await expect(toast(page, /^Día marcado como hábil: el feriado de la lista ya no se cuenta\. Se recalcul/)).toBeVisible();
  const habil = page.getByTestId('feriado-fila').filter({ hasText: 'Día hábil (marcado)' });
  await expect(habil).toContainText(dmy(ultimo.fecha));
  await habil.getByRole('button', { name: `Eliminar ${ultimo.nombre} (${dmy(ultimo.fecha)})` }).click();
  await page.getByRole('dialog', { name: '¿Volver a contarlo como feriado?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, /^Feriado eliminado\. Se recalcul/).last()).toBeVisible();
  await expect(page.getByTestId('feriado-fila').filter({ hasText: 'Día hábil (marcado)' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Contar ${ultimo.nombre} (${dmy(ultimo.fecha)}) como día hábil` })).toBeVisible();
});

test('a comparendo more than seven days ahead shows in its month, filtered by its firm', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const encargo = await createEncargo(request, uniqueRol('K'), 'Rodrigo Alarcón Vera');
  // Forty days from today (Santiago) at 19:15: far beyond the bell's seven days, and an afternoon hour.
  const fecha = sumarDias(hoySantiago(), 40);
  const saved = await request.patch(`/api/v1/encargos/${encargo.id}/modificar_encargo/`, { headers, data: { fecha_comparendo: `${fecha} 19:15` } });
  expect(saved.status(), await saved.text()).toBe(200);
  const enRango = await request.get(`/api/v1/alarmas/?desde=${fecha}&hasta=${fecha}`, { headers });
  expect(enRango.status()).toBe(200);
  const alarmas = (await enRango.json()) as { numero_rol: string; estudio: string; fecha_hora: string }[];
  expect(alarmas.find((a) => a.numero_rol === encargo.numero_rol)).toMatchObject({
    estudio: 'Larraín, Vial y Asociados Abogados',
    fecha_hora: expect.stringMatching(new RegExp(`^${fecha}T19:15:00-0[34]:00$`)),
  });

  await signIn(page, users.admin, '/calendario', 60_000);
  await expect(page.getByRole('heading', { name: 'Calendario', exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('próximos 7 días')).toHaveCount(0);
  await avanzarMeses(page, mesesHasta(fecha));
  // The month grid (each run has a fresh database): the alarm on its day.
  await expect(page.locator(`td.fc-daygrid-day[data-date="${fecha}"] .cal-alarma`)).toContainText(encargo.numero_rol);
  // The agenda of that month: its row with the Santiago hour.
  await page.getByText('Agenda', { exact: true }).click();
  const alarma = page.locator('.cal-alarma').filter({ hasText: `Comparendo · ${encargo.numero_rol}` });
  await expect(alarma).toBeVisible();
  // On the 24-hour clock, under Spanish column headers ('Hora', never FullCalendar's 'La hora').
  await expect(alarma).toContainText('19:15');
  await expect(alarma).not.toContainText(/[ap]\.\s?m\./i);
  await expect(page.locator('.fc-list-table thead th').first()).toHaveText('Hora');
  await expect(page.locator('.fc-list-table')).not.toContainText('La hora');

  // Another firm hides it; its own firm shows it again.
  const estudios = (await (await request.get('/api/v1/estudios/', { headers })).json()) as { nombre: string }[];
  const otro = estudios.find((e) => e.nombre !== 'Larraín, Vial y Asociados Abogados');
  expect(otro).toBeDefined();
  const estudio = page.getByRole('combobox', { name: 'Estudio jurídico' });
  await estudio.click();
  await page.getByRole('option', { name: otro!.nombre, exact: true }).click();
  await expect(alarma).toHaveCount(0);
  await estudio.click();
  await page.getByRole('option', { name: 'Larraín, Vial y Asociados Abogados', exact: true }).click();
  await expect(alarma).toBeVisible();

  // A click opens its assignment.
  await alarma.getByText(`Comparendo · ${encargo.numero_rol}`).click();
  await expect(page).toHaveURL(new RegExp(`/re-encargos\\?rol=${encodeURIComponent(encargo.numero_rol)}&id=${encargo.id}$`));
});
