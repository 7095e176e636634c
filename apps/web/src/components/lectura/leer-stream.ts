import {
  LECTURA_NDJSON,
  type LecturaDocumentosResponse,
  LecturaDocumentosResponseSchema,
  type LecturaEvento,
  LecturaEventoSchema,
  lecturaMessages,
} from '@receptoria/contracts';

export type ProgresoLectura = Extract<LecturaEvento, { tipo: 'progreso' }>;

/** The reading failed after its answer had started (the stream's `error` line). */
export class LecturaError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'LecturaError';
  }
}

function parseLine(line: string): LecturaEvento | null {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = LecturaEventoSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * The result of a reading route's answer: the plain JSON body, or the streamed lines (progress, then
 * one result or one error) read as they arrive, each progress line handed to `onProgreso`.
 */
export async function readLectura(response: Response, onProgreso: (evento: ProgresoLectura) => void): Promise<LecturaDocumentosResponse> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes(LECTURA_NDJSON) || !response.body) {
    return LecturaDocumentosResponseSchema.parse(await response.json());
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const handle = (line: string): LecturaDocumentosResponse | undefined => {
    if (!line.trim()) return undefined;
    const evento = parseLine(line);
    if (!evento) return undefined;
    if (evento.tipo === 'progreso') onProgreso(evento);
    else if (evento.tipo === 'error') throw new LecturaError(evento.detail);
    else return evento.resultado;
    return undefined;
  };
  for (;;) {
    const { done, value } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const result = handle(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      if (result) {
        void reader.cancel().catch(() => undefined);
        return result;
      }
      newline = buffer.indexOf('\n');
    }
    if (done) break;
  }
  const last = handle(buffer);
  if (last) return last;
  throw new LecturaError(lecturaMessages.errorLectura);
}
