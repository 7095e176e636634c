import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ClaveApiCreada,
  type Encargo,
  type Estudio,
  PERMISSION_CODES,
  WEBHOOK_EVENTOS,
  WebhookEndpointSchema,
  WebhookEntregasListSchema,
  WebhookSecretoRotadoSchema,
  webhooksMessages,
} from '@receptoria/contracts';
import { controlSchema, tenantSchema } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { hashPassword } from '../auth/passwords';
import { entregarCorreo } from '../correo-saliente/correo-saliente.service';
import { resultadosBody, type ResultadosWorld, setupResultados, tipoId } from '../diligencias/resultados.fixtures';
import { crearEncargo, encargoPayload, registerEstudio } from '../encargos/encargos.fixtures';
import { dosBusquedas, postVisita, visitaBody } from '../visitas/visitas.fixtures';
import { destinatariosDeAviso, entregarPendientes, proximoReintento, WEBHOOK_REINTENTOS_S } from './webhooks.entregas';
import { avisarPlazosPorVencer } from './webhooks.plazos';

/**
 * A firm's systems hear of every step of their assignments: the events of one assignment's day arrive
 * signed and in order; the secret rotates with 24 h of overlap; the firm manages its own endpoints
 * (portal users with administra_api, keys with webhooks:administrar) and nobody else's; an endpoint
 * failing for 24 h is turned off and its firm and the receiver are mailed. Every receiver is a real
 * HTTP server on loopback; the clock is moved, never waited for.
 */

interface Recibido {
  path: string;
  firma: string;
  cuerpo: string;
}

function receptor(estadoPorDefecto = 200) {
  const recibidos: Recibido[] = [];
  const server = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      recibidos.push({ path: req.url ?? '', firma: String(req.headers['receptoria-firma'] ?? ''), cuerpo: Buffer.concat(partes).toString('utf8') });
      res.writeHead(estadoPorDefecto);
      res.end(estadoPorDefecto === 200 ? 'recibido' : 'caido');
    });
  });
  return {
    recibidos,
    server,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
  };
}

/** What the docs tell integrators to do: every `v1` checked against the secret, `t` at most 5 minutes old. */
function verificar(firma: string, cuerpo: string, secreto: string, ahora = Date.now()): boolean {
  const partes = firma.split(',').map((p) => p.split('=') as [string, string]);
  const t = Number(partes.find(([k]) => k === 't')?.[1]);
  const esperada = createHmac('sha256', secreto).update(`${t}.${cuerpo}`).digest('hex');
  return partes.some(([k, v]) => k === 'v1' && v === esperada) && Math.abs(ahora / 1000 - t) <= 300;
}
const v1s = (firma: string) => firma.split(',').filter((p) => p.startsWith('v1='));

const PASSWORD = 'webhooks-portal-2026';
let t: TestContext;
let w: ResultadosWorld;
let smtp: TestSmtpServer;
let staff: string;
let otroEstudio: Estudio;
const rx = receptor();
const caido = receptor(503);
let base = '';
let baseCaida = '';
let rol = 8400;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ webhooksPermitirPrivadas: true, mail: { smtpUrl: smtp.url } });
  w = await setupResultados(t);
  await t.createUser({ tenantId: t.mainTenantId, username: 'webhooks_oficina', permisos: [...PERMISSION_CODES] });
  staff = await t.login('webhooks_oficina');
  otroEstudio = await registerEstudio(t, staff, { nombre: 'Estudio Vecino de Webhooks' });
  base = await rx.start();
  baseCaida = await caido.start();
}, 60_000);
afterAll(async () => {
  rx.server.close();
  caido.server.close();
  await smtp?.close();
  await t?.close();
});

const db = () => t.tenantDbOf(t.mainTenantId);
const entregar = async (now?: Date) =>
  entregarPendientes(await db(), {
    permitirPrivadas: true,
    destinatariosAviso: destinatariosDeAviso(t.app.controlDb, t.mainTenantId, async () => 'receptora@oficina.cl'),
    ...(now ? { now: () => now } : {}),
  });
