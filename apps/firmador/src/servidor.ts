import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Configuracion } from './env';
import { firmarLote, type DependenciasLote, type Progreso } from './lote';
import type { PinEnPagina } from './pin';

export const VERSION = '1.0.0';
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OpcionesServidor {
  config: Configuracion;
  /** What a batch needs (the server client, the PIN, the token); null while the agent is not paired. */
  dependencias: () => Omit<DependenciasLote, 'progreso'> | null;
  /** The local PIN page, when the PIN is asked there. */
  paginaPin?: PinEnPagina;
  /** Messages for the person at the PC (the console). */
  aviso?: (texto: string) => void;
}

function json(res: ServerResponse, status: number, cuerpo: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(cuerpo));
}

async function leerCuerpo(req: IncomingMessage, max = 10_000): Promise<string> {
  let texto = '';
  for await (const trozo of req) {
    texto += String(trozo);
    if (texto.length > max) throw new Error('demasiado grande');
  }
  return texto;
}

const escapar = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The agent's HTTP server, on 127.0.0.1 only. It answers Receptoría's configured origin and nobody else
 * (CORS, and Chrome's Private Network Access preflight), checks the Host header (no DNS rebinding), and
 * serves its own PIN page to this PC's browser with no origin but its own.
 */
export function crearServidor(opciones: OpcionesServidor): { server: Server; trabajos: Map<string, Progreso> } {
  const { config } = opciones;
  const trabajos = new Map<string, Progreso>();
  let ocupado = false;
  const propio = () => [`127.0.0.1:${config.puerto}`, `localhost:${config.puerto}`];

  const server = createServer((req, res) => {
    void (async () => {
      const host = req.headers.host ?? '';
      if (!propio().includes(host)) return json(res, 403, { detail: 'Solicitud no permitida' });
      const url = new URL(req.url ?? '/', `http://${host}`);
      const origin = req.headers.origin;

      // The local PIN page: only this agent's own page may post to it.
      if (url.pathname === '/pin') {
        if (origin !== undefined && origin !== `http://${host}`) return json(res, 403, { detail: 'Origen no permitido' });
        const pagina = opciones.paginaPin;
        if (!pagina) return json(res, 404, { detail: 'El PIN se ingresa en la consola del firmador' });
        if (req.method === 'POST') {
          const pin = new URLSearchParams(await leerCuerpo(req)).get('pin') ?? '';
          const aceptado = pin.length > 0 && pagina.recibir(pin);
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          return res.end(`<!doctype html><meta charset="utf-8"><title>Firmador</title><p>${aceptado ? 'PIN recibido: el firmador está firmando. Puede cerrar esta página.' : 'No hay una firma esperando el PIN.'}</p>`);
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; form-action 'self'; style-src 'unsafe-inline'" });
        const descripcion = pagina.descripcion;
        return res.end(
          `<!doctype html><html lang="es"><meta charset="utf-8"><title>Firmador de Receptoría</title><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">` +
            (descripcion
              ? `<h1>PIN del token</h1><p>${escapar(descripcion)}</p><form method="post" action="/pin"><input type="password" name="pin" autocomplete="off" autofocus aria-label="PIN del token"> <button>Firmar</button></form><p>El PIN queda en este equipo: no se envía a Receptoría.</p>`
              : '<p>No hay una firma esperando el PIN.</p>') +
            '</body></html>',
        );
      }

      if (!config.origen || origin !== config.origen) return json(res, 403, { detail: 'Origen no permitido' });
      res.setHeader('access-control-allow-origin', config.origen);
      res.setHeader('vary', 'Origin');
      if (req.method === 'OPTIONS') {
        const headers: Record<string, string> = {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '600',
        };
        // Chrome's Private Network Access: a public site asking a loopback address.
        if (req.headers['access-control-request-private-network'] === 'true') headers['access-control-allow-private-network'] = 'true';
        res.writeHead(204, headers);
        return res.end();
      }

      if (req.method === 'GET' && url.pathname === '/estado') {
        return json(res, 200, {
          version: VERSION,
          emparejado: config.token !== null,
          usuario: config.usuario,
          receptor: config.receptor,
          ocupado,
          pin: config.pin,
        });
      }

      if (req.method === 'POST' && url.pathname === '/lotes') {
        let loteId = '';
        try {
          loteId = String((JSON.parse(await leerCuerpo(req)) as { lote_id?: unknown }).lote_id ?? '');
        } catch {
          loteId = '';
        }
        if (!ID.test(loteId)) return json(res, 400, { detail: 'Lote no válido' });
        const deps = opciones.dependencias();
        if (!deps) return json(res, 409, { detail: 'El firmador no está emparejado: ingrese el código de Mi perfil' });
        if (ocupado) return json(res, 409, { detail: 'El firmador está firmando otro lote' });
        ocupado = true;
        trabajos.set(loteId, { lote: loteId, estado: 'esperando_pin', total: 0, firmados: 0, rechazados: 0, error: null });
        opciones.aviso?.(`Lote ${loteId}: ingrese el PIN del token para firmar.`);
        void firmarLote(loteId, { ...deps, progreso: (p) => trabajos.set(loteId, p) })
          .then((p) => opciones.aviso?.(`Lote ${loteId}: ${p.firmados} firmados${p.error ? `, ${p.rechazados} sin firmar (${p.error})` : ''}.`))
          .catch((error: unknown) => {
            const mensaje = error instanceof Error ? error.message : String(error);
            trabajos.set(loteId, { ...(trabajos.get(loteId) as Progreso), estado: 'fallido', error: mensaje });
            opciones.aviso?.(`Lote ${loteId}: ${mensaje}`);
          })
          .finally(() => {
            ocupado = false;
          });
        return json(res, 202, { lote_id: loteId });
      }

      const trabajo = /^\/lotes\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && trabajo) {
        const progreso = trabajos.get(trabajo[1] ?? '');
        return progreso ? json(res, 200, progreso) : json(res, 404, { detail: 'Lote no encontrado' });
      }
      return json(res, 404, { detail: 'No encontrado' });
    })().catch(() => {
      if (!res.headersSent) json(res, 400, { detail: 'Solicitud no válida' });
      else res.end();
    });
  });
  return { server, trabajos };
}
