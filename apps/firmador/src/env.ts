import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The PKCS#11 library of SoftHSM2 on Debian/Ubuntu, the default when nothing else is configured. */
export const PKCS11_POR_DEFECTO = '/usr/lib/softhsm/libsofthsm2.so';
export const PUERTO_POR_DEFECTO = 17_342;

export type ModoPin = 'consola' | 'stdin' | 'pagina';

/** What the agent needs: where the token's library is, which origin it answers, and its pairing. */
export interface Configuracion {
  /** Path of the token's PKCS#11 library (FIRMADOR_PKCS11). */
  pkcs11: string;
  /** Port on 127.0.0.1 (FIRMADOR_PUERTO). */
  puerto: number;
  /** Receptoría's origin, the only one answered (FIRMADOR_ORIGEN), e.g. https://app.receptoria.cl. */
  origen: string;
  /** Receptoría's server (FIRMADOR_SERVIDOR, default the origin). */
  servidor: string;
  /** Where the PIN is asked (FIRMADOR_PIN): this console, a line on stdin, or a page on 127.0.0.1. */
  pin: ModoPin;
  /** The agent's token from the pairing (kept in the configuration file only). */
  token: string | null;
  usuario: string | null;
  receptor: string | null;
  /** The configuration file (FIRMADOR_CONFIG). */
  archivo: string;
}

/** The configuration file: %APPDATA%\ReceptoriaFirmador on Windows, ~/.config/receptoria-firmador elsewhere. */
export function archivoConfiguracion(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FIRMADOR_CONFIG) return env.FIRMADOR_CONFIG;
  const base = process.platform === 'win32' ? (env.APPDATA ?? path.join(os.homedir(), 'AppData', 'Roaming')) : (env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config'));
  return path.join(base, process.platform === 'win32' ? 'ReceptoriaFirmador' : 'receptoria-firmador', 'config.json');
}

/** The file's settings, with the environment above them. */
export function leerConfiguracion(env: NodeJS.ProcessEnv = process.env): Configuracion {
  const archivo = archivoConfiguracion(env);
  let guardada: Partial<Configuracion> = {};
  if (existsSync(archivo)) {
    try {
      guardada = JSON.parse(readFileSync(archivo, 'utf8')) as Partial<Configuracion>;
    } catch {
      guardada = {};
    }
  }
  const origen = (env.FIRMADOR_ORIGEN ?? guardada.origen ?? '').replace(/\/+$/, '');
  const modo = env.FIRMADOR_PIN ?? guardada.pin;
  return {
    pkcs11: env.FIRMADOR_PKCS11 ?? guardada.pkcs11 ?? PKCS11_POR_DEFECTO,
    puerto: Number(env.FIRMADOR_PUERTO ?? guardada.puerto ?? PUERTO_POR_DEFECTO),
    origen,
    servidor: (env.FIRMADOR_SERVIDOR ?? guardada.servidor ?? origen).replace(/\/+$/, ''),
    pin: modo === 'stdin' || modo === 'pagina' || modo === 'consola' ? modo : process.stdin.isTTY ? 'consola' : 'pagina',
    token: guardada.token ?? null,
    usuario: guardada.usuario ?? null,
    receptor: guardada.receptor ?? null,
    archivo,
  };
}

/** Saves the settings (the agent's token among them) readable only by this user. */
export function guardarConfiguracion(config: Configuracion): void {
  mkdirSync(path.dirname(config.archivo), { recursive: true });
  const { archivo: _archivo, ...datos } = config;
  writeFileSync(config.archivo, `${JSON.stringify(datos, null, 2)}\n`, { mode: 0o600 });
}