const staffRuta = (estudioId: number, sufijo = '') => `/api/v1/estudios/${estudioId}/webhooks/${sufijo}`;
const crearStaff = async (estudioId: number, url: string, eventos: readonly string[]) => {
  const res = await t.request(staff, { method: 'POST', url: staffRuta(estudioId), payload: { url, eventos, activo: true } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: number }; secreto: string };
};
const apagar = async (estudioId: number, id: number) => {
  expect((await t.request(staff, { method: 'PATCH', url: staffRuta(estudioId, `${id}/`), payload: { activo: false } })).statusCode).toBe(200);
};

async function portalUser(email: string, estudioId: number, administraApi: boolean) {
  await t.app.controlDb.insert(controlSchema.portalUsuarios).values({
    tenantId: t.mainTenantId,
    estudioId,
    nombre: 'Encargado de Sistemas',
    email,
    passwordHash: await hashPassword(PASSWORD),
    activadoEn: new Date(),
    administraApi,
  });
  const login = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email, password: PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  return (login.json() as { access: string }).access;
}

async function clave(estudioId: number, alcances: string[]) {
  const res = await t.request(staff, { method: 'POST', url: `/api/v1/estudios/${estudioId}/claves_api/`, payload: { nombre: 'ERP', alcances } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ClaveApiCreada).secreto;
}

/** A request of the firm waiting in the office's inbox, as the portal leaves it. */
async function solicitudPendiente(estudio: Estudio, numeroRol: string): Promise<number> {
  const { estudio_juridico: _firma, ...datos } = encargoPayload(estudio, w.lookupsA, { numero_rol: numeroRol });
  const { rows } = (await (await db()).execute(sql`
    insert into solicitudes (estudio_id, usuario_nombre, usuario_email, datos, numero_rol, partes)
    values (${estudio.id}, 'Paula Soto', 'paula@estudio.cl', ${JSON.stringify(datos)}::jsonb, ${numeroRol}, 'Banco con Pérez')
    returning id`)) as unknown as { rows: { id: number }[] };
  return rows[0]!.id;
}

describe('one assignment’s day', () => {
  it('arrives whole at the firm’s system: every event signed, verifiable, in the order of the acts, one body per id', async () => {
    const creado = await crearStaff(w.estudioA.id, `${base}/dia`, WEBHOOK_EVENTOS);
    const numeroRol = `C-${(rol += 1)}-2026`;
    // The office accepts the firm's request: the assignment is created.
    const solicitudId = await solicitudPendiente(w.estudioA, numeroRol);
    const aceptada = await t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${solicitudId}/aceptar/`, payload: encargoPayload(w.estudioA, w.lookupsA, { numero_rol: numeroRol }) });
    expect(aceptada.statusCode, aceptada.body).toBe(201);
    const encargoId = (aceptada.json() as { encargo_id: number }).encargo_id;
    const encargo = (await t.request(staff, { method: 'GET', url: `/api/v1/encargos/${encargoId}/` })).json() as Encargo;
    // Two searches, the notification (art. 44), the art. 46 letter.
    await dosBusquedas(t, staff, encargo, ['2026-03-10', '2026-03-11']);
    const notif = visitaBody(encargo, { tipo: 'notificacion', resultado: 'notificado_art44', fecha_hora: '2026-03-12T12:05:00-03:00' });
    expect((await postVisita(t, staff, encargo.id, notif)).statusCode).toBe(201);
    const carta = await t.request(staff, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/carta_art46/`, payload: { fecha_envio: '2026-03-13', numero_seguimiento: 'RR900' } });
    expect(carta.statusCode, carta.body).toBe(201);
    // Results typed and the certificate generated.
    const positiva = await tipoId(t, 'busqueda_positiva');
    const resultados = await t.request(staff, {
      method: 'POST',
      url: '/api/v1/diligencias/guardar_resultados/',
      payload: resultadosBody(numeroRol, positiva, { fecha_diligencia: '2026-03-13T11:00:00-03:00' }),
    });
    expect(resultados.statusCode, resultados.body).toBe(200);
    const generado = await t.request(staff, { method: 'POST', url: '/estampados/api/estampados/generar', payload: { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} } });
    expect(generado.statusCode, generado.body).toBe(201);
    // The upload deadline is due the next día hábil: the morning pass says so, once however often it runs.
    const pendientes = (await (await db()).select().from(tenantSchema.plazos).where(eq(tenantSchema.plazos.encargoId, encargo.id))).filter(
      (p) => p.tipo === 'subida_estampado' && p.estado === 'pendiente',
    );
    expect(pendientes).toHaveLength(1);
    const vence = pendientes[0]!.vence;
    const diaAntes = new Date(Date.parse(`${vence}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await avisarPlazosPorVencer(await db(), t.app.controlDb, t.mainTenantId, diaAntes)).toBe(1);
    expect(await avisarPlazosPorVencer(await db(), t.app.controlDb, t.mainTenantId, diaAntes)).toBe(0);
    // A week before, it is not due by the next día hábil.
    const semanaAntes = new Date(Date.parse(`${vence}T12:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    expect(await avisarPlazosPorVencer(await db(), t.app.controlDb, t.mainTenantId, semanaAntes)).toBe(0);
    const subido = await t.request(staff, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/marcar_subido/`, payload: { fecha: '2026-03-16' } });
    expect(subido.statusCode, subido.body).toBe(200);
    // Billed and paid.
    const [diligencia] = await (await db()).select().from(tenantSchema.diligencias).where(eq(tenantSchema.diligencias.encargoId, encargo.id));
    await (await db()).update(tenantSchema.diligencias).set({ valorFinal: 45_000 }).where(eq(tenantSchema.diligencias.id, diligencia!.id));
    const recibo = await t.request(staff, { method: 'POST', url: '/api/v1/recibos/', payload: { estudio_id: w.estudioA.id, diligencia_ids: [diligencia!.id], fecha: '2026-03-17' } });
    expect(recibo.statusCode, recibo.body).toBe(201);
    const reciboId = (recibo.json() as { recibo: { id: number } }).recibo.id;
    const pago = await t.request(staff, {
      method: 'POST',
      url: '/api/v1/pagos/',
      payload: { estudio_id: w.estudioA.id, fecha: '2026-03-18', monto: 45_000, medio: 'transferencia', aplicaciones: [{ recibo_id: reciboId, monto: 45_000 }] },
    });
    expect(pago.statusCode, pago.body).toBe(201);

    expect(await entregar()).toBe(12);
    const recibidos = rx.recibidos.splice(0).filter((r) => r.path === '/dia');
    for (const r of recibidos) expect(verificar(r.firma, r.cuerpo, creado.secreto), r.cuerpo).toBe(true);
    const cuerpos = recibidos.map((r) => JSON.parse(r.cuerpo) as { id: string; tipo: string; creado: string; encargo: { id: number | null; numero_rol: string; tribunal: string }; datos: Record<string, unknown> });
    expect(cuerpos.map((c) => c.tipo)).toEqual([
      'encargo.creado',
      'solicitud.aceptada',
      'visita.registrada',
      'visita.registrada',
      'visita.registrada',
      'encargo.notificado',
      'carta_art46.enviada',
      'estampado.emitido',
      'plazo.por_vencer',
      'estampado.subido',
      'recibo.emitido',
      'pago.aplicado',
    ]);
    for (const c of cuerpos) {
      expect(Object.keys(c).sort()).toEqual(['creado', 'datos', 'encargo', 'id', 'tipo']);
      expect(c.encargo).toEqual({ id: encargo.id, numero_rol: numeroRol, tribunal: encargo.tribunal_nombre });
      expect(c.creado).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?-0[34]:00$/);
    }
    expect(new Set(cuerpos.map((c) => c.id)).size).toBe(cuerpos.length);
    expect(cuerpos[1]!.datos).toMatchObject({ solicitud_id: solicitudId, encargo_id: encargo.id });
    const notificada = cuerpos[4]!;
    expect(notificada.datos).toMatchObject({ resultado: 'notificado_art44', hora: '12:05' });
    expect(String(notificada.datos.domicilio)).not.toBe('');
    // The receiver does not share photos: the visit's event says nothing of them.
    expect(notificada.datos).not.toHaveProperty('fotos');
    expect(cuerpos[8]!.datos).toMatchObject({ tipo: 'subida_estampado', vence });
    expect(cuerpos[11]!.datos).toMatchObject({ recibo_id: reciboId, monto: 45_000 });
    // Each id's stored body is exactly what was signed and sent.
    const guardados = await (await db()).select().from(tenantSchema.webhookEventos).where(eq(tenantSchema.webhookEventos.encargoId, encargo.id));
    for (const r of recibidos) expect(guardados.find((g) => r.cuerpo.includes(g.id))?.cuerpo).toBe(r.cuerpo);
    await apagar(w.estudioA.id, creado.endpoint.id);
  });

  it('a rejected request and a visit where photos are shared', async () => {
    const creado = await crearStaff(w.estudioA.id, `${base}/rechazos`, ['solicitud.rechazada', 'visita.registrada']);
    const numeroRol = `C-${(rol += 1)}-2026`;
    const id = await solicitudPendiente(w.estudioA, numeroRol);
    const rechazo = await t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${id}/rechazar/`, payload: { motivo: 'El rol ya fue notificado' } });
    expect(rechazo.statusCode, rechazo.body).toBe(200);
    await (await db()).execute(sql`insert into portal_configuracion (id, compartir_fotos_portal) values (1, true) on conflict (id) do update set compartir_fotos_portal = true`);
    const encargo = await crearEncargo(t, staff, w.estudioA, w.lookupsA, { numero_rol: `C-${(rol += 1)}-2026`, fecha_encargo: '2026-03-09' });
    expect((await postVisita(t, staff, encargo.id, visitaBody(encargo, { fecha_hora: '2026-03-10T17:45:00-03:00' }))).statusCode).toBe(201);
    await (await db()).execute(sql`update portal_configuracion set compartir_fotos_portal = false where id = 1`);
    expect(await entregar()).toBe(2);
    // Events of different assignments (a request has none) keep no order among them.
    const llegados = rx.recibidos.splice(0).map((r) => JSON.parse(r.cuerpo) as { tipo: string; encargo: unknown; datos: Record<string, unknown> });
    const rechazada = llegados.find((c) => c.tipo === 'solicitud.rechazada');
    const visita = llegados.find((c) => c.tipo === 'visita.registrada');
    expect(rechazada).toMatchObject({ tipo: 'solicitud.rechazada', encargo: { id: null, numero_rol: numeroRol }, datos: { solicitud_id: id, motivo: 'El rol ya fue notificado' } });
    expect(visita).toMatchObject({ tipo: 'visita.registrada', datos: { hora: '17:45', fotos: [] } });
    await apagar(w.estudioA.id, creado.endpoint.id);
  });
});

