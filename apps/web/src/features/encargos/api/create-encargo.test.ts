import type { EncargoCreateValue } from '@receptoria/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../testing/render-with-session';
import { createEncargo } from './create-encargo';

afterEach(() => vi.unstubAllGlobals());

const payload = { numero_rol: 'C-1234-2025', estudio_juridico: 3 } as unknown as EncargoCreateValue;
const pdf = (name: string) => new File(['%PDF-1.4\n'], name, { type: 'application/pdf' });

describe('createEncargo', () => {
  it('sends the PDFs chosen in Leer desde PDF with the creation, in one multipart request', async () => {
    stubApi({ 'POST /api/v1/nuevo_encargo/crear_con_documentos/': () => json({ id: 41, alarmas: [] }, 201) });
    const created = await createEncargo({ payload, idempotencyKey: 'clave-1', documentos: { demanda: pdf('demanda.pdf'), resolucion: pdf('resolucion.pdf') } });
    expect(created).toMatchObject({ id: 41 });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/nuevo_encargo/crear_con_documentos/');
    const body = init?.body as FormData;
    expect(JSON.parse(String(body.get('datos')))).toEqual(payload);
    expect((body.get('demanda') as File).name).toBe('demanda.pdf');
    expect((body.get('resolucion') as File).name).toBe('resolucion.pdf');
    expect(Object.values(init?.headers as Record<string, string>)).toContain('clave-1');
  });

  it('keeps the JSON creation when no PDF was chosen', async () => {
    stubApi({ 'POST /api/v1/nuevo_encargo/crear/': () => json({ id: 42, alarmas: [] }, 201) });
    await createEncargo({ payload, idempotencyKey: 'clave-2', documentos: { demanda: null, resolucion: null } });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/nuevo_encargo/crear/');
    expect(JSON.parse(String(init?.body))).toEqual(payload);
  });
});
