import { createHmac } from 'node:crypto';
import dns from 'node:dns/promises';
import http from 'node:http';
import { hostname } from 'node:os';
import net, { type AddressInfo } from 'node:net';
import { type Encargo, WebhookEntregasListSchema } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { resultadosBody, type ResultadosWorld, setupResultados, tipoId } from '../diligencias/resultados.fixtures';
import { crearEncargo, registerEstudio } from '../encargos/encargos.fixtures';
import { dosBusquedas, postVisita, visitaBody } from '../visitas/visitas.fixtures';
import { TIPO_WEBHOOK } from './webhooks.eventos';
import { entregarPendientes } from './webhooks.entregas';
import { direccionPermitida, enviarWebhook, lookupSeguro, motivoUrlRechazada, WEBHOOK_TIMEOUT_MS } from './webhooks.red';
import { crearEndpoint } from './webhooks.service';

interface Recibido {
  path: string;
  firma: string;
  cuerpo: string;
}

/** A firm's system on loopback: records every request and answers from `respuestas` (then 200). */
function receptor() {
  const recibidos: Recibido[] = [];
  const respuestas: { status: number; headers?: Record<string, string>; body?: string }[] = [];
  const server = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      recibidos.push({ path: req.url ?? '', firma: String(req.headers['receptoria-firma'] ?? ''), cuerpo: Buffer.concat(partes).toString('utf8') });
      const r = respuestas.shift() ?? { status: 200, body: 'ok' };
      res.writeHead(r.status, r.headers ?? {});
      res.end(r.body ?? '');
    });
  });
  return {
    recibidos,
    respuestas,
    server,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
  };
}

function verificar(firma: string, cuerpo: string, secreto: string): boolean {
  const partes = firma.split(',').map((p) => p.split('=') as [string, string]);
  const t = partes.find(([k]) => k === 't')?.[1];
  const v1 = partes.filter(([k]) => k === 'v1').map(([, v]) => v);
  if (!t || v1.length === 0) return false;
  const esperada = createHmac('sha256', secreto).update(`${t}.${cuerpo}`).digest('hex');
  return v1.includes(esperada) && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

let t: TestContext;
let w: ResultadosWorld;
const rx = receptor();
let base = '';
let rol = 7100;

beforeAll(async () => {
  t = await createTestContext({ webhooksPermitirPrivadas: true });
  w = await setupResultados(t);
  base = await rx.start();
});
afterAll(async () => {
  rx.server.close();
  await t.close();
});

const db = () => t.tenantDbOf(t.mainTenantId);
const nuevo = (): Promise<Encargo> =>
  crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: `C-${(rol += 1)}-2026`, fecha_encargo: '2026-03-09' });
const ruta = (sufijo = '') => `/api/v1/estudios/${w.estudioA.id}/webhooks/${sufijo}`;
const entregar = async (now?: Date) => entregarPendientes(await db(), { permitirPrivadas: true, ...(now ? { now: () => now } : {}) });
const crear = async (path: string, eventos: string[]) => {
  const res = await t.request(w.tokenA, { method: 'POST', url: ruta(), payload: { url: `${base}${path}`, eventos, activo: true } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: number; url: string; eventos: string[]; activo: boolean }; secreto: string };
};
const desactivar = async (id: number) => {
  const res = await t.request(w.tokenA, { method: 'PATCH', url: ruta(`${id}/`), payload: { activo: false } });
  expect(res.statusCode, res.body).toBe(200);
};
const entregas = async (id: number) => {
  const res = await t.request(w.tokenA, { method: 'GET', url: ruta(`${id}/entregas/`) });
  expect(res.statusCode, res.body).toBe(200);
  return WebhookEntregasListSchema.parse(res.json());
};

