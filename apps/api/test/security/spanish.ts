import { expect } from 'vitest';

/** Words that give an English (framework or library default) message away. */
const ENGLISH = /\b(the|invalid|expected|required|must|received|error|not found|bad request|unsupported|too (big|small|large)|unauthorized|forbidden|internal server|body|should|string|number)\b/i;
/** Spanish hints: an accented letter or a word our messages use. */
const SPANISH = /[áéíóúñ¿¡]|\b\w+(ción|ciones|ado|ada|ados|adas|ido|ida|idos|idas)\b|\b(no|es|el|la|los|las|de|del|un|una|debe|tiene|tienes|sin|con|por|para|valor|detalle|desconocid\w*|máximo|mínimo|registro|solicitud|servicio)\b/i;

export function isSpanishDetail(detail: unknown): boolean {
  return typeof detail === 'string' && detail.trim() !== '' && !ENGLISH.test(detail) && SPANISH.test(detail);
}

/** JSON content type and a Spanish `detail` (and Spanish field messages when present). */
export function expectSpanishJson(response: { headers: Record<string, unknown>; body: string }, label = '') {
  expect(String(response.headers['content-type']), label).toMatch(/application\/json/);
  const body = JSON.parse(response.body) as { detail?: unknown; errors?: Record<string, unknown> };
  expect(isSpanishDetail(body.detail), `${label} detail: ${String(body.detail)}`).toBe(true);
  for (const messages of Object.values(body.errors ?? {})) {
    for (const message of messages as unknown[]) expect(isSpanishDetail(message), `${label} field: ${String(message)}`).toBe(true);
  }
}
