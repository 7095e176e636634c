import type { ClienteLotes, FirmaEnviada, LoteServidor, ResultadoServidor } from './lote';

/** Receptoría's answer was not a success: its Spanish `detail` when it has one. */
export class ServidorError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function pedir<T>(url: string, init: RequestInit): Promise<T> {
  let respuesta: Response;
  try {
    respuesta = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  } catch (error) {
    throw new ServidorError(`no se pudo contactar a Receptoría en ${new URL(url).origin} (${error instanceof Error ? error.message : String(error)})`, 0);
  }
  const texto = await respuesta.text();
  let cuerpo: unknown = null;
  try {
    cuerpo = texto ? JSON.parse(texto) : null;
  } catch {
    cuerpo = null;
  }
  if (!respuesta.ok) {
    const detalle = (cuerpo as { detail?: string } | null)?.detail;
    throw new ServidorError(detalle ?? `Receptoría respondió ${respuesta.status}`, respuesta.status);
  }
  return cuerpo as T;
}

/** Pairing: the code from Mi perfil exchanged for the agent's token. */
export function emparejar(servidor: string, codigo: string, equipo: string) {
  return pedir<{ token: string; usuario: string; receptor: string }>(`${servidor}/api/v1/firma/agente/emparejar/`, { method: 'POST', body: JSON.stringify({ codigo, equipo }) });
}

/** The calls the paired agent makes with its token (`Bearer fa_…`): never a PIN, never a key. */
export class ClienteReceptoria implements ClienteLotes {
  constructor(
    private readonly servidor: string,
    private readonly token: string,
  ) {}

  private get auth() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** The token's certificate, its chain and its mechanisms (the server declares RSA-PSS when the token offers it). */
  registrarCertificado(certificado: Buffer, cadena: Buffer[], mecanismos: string[] = []) {
    return pedir<{ nombre: string; rut: string; emisor: string }>(`${this.servidor}/api/v1/firma/certificados_token/`, {
      method: 'POST',
      headers: this.auth,
      body: JSON.stringify({ certificado: certificado.toString('base64'), cadena: cadena.map((c) => c.toString('base64')), mecanismos }),
    });
  }

  lote(id: string): Promise<LoteServidor> {
    return pedir<LoteServidor>(`${this.servidor}/api/v1/firma/lotes/${encodeURIComponent(id)}/`, { method: 'GET', headers: this.auth });
  }

  enviarFirmas(id: string, firmas: FirmaEnviada[]): Promise<ResultadoServidor> {
    return pedir<ResultadoServidor>(`${this.servidor}/api/v1/firma/lotes/${encodeURIComponent(id)}/firmas/`, { method: 'POST', headers: this.auth, body: JSON.stringify({ firmas }) });
  }
}