describe('webhooks to a firm system', () => {
  it("delivers one assignment's events signed, verifiable and in the order they were recorded", async () => {
    const creado = await crear('/eventos', ['encargo.creado', 'visita.registrada', 'encargo.notificado', 'carta_art46.enviada']);
    expect(creado.secreto).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(creado.endpoint).toMatchObject({ url: `${base}/eventos`, activo: true });
    const listado = await t.request(w.tokenA, { method: 'GET', url: ruta() });
    expect(JSON.stringify(listado.json())).not.toContain(creado.secreto);

    const encargo = await nuevo();
    await dosBusquedas(t, w.tokenA, encargo, ['2026-03-10', '2026-03-11']);
    const notif = visitaBody(encargo, { tipo: 'notificacion', resultado: 'notificado_art44', fecha_hora: '2026-03-12T12:00:00-03:00' });
    expect((await postVisita(t, w.tokenA, encargo.id, notif)).statusCode).toBe(201);
    const carta = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/carta_art46/`, payload: { fecha_envio: '2026-03-13', numero_seguimiento: 'RR222' } });
    expect(carta.statusCode, carta.body).toBe(201);

    const actos = await (await db())
      .select()
      .from(tenantSchema.encargoEventos)
      .where(eq(tenantSchema.encargoEventos.encargoId, encargo.id))
      .orderBy(asc(tenantSchema.encargoEventos.id));
    const esperados = actos.map((a) => TIPO_WEBHOOK[a.tipo as keyof typeof TIPO_WEBHOOK]).filter((x) => x !== undefined);
    expect(esperados).toEqual(['encargo.creado', 'visita.registrada', 'visita.registrada', 'visita.registrada', 'encargo.notificado', 'carta_art46.enviada']);

    expect(await entregar()).toBe(6);
    const recibidos = rx.recibidos.splice(0);
    expect(recibidos.map((r) => r.path)).toEqual(Array(6).fill('/eventos'));
    for (const r of recibidos) expect(verificar(r.firma, r.cuerpo, creado.secreto), r.firma).toBe(true);
    expect(verificar(recibidos[0]!.firma, recibidos[0]!.cuerpo, 'whsec_otro')).toBe(false);
    const cuerpos = recibidos.map((r) => JSON.parse(r.cuerpo) as Record<string, unknown>);
    expect(cuerpos.map((c) => c.tipo)).toEqual(esperados);
    expect(new Set(cuerpos.map((c) => c.id)).size).toBe(6);
    expect(cuerpos[0]).toMatchObject({ encargo: { id: encargo.id, numero_rol: encargo.numero_rol, tribunal: expect.any(String) as string } });
    expect(Object.keys(cuerpos[0]!).sort()).toEqual(['creado', 'datos', 'encargo', 'id', 'tipo']);
    expect(cuerpos[3]).toMatchObject({ datos: { resultado: 'notificado_art44' } });
    expect(cuerpos[5]).toMatchObject({ datos: { numero_seguimiento: 'RR222' } });
    // Nothing left owed: a second pass sends nothing.
    expect(await entregar()).toBe(0);
    const log = await entregas(creado.endpoint.id);
    expect(log).toHaveLength(6);
    expect(log.every((e) => e.estado_http === 200 && e.intento === 1 && e.respuesta === 'ok' && e.error === null)).toBe(true);
    await desactivar(creado.endpoint.id);
  });

  it('a 500 is retried a minute later with the same id and body, holding back the later events of that assignment', async () => {
    const creado = await crear('/reintentos', ['encargo.creado', 'visita.registrada']);
    const encargo = await nuevo();
    expect((await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { fecha_hora: '2026-03-10T09:30:00-03:00' }))).statusCode).toBe(201);
    rx.respuestas.push({ status: 500, body: 'x'.repeat(3000) });
    expect(await entregar()).toBe(1);
    const [fallido] = rx.recibidos.splice(0);
    expect(JSON.parse(fallido!.cuerpo)).toMatchObject({ tipo: 'encargo.creado' });
    // Not due yet: nothing goes.
    expect(await entregar()).toBe(0);
    expect(rx.recibidos).toHaveLength(0);

    expect(await entregar(new Date(Date.now() + 61_000))).toBe(2);
    const [otraVez, visita] = rx.recibidos.splice(0);
    expect(otraVez!.cuerpo).toBe(fallido!.cuerpo);
    expect(JSON.parse(visita!.cuerpo)).toMatchObject({ tipo: 'visita.registrada' });

    const log = await entregas(creado.endpoint.id);
    expect(log.map((e) => [e.tipo, e.intento, e.estado_http])).toEqual([
      ['visita.registrada', 1, 200],
      ['encargo.creado', 2, 200],
      ['encargo.creado', 1, 500],
    ]);
    expect(log[2]!.respuesta).toHaveLength(1024);
    expect(log[2]!.error).toBe('Respuesta HTTP 500');
    expect(log[1]!.evento_id).toBe(log[2]!.evento_id);

    // 'Reenviar' sends that event again, the same body.
    const reenvio = await t.request(w.tokenA, { method: 'POST', url: ruta(`${creado.endpoint.id}/entregas/${log[2]!.id}/reenviar/`) });
    expect(reenvio.statusCode, reenvio.body).toBe(202);
    expect(await entregar()).toBe(1);
    expect(rx.recibidos.splice(0).map((r) => r.cuerpo)).toEqual([fallido!.cuerpo]);
    await desactivar(creado.endpoint.id);
  });

  it('a redirect is not followed; Probar sends a ping', async () => {
    const creado = await crear('/mover', ['encargo.creado']);
    rx.respuestas.push({ status: 302, headers: { location: `${base}/destino` } });
    const probar = await t.request(w.tokenA, { method: 'POST', url: ruta(`${creado.endpoint.id}/probar/`) });
    expect(probar.statusCode, probar.body).toBe(202);
    expect(await entregar()).toBe(1);
    expect(rx.recibidos.splice(0).map((r) => [r.path, (JSON.parse(r.cuerpo) as { tipo: string }).tipo])).toEqual([['/mover', 'ping']]);
    const [intento] = await entregas(creado.endpoint.id);
    expect(intento).toMatchObject({ tipo: 'ping', estado_http: 302, error: 'Respuesta HTTP 302' });
    await desactivar(creado.endpoint.id);
  });

  it('a certificate generated goes out as estampado.emitido, only to endpoints that chose it', async () => {
    const creado = await crear('/estampados', ['estampado.emitido']);
    const encargo = await nuevo();
    const positiva = await tipoId(t, 'busqueda_positiva');
    const guardado = await t.request(w.tokenA, {
      method: 'POST',
      url: '/api/v1/diligencias/guardar_resultados/',
      payload: resultadosBody(encargo.numero_rol, positiva, { fecha_diligencia: '2026-03-10T11:00:00-03:00' }),
    });
    expect(guardado.statusCode, guardado.body).toBe(200);
    const generado = await t.request(w.tokenA, { method: 'POST', url: '/estampados/api/estampados/generar', payload: { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} } });
    expect(generado.statusCode, generado.body).toBe(201);
    expect(await entregar()).toBe(1);
    const [r] = rx.recibidos.splice(0);
    expect(r!.path).toBe('/estampados');
    expect(JSON.parse(r!.cuerpo)).toMatchObject({ tipo: 'estampado.emitido', encargo: { id: encargo.id } });
    expect(verificar(r!.firma, r!.cuerpo, creado.secreto)).toBe(true);
    await desactivar(creado.endpoint.id);
  });

  it('a firm with no active endpoint gets no event rows', async () => {
    const encargo = await nuevo();
    const filas = await (await db()).select().from(tenantSchema.webhookEventos).where(eq(tenantSchema.webhookEventos.encargoId, encargo.id));
    expect(filas).toHaveLength(0);
  });

  it('bad input is a 400 in Spanish; another firm’s endpoint is a 404', async () => {
    const malo = await t.request(w.tokenA, { method: 'POST', url: ruta(), payload: { url: 'ftp://x', eventos: ['encargo.inventado'], activo: true } });
    expect(malo.statusCode).toBe(400);
    const metadata = await t.request(w.tokenA, { method: 'POST', url: ruta(), payload: { url: 'http://169.254.169.254/latest', eventos: ['encargo.creado'], activo: true } });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json()).toMatchObject({ detail: 'La URL debe apuntar a una dirección pública' });
    const creado = await crear('/x', ['encargo.creado']);
    const otro = await registerEstudio(t, w.tokenA, { nombre: 'Otro Estudio de Prueba Ltda.' });
    const ajeno = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/estudios/${otro.id}/webhooks/${creado.endpoint.id}/entregas/` });
    expect(ajeno.statusCode).toBe(404);
    // Another receiver's user does not reach this receiver's endpoints.
    const otroReceptor = await t.request(w.tokenB, { method: 'GET', url: `/api/v1/estudios/${w.estudioB.id}/webhooks/` });
    expect(otroReceptor.statusCode).toBe(200);
    expect(otroReceptor.json()).toEqual({ results: [] });
    const borrar = await t.request(w.tokenA, { method: 'DELETE', url: ruta(`${creado.endpoint.id}/`) });
    expect(borrar.statusCode).toBe(200);
    expect((await t.request(w.tokenA, { method: 'GET', url: ruta(`${creado.endpoint.id}/entregas/`) })).statusCode).toBe(404);
  });
});