describe('rotating the secret', () => {
  it('signs with both secrets for 24 h (two v1 in the one header), then with the new one only', async () => {
    const creado = await crearStaff(w.estudioA.id, `${base}/rotar`, ['encargo.creado']);
    const res = await t.request(staff, { method: 'POST', url: staffRuta(w.estudioA.id, `${creado.endpoint.id}/rotar_secreto/`) });
    expect(res.statusCode, res.body).toBe(200);
    const rotado = WebhookSecretoRotadoSchema.parse(res.json());
    expect(rotado.secreto).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(rotado.secreto).not.toBe(creado.secreto);
    expect(rotado.endpoint.secreto_anterior_hasta).toBe(rotado.anterior_valido_hasta);
    // Never shown again.
    const lista = await t.request(staff, { method: 'GET', url: staffRuta(w.estudioA.id) });
    expect(lista.body).not.toContain(rotado.secreto);
    expect(lista.body).not.toContain(creado.secreto);

    expect((await t.request(staff, { method: 'POST', url: staffRuta(w.estudioA.id, `${creado.endpoint.id}/probar/`) })).statusCode).toBe(202);
    expect(await entregar()).toBe(1);
    const [durante] = rx.recibidos.splice(0);
    expect(v1s(durante!.firma)).toHaveLength(2);
    expect(verificar(durante!.firma, durante!.cuerpo, creado.secreto)).toBe(true);
    expect(verificar(durante!.firma, durante!.cuerpo, rotado.secreto)).toBe(true);

    const despues = new Date(Date.now() + 24 * 3600_000 + 60_000);
    expect((await t.request(staff, { method: 'POST', url: staffRuta(w.estudioA.id, `${creado.endpoint.id}/probar/`) })).statusCode).toBe(202);
    expect(await entregar(despues)).toBe(1);
    const [pasado] = rx.recibidos.splice(0);
    expect(v1s(pasado!.firma)).toHaveLength(1);
    expect(verificar(pasado!.firma, pasado!.cuerpo, rotado.secreto, despues.getTime())).toBe(true);
    expect(verificar(pasado!.firma, pasado!.cuerpo, creado.secreto, despues.getTime())).toBe(false);
    // A `t` older than 5 minutes is refused by the documented check.
    expect(verificar(pasado!.firma, pasado!.cuerpo, rotado.secreto, despues.getTime() + 301_000)).toBe(false);
    await apagar(w.estudioA.id, creado.endpoint.id);
  });
});

