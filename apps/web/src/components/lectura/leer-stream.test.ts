import { describe, expect, it } from 'vitest';
import { LecturaError, readLectura } from './leer-stream';

const RESULTADO = {
  propuesta: { numero_rol: 'C-1-2025' },
  campos: { numero_rol: { valor: 'C-1-2025', confianza: 0.99, documento: 'demanda', pagina: 1, extracto: 'Rol C-1-2025', ocr: false } },
  advertencias: [],
  documentos: { demanda: { paginas: 1, paginas_ocr: 0 } },
};

/** A streamed answer whose bytes arrive in the given chunks (lines may be cut anywhere). */
function streamed(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
}

describe('readLectura', () => {
  it('hands each progress line over and returns the result, lines cut across chunks', async () => {
    const lines = [
      JSON.stringify({ tipo: 'progreso', documento: 'demanda', etapa: 'en_cola', pagina: 0, paginas: 2, avance: 0 }),
      JSON.stringify({ tipo: 'progreso', documento: 'demanda', etapa: 'ocr', pagina: 1, paginas: 2, avance: 0.5 }),
      JSON.stringify({ tipo: 'resultado', resultado: RESULTADO }),
    ].join('\n');
    const progreso: number[] = [];
    const result = await readLectura(streamed([lines.slice(0, 30), lines.slice(30, 140), `${lines.slice(140)}\n`]), (e) => progreso.push(e.avance));
    expect(progreso).toEqual([0, 0.5]);
    expect(result.propuesta.numero_rol).toBe('C-1-2025');
  });

  it('reads a plain JSON answer', async () => {
    const response = new Response(JSON.stringify(RESULTADO), { headers: { 'content-type': 'application/json' } });
    expect((await readLectura(response, () => undefined)).campos.numero_rol?.pagina).toBe(1);
  });

  it('throws the Spanish detail of an error line', async () => {
    const response = streamed([`${JSON.stringify({ tipo: 'error', detail: 'No se pudo terminar la lectura de los documentos. Intente nuevamente.' })}\n`]);
    await expect(readLectura(response, () => undefined)).rejects.toThrow(new LecturaError('No se pudo terminar la lectura de los documentos. Intente nuevamente.'));
  });
});