describe('two instances', () => {
  it('two delivery passes at once (as two instances would run them) send each attempt once', async () => {
    const creado = await crear('/dos-instancias', ['encargo.creado', 'visita.registrada']);
    const encargos = [await nuevo(), await nuevo(), await nuevo(), await nuevo()];
    const [a, b] = await Promise.all([entregarPendientes(await db(), { permitirPrivadas: true }), entregarPendientes(await db(), { permitirPrivadas: true })]);
    expect(a + b).toBeGreaterThanOrEqual(encargos.length);
    const aqui = rx.recibidos.filter((r) => r.path === '/dos-instancias').map((r) => JSON.parse(r.cuerpo) as { id: string; encargo: { id: number } });
    expect(aqui.map((r) => r.encargo.id).sort()).toEqual(encargos.map((e) => e.id).sort());
    expect(new Set(aqui.map((r) => r.id)).size).toBe(aqui.length);
    const log = await entregas(creado.endpoint.id);
    expect(log).toHaveLength(encargos.length);
    expect(log.every((e) => e.intento === 1 && e.estado_http === 200)).toBe(true);
    await desactivar(creado.endpoint.id);
  });
});

describe('timeout', () => {
  it('a receiver that never answers is cut at the timeout and logged as such', async () => {
    const colgado = http.createServer(() => undefined);
    await new Promise<void>((resolve) => colgado.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(colgado.address() as AddressInfo).port}/`;
      const r = await enviarWebhook(url, '{}', ['s'], { permitirPrivadas: true, timeoutMs: 300 });
      expect(r).toMatchObject({ estadoHttp: null, error: 'Sin respuesta en 0,3 s' });
      expect(r.duracionMs).toBeGreaterThanOrEqual(290);
      expect(r.duracionMs).toBeLessThan(3000);
    } finally {
      colgado.closeAllConnections();
      colgado.close();
    }
  });

  it('the default is 10 s; a receiver that takes the connection and never answers is abandoned at the timeout, over http, in TLS or mid-answer, and the attempt logged as such', async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    // Accepts connections and never writes a byte (no HTTP answer, no TLS handshake).
    const sockets = new Set<net.Socket>();
    const mudo = net.createServer((s) => {
      sockets.add(s);
      s.on('error', () => undefined);
    });
    // Answers its head and a part of its body, never the rest.
    const aMedias = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('parcial');
    });
    await new Promise<void>((resolve) => mudo.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => aMedias.listen(0, '127.0.0.1', resolve));
    const puertoMudo = (mudo.address() as AddressInfo).port;
    let endpointId: number | undefined;
    try {
      for (const url of [`http://127.0.0.1:${puertoMudo}/`, `https://127.0.0.1:${puertoMudo}/`, `http://127.0.0.1:${(aMedias.address() as AddressInfo).port}/`]) {
        const r = await enviarWebhook(url, '{}', ['s'], { permitirPrivadas: true, timeoutMs: 300 });
        expect(r, url).toMatchObject({ estadoHttp: null, error: 'Sin respuesta en 0,3 s' });
        expect(r.duracionMs, url).toBeGreaterThanOrEqual(290);
        expect(r.duracionMs, url).toBeLessThan(3000);
      }
      // A delivery pass with the timeout set: the attempt is logged as a timeout and left to be retried.
      const res = await t.request(w.tokenA, { method: 'POST', url: ruta(), payload: { url: `http://127.0.0.1:${puertoMudo}/mudo`, eventos: ['encargo.creado'], activo: true } });
      expect(res.statusCode, res.body).toBe(201);
      endpointId = (res.json() as { endpoint: { id: number } }).endpoint.id;
      const encargo = await nuevo();
      expect(await entregarPendientes(await db(), { permitirPrivadas: true, timeoutMs: 300 })).toBeGreaterThanOrEqual(1);
      const log = await entregas(endpointId);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ tipo: 'encargo.creado', intento: 1, estado_http: null, respuesta: '', error: 'Sin respuesta en 0,3 s' });
      expect(log[0]!.duracion_ms).toBeGreaterThanOrEqual(290);
      const [envio] = await (await db()).select().from(tenantSchema.webhookEnvios).where(eq(tenantSchema.webhookEnvios.endpointId, endpointId));
      expect(envio).toMatchObject({ estado: 'pendiente', intentos: 1, encargoId: encargo.id });
    } finally {
      if (endpointId !== undefined) await desactivar(endpointId);
      for (const s of sockets) s.destroy();
      mudo.close();
      aMedias.closeAllConnections();
      aMedias.close();
    }
  });
});