describe('the firm’s own webhooks (portal)', () => {
  it('a portal user with administra_api and a key with webhooks:administrar manage the firm’s endpoints, and only those', async () => {
    const ajeno = await crearStaff(otroEstudio.id, `${base}/ajeno`, ['encargo.creado']);
    const sinDerecho = await portalUser('sin.derecho@larrain.cl', w.estudioA.id, false);
    const negado = await t.request(sinDerecho, { method: 'GET', url: '/api/v1/portal/webhooks/' });
    expect(negado.statusCode).toBe(403);
    expect(negado.json()).toEqual({ detail: webhooksMessages.sinDerechoApi });
    const sinAlcance = await clave(w.estudioA.id, ['encargos:leer']);
    expect((await t.request(sinAlcance, { method: 'GET', url: '/api/v1/portal/webhooks/' })).statusCode).toBe(403);

    const admin = await portalUser('sistemas@larrain.cl', w.estudioA.id, true);
    const llave = await clave(w.estudioA.id, ['webhooks:administrar']);
    for (const [quien, token] of [['usuario', admin], ['clave', llave]] as const) {
      const creado = await t.request(token, { method: 'POST', url: '/api/v1/portal/webhooks/', payload: { url: `${base}/portal-${quien}`, eventos: ['encargo.creado'], activo: true } });
      expect(creado.statusCode, creado.body).toBe(201);
      const { endpoint, secreto } = creado.json() as { endpoint: { id: number }; secreto: string };
      const lista = await t.request(token, { method: 'GET', url: '/api/v1/portal/webhooks/' });
      expect(lista.statusCode).toBe(200);
      const ids = (lista.json() as { results: { id: number }[] }).results.map((e) => e.id);
      expect(ids).toContain(endpoint.id);
      expect(ids).not.toContain(ajeno.endpoint.id);
      expect(lista.body).not.toContain('/ajeno');

      const probar = await t.request(token, { method: 'POST', url: `/api/v1/portal/webhooks/${endpoint.id}/probar/` });
      expect(probar.statusCode, probar.body).toBe(202);
      expect(await entregar()).toBe(1);
      const [ping] = rx.recibidos.splice(0);
      expect(ping!.path).toBe(`/portal-${quien}`);
      expect(verificar(ping!.firma, ping!.cuerpo, secreto)).toBe(true);
      const log = await t.request(token, { method: 'GET', url: `/api/v1/portal/webhooks/${endpoint.id}/entregas/` });
      const entregas = WebhookEntregasListSchema.parse(log.json());
      expect(entregas).toMatchObject([{ tipo: 'ping', intento: 1, estado_http: 200, respuesta: 'recibido', error: null }]);
      const reenvio = await t.request(token, { method: 'POST', url: `/api/v1/portal/webhooks/${endpoint.id}/entregas/${entregas[0]!.id}/reenviar/` });
      expect(reenvio.statusCode, reenvio.body).toBe(202);
      expect(await entregar()).toBe(1);
      expect(rx.recibidos.splice(0).map((r) => r.cuerpo)).toEqual([ping!.cuerpo]);

      const rotado = await t.request(token, { method: 'POST', url: `/api/v1/portal/webhooks/${endpoint.id}/rotar_secreto/` });
      expect(rotado.statusCode, rotado.body).toBe(200);
      expect(WebhookSecretoRotadoSchema.parse(rotado.json()).secreto).not.toBe(secreto);
      const cambiado = await t.request(token, { method: 'PATCH', url: `/api/v1/portal/webhooks/${endpoint.id}/`, payload: { eventos: ['visita.registrada'] } });
      expect(WebhookEndpointSchema.parse(cambiado.json()).eventos).toEqual(['visita.registrada']);

      // Another firm's endpoint (same receiver): 404 on every route, untouched.
      const antes = await (await db()).select().from(tenantSchema.webhookEndpoints).where(eq(tenantSchema.webhookEndpoints.id, ajeno.endpoint.id));
      const rutas: Array<[string, string, object?]> = [
        ['PATCH', `${ajeno.endpoint.id}/`, { activo: false }],
        ['POST', `${ajeno.endpoint.id}/rotar_secreto/`],
        ['POST', `${ajeno.endpoint.id}/probar/`],
        ['GET', `${ajeno.endpoint.id}/entregas/`],
        ['POST', `${ajeno.endpoint.id}/entregas/1/reenviar/`],
        ['DELETE', `${ajeno.endpoint.id}/`],
      ];
      for (const [method, sufijo, payload] of rutas) {
        const r = await t.request(token, { method: method as 'GET', url: `/api/v1/portal/webhooks/${sufijo}`, ...(payload ? { payload } : {}) });
        expect(r.statusCode, `${method} ${sufijo} ${r.body}`).toBe(404);
        expect(r.json()).toEqual({ detail: webhooksMessages.endpointNoEncontrado });
      }
      expect(await (await db()).select().from(tenantSchema.webhookEndpoints).where(eq(tenantSchema.webhookEndpoints.id, ajeno.endpoint.id))).toEqual(antes);
      // Bad input: 400 in Spanish.
      const malo = await t.request(token, { method: 'POST', url: '/api/v1/portal/webhooks/', payload: { url: 'http://169.254.169.254/', eventos: ['encargo.creado'] } });
      expect(malo.statusCode).toBe(400);
      expect(malo.json()).toMatchObject({ detail: webhooksMessages.urlPrivada });

      expect((await t.request(token, { method: 'DELETE', url: `/api/v1/portal/webhooks/${endpoint.id}/` })).statusCode).toBe(200);
    }
    // The office's routes stay closed to the key and to the portal user.
    expect((await t.request(llave, { method: 'GET', url: staffRuta(w.estudioA.id) })).statusCode).toBe(403);
    expect((await t.request(admin, { method: 'GET', url: staffRuta(w.estudioA.id) })).statusCode).toBe(403);
    await apagar(otroEstudio.id, ajeno.endpoint.id);
  });
});

