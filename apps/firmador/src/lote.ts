import { type AlgoritmoFirma, comoTokenError, type SesionFirma } from './token';

/** A batch as the server prepared it (GET /api/v1/firma/lotes/{id}/). */
export interface LoteServidor {
  id: string;
  certificado: string;
  /** What the server's CMS declares: PKCS#1 v1.5, RSA-PSS (where the token offers it) or ECDSA. */
  algoritmo: AlgoritmoFirma;
  documentos: { id: string; titulo: string; estado: 'pendiente' | 'firmado' | 'fallido'; motivo: string | null; atributos: string | null; hash: string | null }[];
}

export interface FirmaEnviada {
  id: string;
  firma?: string;
  error?: string;
}

export interface ResultadoServidor {
  results: { id: string; ok: boolean; motivo: string | null }[];
  firmados: number;
}

/** What the batch needs from the server: the batch, and a place to send each signature. */
export interface ClienteLotes {
  lote(id: string): Promise<LoteServidor>;
  enviarFirmas(id: string, firmas: FirmaEnviada[]): Promise<ResultadoServidor>;
}

export interface Progreso {
  lote: string;
  estado: 'esperando_pin' | 'firmando' | 'terminado' | 'fallido';
  total: number;
  firmados: number;
  rechazados: number;
  /** Why the token stopped (Spanish), null while all goes well. */
  error: string | null;
}

export interface DependenciasLote {
  cliente: ClienteLotes;
  /** The PIN, asked on this PC (console, stdin or the local page): never sent anywhere. */
  pedirPin: (lote: LoteServidor) => Promise<string>;
  /** Logs in on the token holding the certificate, to sign with the batch's algorithm. */
  abrirSesion: (certificado: Buffer, pin: string, algoritmo: AlgoritmoFirma) => SesionFirma;
  progreso?: (p: Progreso) => void;
}

/**
 * Signs a prepared batch with one PIN entry: each document's signed attributes signed on the token and
 * sent to the server at once (so what was signed is stored even if the token goes away); when the token
 * fails (removed, wrong PIN), the documents left are reported with the reason and stay 'por firmar'.
 */
export async function firmarLote(loteId: string, deps: DependenciasLote): Promise<Progreso> {
  const lote = await deps.cliente.lote(loteId);
  const pendientes = lote.documentos.filter((d) => d.estado === 'pendiente' && d.atributos);
  const progreso: Progreso = { lote: loteId, estado: 'esperando_pin', total: pendientes.length, firmados: 0, rechazados: 0, error: null };
  const avisar = () => deps.progreso?.({ ...progreso });
  avisar();
  if (pendientes.length === 0) {
    progreso.estado = 'terminado';
    avisar();
    return progreso;
  }
  let sesion: SesionFirma | null = null;
  let pin: string | null = await deps.pedirPin(lote);
  try {
    sesion = deps.abrirSesion(Buffer.from(lote.certificado, 'base64'), pin, lote.algoritmo);
  } catch (error) {
    progreso.error = comoTokenError(error).message;
  } finally {
    pin = null;
  }
  progreso.estado = 'firmando';
  avisar();
  try {
    for (let i = 0; i < pendientes.length; i += 1) {
      const doc = pendientes[i]!;
      if (!sesion || progreso.error) {
        // The token is gone: every document left is reported at once, with the reason.
        const restantes = pendientes.slice(i).map((d) => ({ id: d.id, error: progreso.error ?? 'el token no respondió' }));
        const respuesta = await deps.cliente.enviarFirmas(loteId, restantes);
        progreso.rechazados += respuesta.results.length;
        break;
      }
      let firma: Buffer;
      try {
        firma = sesion.firmar(Buffer.from(doc.atributos!, 'base64'));
      } catch (error) {
        progreso.error = comoTokenError(error).message;
        i -= 1;
        continue;
      }
      const respuesta = await deps.cliente.enviarFirmas(loteId, [{ id: doc.id, firma: firma.toString('base64') }]);
      progreso.firmados += respuesta.firmados;
      progreso.rechazados += respuesta.results.length - respuesta.firmados;
      avisar();
    }
  } finally {
    sesion?.terminar();
  }
  progreso.estado = progreso.error ? 'fallido' : 'terminado';
  avisar();
  return progreso;
}