describe('SSRF', () => {
  it('refuses loopback and private addresses without the setting, on the address connected to', async () => {
    const antes = rx.recibidos.length;
    const directo = await enviarWebhook(`${base}/privada`, '{}', ['s'], { permitirPrivadas: false });
    expect(directo).toMatchObject({ estadoHttp: null, error: 'La URL debe usar https' });
    const https = await enviarWebhook(base.replace('http:', 'https:'), '{}', ['s'], { permitirPrivadas: false });
    expect(https).toMatchObject({ estadoHttp: null, error: 'La URL debe apuntar a una dirección pública' });
    // A name that resolves to loopback (this machine's own name): refused by the lookup the connection uses.
    const nombre = hostname();
    const [resuelta] = await dns.lookup(nombre, { all: true });
    expect(direccionPermitida(resuelta!.address, false)).toBe(false);
    const porNombre = await enviarWebhook(`https://${nombre}:${new URL(base).port}/`, '{}', ['s'], { permitirPrivadas: false });
    expect(porNombre).toMatchObject({ estadoHttp: null, error: 'La URL debe apuntar a una dirección pública' });
    const lookup = lookupSeguro(false);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(error?.code).toBe('EWEBHOOKPRIVADA');
    const permitida = await new Promise<string>((resolve) => lookupSeguro(true)('localhost', {}, (_e, address) => resolve(String(address))));
    expect(permitida).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(rx.recibidos.length).toBe(antes);
    await expect(crearEndpoint(await db(), w.estudioA.id, { url: `${base}/x`, eventos: ['encargo.creado'], activo: true }, false)).rejects.toThrow('La URL debe usar https');
    await expect(crearEndpoint(await db(), w.estudioA.id, { url: 'https://10.0.0.5/x', eventos: ['encargo.creado'], activo: true }, false)).rejects.toThrow('La URL debe apuntar a una dirección pública');
  });

  it('link-local and cloud metadata addresses are refused even with the setting', () => {
    for (const ip of ['169.254.169.254', 'fd00:ec2::254', '::ffff:169.254.169.254', 'fe80::1']) expect(direccionPermitida(ip, true), ip).toBe(false);
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '::1', 'fd12::1', '::ffff:127.0.0.1', '100.64.0.1']) {
      expect(direccionPermitida(ip, true), ip).toBe(true);
      expect(direccionPermitida(ip, false), ip).toBe(false);
    }
    expect(direccionPermitida('8.8.8.8', false)).toBe(true);
    expect(direccionPermitida('2001:4860:4860::8888', false)).toBe(true);
    expect(motivoUrlRechazada('http://[fd00:ec2::254]/', true)).toBe('La URL debe apuntar a una dirección pública');
    expect(motivoUrlRechazada('https://example.cl/hook', false)).toBeNull();
  });
});