describe('retries and disabling', () => {
  it('backs off 1 min, 5 min, 30 min, 2 h, 6 h, 12 h… for 24 h, then turns the endpoint off and mails the firm and the receiver', () => {
    const t0 = new Date('2026-03-10T12:00:00Z');
    const esperas: number[] = [];
    let ahora = t0;
    for (let intento = 1; intento < 20; intento += 1) {
      const proximo = proximoReintento(intento, t0, ahora);
      if (!proximo) break;
      esperas.push((proximo.getTime() - ahora.getTime()) / 1000);
      ahora = proximo;
    }
    expect(esperas).toEqual([...WEBHOOK_REINTENTOS_S, 24 * 3600 - WEBHOOK_REINTENTOS_S.reduce((a, b) => a + b, 0)]);
  });

  it('an endpoint failing for 24 h is disabled, each attempt logged, and the outbox mails its firm and the receiver', async () => {
    await portalUser('ti@larrain.cl', w.estudioA.id, true);
    const creado = await crearStaff(w.estudioA.id, `${baseCaida}/caido`, ['encargo.creado']);
    const encargo = await crearEncargo(t, staff, w.estudioA, w.lookupsA, { numero_rol: `C-${(rol += 1)}-2026`, fecha_encargo: '2026-03-09' });
    let ahora = new Date();
    const inicio = ahora;
    for (let i = 0; i < 12; i += 1) {
      const enviados = await entregar(ahora);
      if (enviados === 0) break;
      const [envio] = await (await db()).select().from(tenantSchema.webhookEnvios).where(eq(tenantSchema.webhookEnvios.endpointId, creado.endpoint.id));
      if (envio!.estado !== 'pendiente') break;
      ahora = envio!.proximoIntento;
    }
    const log = WebhookEntregasListSchema.parse((await t.request(staff, { method: 'GET', url: staffRuta(w.estudioA.id, `${creado.endpoint.id}/entregas/`) })).json());
    expect(log.map((e) => e.intento).reverse()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(log.every((e) => e.estado_http === 503 && e.error === 'Respuesta HTTP 503' && e.respuesta === 'caido')).toBe(true);
    const tiempos = log.map((e) => Date.parse(e.enviado_en)).reverse();
    expect(tiempos.slice(1).map((x, i) => Math.round((x - tiempos[i]!) / 1000))).toEqual([60, 300, 1800, 7200, 21_600, 43_200, 12_240]);
    expect(tiempos.at(-1)! - inicio.getTime()).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    const [envio] = await (await db()).select().from(tenantSchema.webhookEnvios).where(eq(tenantSchema.webhookEnvios.endpointId, creado.endpoint.id));
    expect(envio!.estado).toBe('fallido');
    const lista = await t.request(staff, { method: 'GET', url: staffRuta(w.estudioA.id) });
    const endpoint = (lista.json() as { results: { id: number; activo: boolean; desactivado_por_fallas: boolean }[] }).results.find((e) => e.id === creado.endpoint.id);
    expect(endpoint).toMatchObject({ activo: false, desactivado_por_fallas: true });
    // A new act of that firm is not owed to a disabled endpoint.
    await crearEncargo(t, staff, w.estudioA, w.lookupsA, { numero_rol: `C-${(rol += 1)}-2026`, fecha_encargo: '2026-03-09' });
    expect(await entregar(new Date(ahora.getTime() + 3600_000))).toBe(0);
    expect(encargo.id).toBeGreaterThan(0);

    // The mail, written once to the receiver's outbox, then delivered over SMTP.
    const correos = await (await db()).select().from(tenantSchema.correoSaliente).where(eq(tenantSchema.correoSaliente.tipo, 'webhook'));
    expect(correos).toHaveLength(1);
    // The firm's API administrators (not its other portal users) and the receiver.
    expect(correos[0]!.para.split(', ').sort()).toEqual(['receptora@oficina.cl', 'sistemas@larrain.cl', 'ti@larrain.cl']);
    expect(correos[0]!.cuerpo).toContain(`${baseCaida}/caido`);
    const enviado = await entregarCorreo(t.app.mail, await db(), correos[0]!.id);
    expect(enviado.estado).toBe('enviado');
    const [mail] = await smtp.waitFor(1, 10_000);
    expect(mail!.envelopeTo).toContain('ti@larrain.cl');
    expect(mail!.parsed.subject).toBe('Webhook desactivado por fallas: Larraín, Vial y Asociados Abogados');
    expect(mail!.parsed.text).toContain('fue desactivado tras 24 horas de fallas');

    // Turned on again, it resumes; its failure streak is forgotten.
    const activado = await t.request(staff, { method: 'PATCH', url: staffRuta(w.estudioA.id, `${creado.endpoint.id}/`), payload: { activo: true } });
    expect(WebhookEndpointSchema.parse(activado.json())).toMatchObject({ activo: true, fallando_desde: null, desactivado_por_fallas: false });
    await apagar(w.estudioA.id, creado.endpoint.id);
  });
});
