import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Configuracion } from './env';
import { PinEnPagina } from './pin';
import { crearServidor } from './servidor';

const ORIGEN = 'https://receptoria.example';
let cerrar: (() => void) | null = null;

async function iniciar(pagina?: PinEnPagina) {
  const config: Configuracion = { pkcs11: '/no/usada.so', puerto: 0, origen: ORIGEN, servidor: ORIGEN, pin: 'pagina', token: 'fa_x', usuario: 'receptora', receptor: 'Receptora de Talca', archivo: '/dev/null' };
  const { server } = crearServidor({ config, paginaPin: pagina, dependencias: () => null });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  config.puerto = (server.address() as AddressInfo).port;
  cerrar = () => server.close();
  return `http://127.0.0.1:${config.puerto}`;
}

afterEach(() => cerrar?.());

describe('the agent’s local server', () => {
  it('answers Receptoría’s origin only, with the private-network preflight', async () => {
    const base = await iniciar();
    const pre = await fetch(`${base}/lotes`, { method: 'OPTIONS', headers: { origin: ORIGEN, 'access-control-request-method': 'POST', 'access-control-request-private-network': 'true' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-private-network')).toBe('true');
    expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGEN);
    const estado = await fetch(`${base}/estado`, { headers: { origin: ORIGEN } });
    expect(await estado.json()).toMatchObject({ emparejado: true, usuario: 'receptora' });
    expect((await fetch(`${base}/estado`, { headers: { origin: 'https://otro.example' } })).status).toBe(403);
    expect((await fetch(`${base}/estado`)).status).toBe(403);
    const lote = await fetch(`${base}/lotes`, { method: 'POST', headers: { origin: ORIGEN, 'content-type': 'application/json' }, body: JSON.stringify({ lote_id: 'no es un id' }) });
    expect(lote.status).toBe(400);
    expect(((await lote.json()) as { detail: string }).detail).toBe('Lote no válido');
  });

  it('the local PIN page: the form only while a batch waits, the PIN taken only from the agent’s own page', async () => {
    const pagina = new PinEnPagina();
    const base = await iniciar(pagina);
    expect(await (await fetch(`${base}/pin`)).text()).toContain('No hay una firma esperando el PIN.');
    const pin = pagina.pedir('Receptoría pide firmar 3 documento(s) con su token.');
    const formulario = await (await fetch(`${base}/pin`)).text();
    expect(formulario).toContain('Receptoría pide firmar 3 documento(s) con su token.');
    expect(formulario).toContain('type="password"');
    // Another site posting a form to the agent is refused, and the PIN stays awaited.
    const ajeno = await fetch(`${base}/pin`, { method: 'POST', headers: { origin: ORIGEN, 'content-type': 'application/x-www-form-urlencoded' }, body: 'pin=1234' });
    expect(ajeno.status).toBe(403);
    const propio = await fetch(`${base}/pin`, { method: 'POST', headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body: 'pin=Pin-local-9' });
    expect(await propio.text()).toContain('PIN recibido');
    expect(await pin).toBe('Pin-local-9');
  });
});
