import { formatDate } from '@receptoria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxText } from '../src/documents/docx/ooxml';
import {
  cartaEnCola,
  certificadosCierre,
  enCobranza,
  enCola,
  eventosPortal,
  icsCon,
  instante,
  itemPortal,
  leerLugares,
  type Lugares,
  pasosA,
  plazosDe,
  plazosEnPortal,
  visitasCierre,
} from './dia-completo/lugares';
import { CLAVE_FIRMA, COMUNA, type Dia, DIRECCION, ingresarEncargo, prepararDia, SEGUIMIENTO, TARIFA_ESTUDIO, visitaDelTelefono } from './dia-completo/mundo';
import { pdfText } from './portal-kit';

/**
 * Issue 36's acceptance: one assignment's whole day through the API, on PostgreSQL and on the embedded
 * database, asserting after each act every place that shows it. Each step goes on when a place is wrong
 * (soft assertions), so one run says which seams are still open.
 */

/** One step: the certificate's PDF is made by LibreOffice, on the embedded database more slowly. */
const PASO_MS = 180_000;
const CARTA = 'Carta certificada art. 46';
const SUBIDA = 'Subir estampado al tribunal';
const hhmm = (iso: string) => iso.slice(11, 16);
const dmy = (iso: string) => formatDate(iso.slice(0, 10)).replaceAll('/', '-');

