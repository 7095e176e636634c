import { type APIRequestContext, expect, test } from '@playwright/test';
import { docxText } from '../support/docx';
import { adminHeaders } from '../support/encargos';
import { signIn, toast, users } from '../support/login';
import { rutFrom } from '../support/rut';

/**
 * 'Mis datos de receptor' (issue 30 §2): a receiver of its own (so no other suite sees its identity
 * change) fills name and RUT on the screen; the next certificate is signed with them, RUT with dots.
 */

async function bearer(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/v1/auth/login/', { data: { username, password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return { authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
}

test('the receiver fills name and RUT on its screen and the next certificate carries them, the RUT with dots', async ({ page, request }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const usuario = { username: `rcp_datos_${suffix}`, password: 'clave-rcp-789' };
  const rutBody = 16_000_000 + (Date.now() % 3_000_000);
  const nombre = `Ignacio Tomás Errázuriz Vial ${suffix}`;

  const created = await request.post('/api/v1/onboarding/clientes/crear/', {
    headers: await adminHeaders(request),
    data: {
      nombre: `Receptoría Datos ${suffix}`,
      rut: rutFrom(rutBody + 1),
      username: usuario.username,
      password: usuario.password,
      usuario_email: 'receptor@datos.cl',
      first_name: 'Ignacio',
      last_name: 'Errázuriz',
      cargo: 'receptor',
    },
    timeout: 60_000,
  });
  expect(created.status(), await created.text()).toBe(201);

  // An assignment of the new receiver with its diligence stored.
  const headers = await bearer(request, usuario.username, usuario.password);
  const estudio = await request.post('/api/v1/estudios/registrar_estudio/', {
    headers,
    data: {
      nombre: 'Estudio Jurídico Datos y Asociados',
      direccion: 'Av. Apoquindo 3472, oficina 1101',
      comuna: 'Las Condes',
      ciudad: 'Santiago',
      telefono: '+56 2 2431 7700',
      rut_estudio: '76123456-0',
      emails: [{ email: 'contacto@datos.cl', tipo: 'principal' }],
      partes_demandantes: [{ nombre: 'Banco de Chile', tipo: 'banco' }],
    },
  });
  expect(estudio.status(), await estudio.text()).toBe(201);
  const { id: estudioId, partes_demandantes } = (await estudio.json()) as { id: number; partes_demandantes: { id: number }[] };
  const numeroRol = `C-${String(Date.now()).slice(-6)}-2024`;
  const encargo = await request.post('/api/v1/nuevo_encargo/crear/', {
    headers,
    data: {
      fecha_encargo: '2024-05-02',
      estudio_juridico: estudioId,
      parte_demandante: partes_demandantes[0]?.id,
      tribunal: 1,
      numero_rol: numeroRol,
      tipo_causa: 1,
      tipo_encargo: 1,
      partes: 'Banco de Chile con Soto',
      fecha_retiro: '2024-05-02',
      fecha_demanda: '2024-04-01',
      fecha_resolucion: '2024-04-15',
      cuantia: 1500000,
      rut_ejecutado: '12345678-5',
      ejecutados: 'Pedro Andrés Soto Muñoz',
      domicilios: [{ direccion: 'Av. Providencia 1234, depto 501', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
      observaciones_encargo: 'Notificar en horario de oficina',
    },
  });
  expect(encargo.status(), await encargo.text()).toBe(201);
  const encargoId = ((await encargo.json()) as { id: number }).id;
  const tipos = (await (await request.get('/estampados/api/estampados/tipos', { headers })).json()) as { id: number; codigo?: string; nombre: string }[];
  const positiva = tipos.find((tipo) => tipo.nombre === 'Búsqueda positiva');
  expect(positiva).toBeDefined();
  const resultados = await request.post('/api/v1/diligencias/guardar_resultados/', {
    headers,
    data: {
      numero_rol: numeroRol,
      encargo_id: encargoId,
      resultado_id: positiva?.id,
      fecha_diligencia: '2024-05-10T11:20:00-04:00',
      apuntes_terreno: 'Atendió la conserje del edificio, quien confirmó que el demandado vive en el departamento',
      tratamiento: 'don',
      cambiar_estado_a: 'listo_para_estampar',
    },
  });
  expect(resultados.status(), await resultados.text()).toBe(200);

  // The screen, reached from the shortcuts menu.
  await signIn(page, usuario, '/', 30_000);
  await page.getByRole('button', { name: 'Accesos directos' }).click();
  await page.getByRole('menuitem', { name: 'Mis datos de receptor' }).click();
  await expect(page).toHaveURL(/\/configuracion\/receptor$/);
  await expect(page.getByRole('heading', { name: 'Mis datos de receptor' })).toBeVisible();
  await expect(page.getByTestId('receptor-faltantes')).toContainText('título');

  const dotted = rutFrom(rutBody).replace(/^(\d{1,2})(\d{3})(\d{3})-/, '$1.$2.$3-');
  await page.getByLabel('Nombre del receptor').fill(nombre);
  const rut = page.getByLabel('RUT');
  await rut.fill(dotted);
  await rut.blur();
  await expect(rut).toHaveValue(rutFrom(rutBody));
  await page.getByLabel('Título').fill('Receptor Judicial de la Jurisdicción de la I. Corte de Apelaciones de Santiago');
  await page.getByLabel('Dirección de la oficina').fill('Huérfanos 1160, oficina 712');
  await page.getByLabel('Comuna de la oficina').fill('Santiago');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(toast(page, 'Datos del receptor guardados')).toBeVisible();
  await expect(page.getByTestId('receptor-faltantes')).toBeHidden();

  // The stored identity as the API reads it, then the next certificate.
  const datos = (await (await request.get('/api/v1/configuracion/receptor/', { headers })).json()) as { nombre: string; rut: string };
  expect(datos).toMatchObject({ nombre, rut: rutFrom(rutBody) });
  const generado = await request.post('/estampados/api/estampados/generar', {
    headers,
    data: { tipo_estampado: positiva?.id, encargo_id: encargoId, datos: { numero_rol: numeroRol }, titulo_documento: '', validar_marcadores: true },
  });
  expect(generado.status(), await generado.text()).toBe(201);
  const { documento } = (await generado.json()) as { documento: { url: string } };
  const file = await request.get(documento.url);
  expect(file.ok()).toBeTruthy();
  const text = docxText(await file.body());
  expect(text).toContain(nombre);
  expect(text).toContain(dotted);
});

test("the platform admin edits a receiver's identity from the client detail", async ({ page, request }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const nombre = `Receptora Detalle ${suffix}`;
  const usuario = { username: `rcp_detalle_${suffix}`, password: 'clave-rcp-790' };
  const created = await request.post('/api/v1/onboarding/clientes/crear/', {
    headers: await adminHeaders(request),
    data: {
      nombre,
      rut: rutFrom(19_000_000 + (Date.now() % 900_000)),
      username: usuario.username,
      password: usuario.password,
      usuario_email: 'detalle@datos.cl',
      first_name: 'Paz',
      last_name: 'Detalle',
    },
    timeout: 60_000,
  });
  expect(created.status(), await created.text()).toBe(201);

  await signIn(page, users.admin, '/onboarding', 30_000);
  const row = page.getByRole('table', { name: 'Sistema Multi-Tenant' }).getByRole('row').filter({ hasText: nombre });
  await row.getByRole('button', { name: `Ver ${nombre}` }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle del Cliente' });
  await detail.getByRole('button', { name: 'Editar datos' }).click();
  await detail.getByLabel('Título').fill('Receptora Judicial de la Jurisdicción de la I. Corte de Apelaciones de Rancagua');
  await detail.getByLabel('Comuna de la oficina').fill('Rancagua');
  await detail.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(toast(page, 'Datos del receptor guardados')).toBeVisible();
  await expect(detail.getByText('Receptora Judicial de la Jurisdicción de la I. Corte de Apelaciones de Rancagua')).toBeVisible();

  const headers = await bearer(request, usuario.username, usuario.password);
  const datos = (await (await request.get('/api/v1/configuracion/receptor/', { headers })).json()) as Record<string, string>;
  expect(datos).toMatchObject({ nombre, comuna: 'Rancagua', titulo: 'Receptora Judicial de la Jurisdicción de la I. Corte de Apelaciones de Rancagua' });
});
