import { createInterface } from 'node:readline';

/** The token's PIN, asked on this PC only. */
export type PedirPin = (descripcion: string) => Promise<string>;

/** In this console, without echoing what is typed. */
export function pinEnConsola(): PedirPin {
  return (descripcion) =>
    new Promise((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      process.stdout.write(`${descripcion}\nPIN del token: `);
      const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
        if (s.includes('\n') || s.includes('\r')) write.call(rl, '\n');
      };
      rl.question('', (respuesta) => {
        rl.close();
        resolve(respuesta.trim());
      });
    });
}

/** A line on stdin (the agent run by a script or a test): it announces "PIN requerido" on stdout first. */
export function pinPorStdin(): PedirPin {
  let pendiente: ((pin: string) => void) | null = null;
  const lineas: string[] = [];
  const rl = createInterface({ input: process.stdin });
  rl.on('line', (linea) => {
    if (pendiente) {
      const resolver = pendiente;
      pendiente = null;
      resolver(linea.trim());
    } else {
      lineas.push(linea.trim());
    }
  });
  return (descripcion) => {
    process.stdout.write(`PIN requerido: ${descripcion}\n`);
    const ya = lineas.shift();
    if (ya !== undefined) return Promise.resolve(ya);
    return new Promise((resolve) => {
      pendiente = resolve;
    });
  };
}

/**
 * A page served by the agent on 127.0.0.1 (/pin): the agent prints its address; the PIN typed there is
 * posted to the agent itself, never to Receptoría's server or page.
 */
export class PinEnPagina {
  private esperando: { descripcion: string; resolver: (pin: string) => void } | null = null;

  pedir: PedirPin = (descripcion) =>
    new Promise((resolve) => {
      this.esperando = { descripcion, resolver: resolve };
    });

  get descripcion(): string | null {
    return this.esperando?.descripcion ?? null;
  }

  /** The PIN from the page: true when one was awaited. */
  recibir(pin: string): boolean {
    if (!this.esperando) return false;
    const { resolver } = this.esperando;
    this.esperando = null;
    resolver(pin);
    return true;
  }
}
