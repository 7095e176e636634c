import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DocumentoEstampadoResponseSchema, GenerarEstampadoResponseSchema } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { buildApp } from '../../app';
import { resultadosBody, type ResultadosWorld, setupResultados, tipoId } from '../diligencias/resultados.fixtures';
import { crearEncargo } from '../encargos/encargos.fixtures';

const run = promisify(execFile);
const JOBS = { enabled: true, schedule: false, retryDelaySeconds: 1, retryLimit: 0, pollingIntervalSeconds: 0.5 };

let t: TestContext;
let w: ResultadosWorld;
let positiva: number;
let dir: string;
let rolCounter = 800;

beforeAll(async () => {
  // Started without a converter: certificates keep only their DOCX.
  t = await createTestContext({ soffice: '/nonexistent/soffice' });
  w = await setupResultados(t);
  positiva = await tipoId(t, 'busqueda_positiva');
  dir = await mkdtemp(path.join(os.tmpdir(), 'estampados-pdf-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 200));
}

/** A certificate generated through `app` for a new assignment with its results saved. */
async function generado(app: FastifyInstance) {
  const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: `C-${(rolCounter += 1)}-2025` });
  const saved = await t.request(w.tokenA, { method: 'POST', url: '/api/v1/diligencias/guardar_resultados/', payload: resultadosBody(encargo.numero_rol, positiva) });
  expect(saved.statusCode).toBe(200);
  const response = await app.inject({
    method: 'POST',
    url: '/estampados/api/estampados/generar',
    headers: { authorization: `Bearer ${w.tokenA}` },
    payload: { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} },
  });
  expect(response.statusCode).toBe(201);
  return { rol: encargo.numero_rol, documento: GenerarEstampadoResponseSchema.parse(response.json()).documento };
}

async function documento(app: FastifyInstance, id: string) {
  const response = await app.inject({ method: 'GET', url: `/estampados/api/estampados/documento/${id}`, headers: { authorization: `Bearer ${w.tokenA}` } });
  expect(response.statusCode).toBe(200);
  return DocumentoEstampadoResponseSchema.parse(response.json()).documento;
}

async function pdfText(app: FastifyInstance, url: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, response.rawPayload);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

const pdfCount = async () => {
  const db = await t.tenantDbOf(t.mainTenantId);
  const rows = await db.select({ id: tenantSchema.estampados.id, pdf: tenantSchema.estampados.archivoPdf }).from(tenantSchema.estampados);
  return rows.filter((r) => r.pdf !== null).length;
};

describe('certificate PDFs', () => {
  it('without a converter: DOCX only, and /health says so for the stamp dialog', async () => {
    const { documento: doc } = await generado(t.app);
    expect(doc.url_pdf).toBeNull();
    expect((await documento(t.app, doc.id)).url_pdf).toBeNull();
    const health = await t.request(undefined, { method: 'GET', url: '/health' });
    expect(health.json()).toMatchObject({ conversor_pdf: null });
  });

  it('once LibreOffice is there at start, the job makes the missing PDFs; a new certificate gets its PDF after the answer', async () => {
    const antes = await generado(t.app);
    expect(await pdfCount()).toBe(0);

    const conLibreOffice = await buildApp({ ...t.config, soffice: undefined, jobs: JOBS });
    try {
      expect((await conLibreOffice.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ conversor_pdf: 'libreoffice' });
      // Both certificates made before (this test's and the previous one's).
      await until(async () => (await pdfCount()) === 2);
      const convertido = await documento(conLibreOffice, antes.documento.id);
      expect(convertido.url_pdf).not.toBeNull();
      const text = await pdfText(conLibreOffice, convertido.url_pdf!);
      expect(text).toContain(antes.rol);
      expect(text).toContain('DOY FE');

      // Generation answers with the DOCX; the PDF follows, made in this process.
      const nuevo = await generado(conLibreOffice);
      expect(nuevo.documento.url_pdf).toBeNull();
      await until(async () => (await documento(conLibreOffice, nuevo.documento.id)).url_pdf !== null);
      expect(await pdfText(conLibreOffice, (await documento(conLibreOffice, nuevo.documento.id)).url_pdf!)).toContain(nuevo.rol);
    } finally {
      await conLibreOffice.close();
    }
  });

  it('the pending job converts only certificates without a PDF and leaves made ones alone', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const [antes] = await db.select({ id: tenantSchema.estampados.id, pdf: tenantSchema.estampados.archivoPdf }).from(tenantSchema.estampados).limit(1);
    const conLibreOffice = await buildApp({ ...t.config, soffice: undefined });
    try {
      expect(await conLibreOffice.stampEngines.pdfs!.convertPending([t.mainTenantId, w.tenantB])).toEqual({ convertidos: 0, fallidos: 0 });
      const [despues] = await db.select({ pdf: tenantSchema.estampados.archivoPdf }).from(tenantSchema.estampados).where(eq(tenantSchema.estampados.id, antes!.id));
      expect(despues!.pdf!.equals(antes!.pdf!)).toBe(true);
    } finally {
      await conLibreOffice.close();
    }
  });
});