describe.each([
  ['PostgreSQL', false],
  ['the embedded database', true],
])('one assignment, one day, on %s', (_name, embedded) => {
  let d: Dia;
  const uuids = { busqueda1: '', busqueda2: '', art44: '' };
  let diligenciaId = 0;
  let documentoId = '';
  let reciboId = 0;
  const post = (url: string, payload: object) => d.t.request(d.staff, { method: 'POST', url, payload });
  const lugares = (): Promise<Lugares> => leerLugares(d);

  beforeAll(async () => {
    const base = await prepararDia(embedded);
    d = { ...base, encargo: undefined as never };
  }, 240_000);
  afterAll(async () => {
    await d?.t.close();
    await d?.smtp.close();
  }, PASO_MS);

  it('1. intake: Nuevo Encargo with an address in San Miguel', async () => {
    expect(Object.keys(d.t.config.database).includes('controlUrl')).toBe(!embedded);
    d.encargo = await ingresarEncargo(d);
    expect(d.encargo.domicilios[0]).toMatchObject({ direccion: DIRECCION, comuna: COMUNA });
    const l = await lugares();
    expect.soft(l.encargo.estado).toBe('preparado');
    expect.soft(l.plazos).toEqual([]);
    expect.soft(enCola(l, 'esperando_resultados', d.encargo.id)).toBe(true);
    expect.soft(enCobranza(l, d.encargo.id)).toBeUndefined();
    expect.soft(l.ics).toEqual([]);
    // The feed's stamps are UTC instants (issue 36 §3).
    expect.soft(l.icsTexto.match(/^DTSTAMP:.*$/gm)?.every((line) => /^DTSTAMP:\d{8}T\d{6}Z\r?$/.test(line))).toBe(true);
    expect.soft(eventosPortal(l).map((e) => e.tipo)).toEqual(['recibido']);
    expect.soft(eventosPortal(l, 'recibido')[0]?.fecha.slice(0, 10)).toBe(d.reloj.fechaEncargo);
    expect.soft(itemPortal(l, d.encargo.id)?.estado).toBe('preparado');
  }, PASO_MS);

  it('2. a visit dated before the assignment was received is refused (400 in Spanish)', async () => {
    const diaAnterior = new Date(Date.parse(`${d.reloj.fechaEncargo}T12:00:00-03:00`) - 86_400_000).toISOString().slice(0, 10);
    const antes = visitaDelTelefono(d.encargo, { fecha_hora: `${diaAnterior}T09:00:00-03:00`, informante: { nombre: 'Jorge Tapia', relacion: 'conserje' } });
    const refused = await post(`/api/v1/encargos/${d.encargo.id}/visitas/`, antes);
    expect.soft(refused.statusCode, refused.body).toBe(400);
    expect.soft(refused.json().detail ?? '').toMatch(/encargo/i);
    expect.soft((await lugares()).visitas).toHaveLength(0);
  }, PASO_MS);

  it('3. first search yesterday (domicilio confirmado), from the phone', async () => {
    const body = visitaDelTelefono(d.encargo, { fecha_hora: d.reloj.busqueda1, informante: { nombre: 'Jorge Tapia', relacion: 'conserje' }, apuntes: 'Edificio con conserjería.' });
    uuids.busqueda1 = body.uuid;
    const created = await post(`/api/v1/encargos/${d.encargo.id}/visitas/`, body);
    expect(created.statusCode, created.body).toBe(201);
    const l = await lugares();
    expect.soft(l.visitas.map((v) => v.uuid)).toEqual([body.uuid]);
    expect.soft(l.plazos).toEqual([]);
    expect.soft(visitasCierre(l, d.encargo.numero_rol)).toEqual([]);
    const ayer = await d.t.request(d.staff, { method: 'GET', url: `/api/v1/dashboard/cierre_dia/?fecha=${d.reloj.ayer}` });
    expect.soft(ayer.json().visitas ?? []).toContainEqual(expect.objectContaining({ numero_rol: d.encargo.numero_rol, hora: '10:15', resultado: 'domicilio_confirmado' }));
    expect.soft(eventosPortal(l, 'visita').map((e) => e.hora)).toEqual(['10:15']);
    const hoy = (await d.t.request(d.staff, { method: 'GET', url: '/api/v1/terreno/hoy/' })).json();
    expect.soft(hoy.paradas.find((p: { encargo: { id: number } }) => p.encargo.id === d.encargo.id)?.estado_art44).toBe('una_busqueda');
  }, PASO_MS);

  it('4. second search today, then art. 44 on the phone nine seconds later (offline queue: sent twice)', async () => {
    const segunda = visitaDelTelefono(d.encargo, { fecha_hora: d.reloj.busqueda2, informante: { nombre: 'Carmen Rojas', relacion: 'vecino' }, apuntes: 'La vecina reconoce a la demandada.' });
    uuids.busqueda2 = segunda.uuid;
    expect((await post(`/api/v1/encargos/${d.encargo.id}/visitas/`, segunda)).statusCode).toBe(201);
    const acto = visitaDelTelefono(d.encargo, {
      tipo: 'notificacion',
      resultado: 'notificado_art44',
      fecha_hora: d.reloj.art44,
      informante: { nombre: 'Rosa Muñoz', relacion: 'familiar' },
      entrega_copias: { modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' },
      apuntes: 'Copias entregadas a la hija de la demandada.',
    });
    uuids.art44 = acto.uuid;
    const first = await post(`/api/v1/encargos/${d.encargo.id}/visitas/`, acto);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await post(`/api/v1/encargos/${d.encargo.id}/visitas/`, acto);
    expect.soft(retry.statusCode).toBe(200);
    expect.soft(first.json().visita.entrega_copias).toEqual({ modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' });
    const l = await lugares();
    expect.soft(l.visitas.map((v) => v.uuid)).toEqual([uuids.busqueda1, uuids.busqueda2, uuids.art44]);
    expect.soft(l.visitas[2]?.fecha_hora).toBe(d.reloj.art44);
    // One act, one deadline: the letter due two días hábiles later, pending, everywhere once.
    const cartas = plazosDe(l, 'carta_art_46');
    expect.soft(cartas).toHaveLength(1);
    expect.soft(cartas[0]).toMatchObject({ estado: 'pendiente' });
    expect.soft(cartas[0]?.vence > d.reloj.hoy).toBe(true);
    expect.soft(cartaEnCola(l, d.encargo.id)).toBe(true);
    expect.soft(icsCon(l, CARTA)).toHaveLength(1);
    expect.soft(plazosEnPortal(l, 'carta_art_46').map((e) => e.estado)).toEqual(['pendiente']);
    expect.soft(eventosPortal(l, 'plazo')).toHaveLength(1);
    expect.soft(eventosPortal(l, 'visita')).toHaveLength(3);
    expect.soft(visitasCierre(l, d.encargo.numero_rol).map((v) => [v.hora, v.resultado, v.con_resultados, v.con_certificado])).toEqual([
      [hhmm(d.reloj.busqueda2), 'domicilio_confirmado', false, false],
      [hhmm(d.reloj.art44), 'notificado_art44', false, false],
    ]);
    expect.soft(visitasCierre(l, d.encargo.numero_rol)[0]?.domicilio ?? '').toContain(DIRECCION);
  }, PASO_MS);

  it('5. art. 46 letter sent with its tracking number: the deadline is met, nowhere pending', async () => {
    const sent = await post(`/api/v1/encargos/${d.encargo.id}/carta_art46/`, { fecha_envio: d.reloj.hoy, numero_seguimiento: SEGUIMIENTO });
    expect(sent.statusCode, sent.body).toBe(201);
    expect.soft(sent.json().plazos_cumplidos).toBe(1);
    const l = await lugares();
    const cartas = plazosDe(l, 'carta_art_46');
    expect.soft(cartas).toHaveLength(1);
    expect.soft(cartas[0]).toMatchObject({ estado: 'cumplido', cumplido_en: d.reloj.hoy, referencia: SEGUIMIENTO });
    expect.soft(cartaEnCola(l, d.encargo.id)).toBe(false);
    expect.soft(icsCon(l, CARTA)).toEqual([]);
    expect.soft(plazosEnPortal(l, 'carta_art_46').map((e) => e.estado)).toEqual(['cumplido']);
    // Met, it no longer reads as a deadline to come.
    expect.soft(plazosEnPortal(l, 'carta_art_46').map((e) => e.titulo)).toEqual(['Carta certificada art. 46: plazo cumplido']);
    expect.soft(eventosPortal(l, 'plazo')).toHaveLength(1);
  }, PASO_MS);

  it('6. results saved from the art. 44 visit: its exact instant, informant and copies, the firm’s fee', async () => {
    const acto = (await lugares()).visitas.find((v) => v.uuid === uuids.art44);
    expect(acto).toBeDefined();
    const saved = await post('/api/v1/diligencias/guardar_resultados/', {
      numero_rol: d.encargo.numero_rol,
      encargo_id: d.encargo.id,
      resultado_id: d.art44,
      visita_uuid: uuids.art44,
      // The form shows the act's minute (HH:MM): the save keeps the visit's exact instant, after the second search.
      fecha_diligencia: `${formatDate(d.reloj.art44.slice(0, 10))} ${hhmm(d.reloj.art44)}`,
      apuntes_terreno: acto!.apuntes,
      informante: 'Rosa Muñoz',
      informante_relacion: 'familiar',
      entrega_copias: { modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' },
      valor_personalizado: null,
      tratamiento: 'doña',
      domicilio_id: d.encargo.domicilios[0]?.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const diligencia = saved.json().diligencia;
    diligenciaId = diligencia.id;
    expect.soft(diligencia).toMatchObject({ visita_uuid: uuids.art44, valor_final: TARIFA_ESTUDIO, informante: 'Rosa Muñoz' });
    expect.soft(Date.parse(diligencia.fecha_diligencia)).toBe(Date.parse(d.reloj.art44));
    const sugerido = (await d.t.request(d.staff, { method: 'GET', url: `/api/v1/honorarios/sugerido/?encargo_id=${d.encargo.id}&tipo_estampado_id=${d.art44}` })).json();
    expect.soft(sugerido).toMatchObject({ monto: TARIFA_ESTUDIO, fuente: 'tarifa_estudio' });
    const l = await lugares();
    expect.soft(l.encargo.estado).toBe('listo_para_estampar');
    // §4: the diligence saved from a visit carries visita_uuid in GET /encargos/{id}/.
    expect.soft(JSON.stringify(l.encargo)).toContain(uuids.art44);
    expect.soft(l.resultados.diligencia).toMatchObject({ id: diligenciaId, valor_final: TARIFA_ESTUDIO });
    expect.soft(Date.parse(l.resultados.diligencia?.fecha_diligencia)).toBe(Date.parse(d.reloj.art44));
    expect.soft(l.resultados.valor_asociado).toBe(TARIFA_ESTUDIO);
    expect.soft(l.visitas.find((v) => v.uuid === uuids.art44)?.diligencia_id).toBe(diligenciaId);
    expect.soft(enCola(l, 'esperando_resultados', d.encargo.id)).toBe(false);
    expect.soft(enCola(l, 'esperando_estampado', d.encargo.id)).toBe(true);
    expect.soft(plazosDe(l, 'carta_art_46')).toHaveLength(1);
    expect.soft(enCobranza(l, d.encargo.id)).toBeUndefined();
    expect.soft(visitasCierre(l, d.encargo.numero_rol).map((v) => v.con_resultados)).toEqual([true, true]);
    expect.soft(eventosPortal(l, 'resultado')).toHaveLength(1);
  }, PASO_MS);

  it('7. certificate generated (twice): both searches, the copies, the informant and the fee; one deadline each', async () => {
    const generar = () => post('/estampados/api/estampados/generar', { tipo_estampado: d.art44, encargo_id: d.encargo.id, datos: { numero_rol: d.encargo.numero_rol }, validar_marcadores: true });
    const first = await generar();
    expect(first.statusCode, first.body).toBe(201);
    const file = await d.t.request(undefined, { method: 'GET', url: first.json().documento.url });
    const text = docxText(file.rawPayload);
    expect.soft(text).not.toContain('<<');
    expect.soft(text).toContain(
      `la primera vez el día ${dmy(d.reloj.busqueda1)}, a las 10:15 horas, y la segunda el día ${dmy(d.reloj.busqueda2)}, a las ${hhmm(d.reloj.busqueda2)} horas`,
    );
    expect.soft(text).toContain('Jorge Tapia');
    expect.soft(text).toContain('Carmen Rojas');
    expect.soft(text).toContain(`siendo las ${hhmm(d.reloj.art44)} horas`);
    expect.soft(text).toContain(`${DIRECCION}, comuna de ${COMUNA}`);
    expect.soft(text).toMatch(/entregando las copias[^.]*Rosa Muñoz/);
    expect.soft(text).not.toContain('o, en su defecto, fijándolas en la puerta');
    expect.soft(text).toContain('Drs. $48.000.-');
    // Regenerating (a typo fixed) opens no second deadline.
    const second = await generar();
    expect(second.statusCode, second.body).toBe(201);
    documentoId = second.json().documento.id;
    const l = await lugares();
    expect.soft(l.encargo.estado).toBe('listo_para_estampar');
    expect.soft(plazosDe(l, 'carta_art_46').map((p) => p.estado)).toEqual(['cumplido']);
    expect.soft(plazosDe(l, 'subida_estampado').map((p) => p.estado)).toEqual(['pendiente']);
    expect.soft(icsCon(l, CARTA)).toEqual([]);
    expect.soft(icsCon(l, SUBIDA)).toHaveLength(1);
    expect.soft(plazosEnPortal(l, 'carta_art_46')).toHaveLength(1);
    expect.soft(plazosEnPortal(l, 'subida_estampado').map((e) => e.estado)).toEqual(['pendiente']);
    expect.soft(certificadosCierre(l, d.encargo.numero_rol).every((c) => c.valor === TARIFA_ESTUDIO)).toBe(true);
    expect.soft(l.cierre.total_derechos).toBe(TARIFA_ESTUDIO);
    expect.soft(visitasCierre(l, d.encargo.numero_rol).map((v) => v.con_certificado)).toEqual([true, true]);
  }, PASO_MS);

  it('8. signed: the assignment is estampado (once in its history), Cobranza bills it at the firm’s fee', async () => {
    const deadline = Date.now() + 120_000;
    let estado = '';
    while (Date.now() < deadline) {
      const docs = (await d.t.request(d.staff, { method: 'GET', url: '/api/v1/firma/documentos/?estado=pdf' })).json();
      estado = docs.results?.some((x: { id: string }) => x.id === documentoId) ? 'pdf' : '';
      if (estado) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(estado, 'the certificate’s PDF was made').toBe('pdf');
    const signed = await post('/api/v1/firma/firmar/', { documento_ids: [documentoId], password: CLAVE_FIRMA });
    expect(signed.statusCode, signed.body).toBe(200);
    expect.soft(signed.json().firmados).toBe(1);
    const l = await lugares();
    expect.soft(l.encargo.estado).toBe('estampado');
    expect.soft(l.resultados).toMatchObject({ estado: 'estampado', fecha_estampado: d.reloj.hoy });
    expect.soft(pasosA(l, 'estampado')).toHaveLength(1);
    expect.soft(enCobranza(l, d.encargo.id)).toMatchObject({ valor_asociado: TARIFA_ESTUDIO });
    expect.soft(enCola(l, 'esperando_estampado', d.encargo.id)).toBe(false);
    expect.soft(itemPortal(l, d.encargo.id)?.estado).toBe('estampado');
    expect.soft(eventosPortal(l, 'certificado').some((e) => e.id === documentoId && e.firmado)).toBe(true);
    expect.soft(certificadosCierre(l, d.encargo.numero_rol).some((c) => c.facturable)).toBe(true);
  }, PASO_MS);

  it("9. marked uploaded ('Marcar como subido'): 'Subir estampado' met; the state is not moved twice", async () => {
    const uploaded = await post(`/api/v1/firma/documentos/${documentoId}/subido/`, { fecha: d.reloj.hoy });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const l = await lugares();
    expect.soft(plazosDe(l, 'subida_estampado')).toHaveLength(1);
    expect.soft(plazosDe(l, 'subida_estampado')[0]).toMatchObject({ estado: 'cumplido', cumplido_en: d.reloj.hoy });
    expect.soft(icsCon(l, SUBIDA)).toEqual([]);
    expect.soft(l.encargo.estado).toBe('estampado');
    expect.soft(pasosA(l, 'estampado')).toHaveLength(1);
    expect.soft(eventosPortal(l, 'plazo').map((e) => e.estado)).toEqual(['cumplido', 'cumplido']);
  }, PASO_MS);

  it('10. billed at the price list’s fee: the receipt', async () => {
    const facturables = (await d.t.request(d.staff, { method: 'GET', url: `/api/v1/recibos/facturables/?estudio=${d.estudio.id}` })).json();
    expect.soft(facturables).toContainEqual(expect.objectContaining({ diligencia_id: diligenciaId, valor: TARIFA_ESTUDIO }));
    const created = await post('/api/v1/recibos/', { estudio_id: d.estudio.id, diligencia_ids: [diligenciaId], fecha: d.reloj.hoy });
    expect(created.statusCode, created.body).toBe(201);
    const recibo = created.json().recibo;
    reciboId = recibo.id;
    expect.soft(recibo).toMatchObject({ total: TARIFA_ESTUDIO, saldo: TARIFA_ESTUDIO, pagado: 0 });
    const pdf = await d.t.request(d.staff, { method: 'GET', url: `/api/v1/recibos/${reciboId}/pdf/` });
    expect.soft(await pdfText(pdf.rawPayload)).toContain(d.encargo.numero_rol);
    const l = await lugares();
    const enPortal = eventosPortal(l, 'recibo');
    expect.soft(enPortal.map((e) => [e.numero, e.total, e.saldo])).toEqual([[recibo.numero, TARIFA_ESTUDIO, TARIFA_ESTUDIO]]);
    expect.soft(eventosPortal(l).at(-1)?.tipo).toBe('recibo');
    expect.soft(l.cierre.total_facturable).toBe(TARIFA_ESTUDIO);
  }, PASO_MS);

  it('11. payment applied: the receipt is paid, in the office and on the portal', async () => {
    const paid = await post('/api/v1/pagos/', {
      estudio_id: d.estudio.id,
      fecha: d.reloj.hoy,
      monto: TARIFA_ESTUDIO,
      medio: 'transferencia',
      aplicaciones: [{ recibo_id: reciboId, monto: TARIFA_ESTUDIO }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const recibo = (await d.t.request(d.staff, { method: 'GET', url: `/api/v1/recibos/${reciboId}/` })).json().recibo;
    expect.soft(recibo).toMatchObject({ pagado: TARIFA_ESTUDIO, saldo: 0 });
    const l = await lugares();
    expect.soft(eventosPortal(l, 'recibo').map((e) => e.saldo)).toEqual([0]);
    const cuenta = (await d.t.request(d.portal, { method: 'GET', url: '/api/v1/portal/estado_cuenta/' })).json();
    expect.soft(JSON.stringify(cuenta)).toContain(String(TARIFA_ESTUDIO));
  }, PASO_MS);

  it('12. the portal timeline tells the day in order; Cierre del día lists the field work (panel and PDF)', async () => {
    const l = await lugares();
    const eventos = eventosPortal(l);
    expect.soft(eventos[0]?.tipo).toBe('recibido');
    expect.soft(eventos.at(-1)?.tipo).toBe('recibo');
    const instantes = eventos.map((e) => instante(e.fecha));
    expect.soft(instantes).toEqual([...instantes].sort((a, b) => a - b));
    expect.soft(eventos.filter((e) => e.tipo === 'visita').map((e) => e.hora)).toEqual(['10:15', hhmm(d.reloj.busqueda2), hhmm(d.reloj.art44)]);
    expect.soft(eventos.filter((e) => e.tipo === 'plazo')).toHaveLength(2);
    expect.soft(itemPortal(l, d.encargo.id)?.proximo_plazo ?? null).toBeNull();
    expect.soft(l.cierre.visitas ?? []).toHaveLength(2);
    expect.soft(JSON.stringify(l.cierre)).not.toContain('aún no registra las visitas');
    const pdf = await d.t.request(d.staff, { method: 'GET', url: `/api/v1/dashboard/cierre_dia/pdf/?fecha=${d.reloj.hoy}` });
    expect.soft(pdf.statusCode).toBe(200);
    const texto = pdf.statusCode === 200 ? await pdfText(pdf.rawPayload) : '';
    expect.soft(texto).toContain(d.encargo.numero_rol);
    expect.soft(texto).toContain(hhmm(d.reloj.art44));
    expect.soft(texto).not.toContain('aún no registra las visitas');
    expect.soft(texto).not.toMatch(/\d{1,2}:\d{2}\s*[ap]\.\s*m\./);
  }, PASO_MS);
});
