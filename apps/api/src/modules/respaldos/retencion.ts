import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';

/** `<slug>_<YYYYMMDD-HHmmss>.dump` (pg_dump) or `.tar.gz` (PGlite's own dump); the time is Santiago's. */
const NAME = /^(.+)_(\d{8})-(\d{6})\.(dump|tar\.gz)$/;

export interface ArchivoRespaldo {
  nombre: string;
  slug: string;
  /** YYYYMMDD */
  dia: string;
  /** YYYYMMDD-HHmmss, sorts as time. */
  momento: string;
}

export function leerNombre(nombre: string): ArchivoRespaldo | null {
  const match = NAME.exec(nombre);
  if (!match) return null;
  return { nombre, slug: match[1]!, dia: match[2]!, momento: `${match[2]}-${match[3]}` };
}

/** ISO week (Monday first) of a YYYYMMDD day, as 'YYYY-Www'. */
export function semanaIso(dia: string): string {
  const date = new Date(Date.UTC(Number(dia.slice(0, 4)), Number(dia.slice(4, 6)) - 1, Number(dia.slice(6, 8))));
  // The Thursday of the same week names the week's year.
  date.setUTCDate(date.getUTCDate() + 4 - (date.getUTCDay() || 7));
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Which files to keep of one database's backups: the newest of each of the `diarios` latest days that
 * have one, and the newest of each of the `semanales` latest ISO weeks that have one.
 */
export function elegirConservados(archivos: ArchivoRespaldo[], diarios: number, semanales: number): Set<string> {
  const newestFirst = [...archivos].sort((a, b) => b.momento.localeCompare(a.momento));
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const archivo of newestFirst) {
    if (!days.has(archivo.dia) && days.size < diarios) {
      days.add(archivo.dia);
      keep.add(archivo.nombre);
    }
    const week = semanaIso(archivo.dia);
    if (!weeks.has(week) && weeks.size < semanales) {
      weeks.add(week);
      keep.add(archivo.nombre);
    }
  }
  return keep;
}

/**
 * Applies the retention to a backup folder, database by database; files with other names are left
 * alone. Returns the names removed (each with its .sha256).
 */
export async function aplicarRetencion(dir: string, diarios: number, semanales: number): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const bySlug = new Map<string, ArchivoRespaldo[]>();
  for (const name of names) {
    const archivo = leerNombre(name);
    if (!archivo) continue;
    const list = bySlug.get(archivo.slug) ?? [];
    list.push(archivo);
    bySlug.set(archivo.slug, list);
  }
  const removed: string[] = [];
  for (const list of bySlug.values()) {
    const keep = elegirConservados(list, diarios, semanales);
    for (const archivo of list) {
      if (keep.has(archivo.nombre)) continue;
      await unlink(path.join(dir, archivo.nombre)).catch(() => undefined);
      await unlink(path.join(dir, `${archivo.nombre}.sha256`)).catch(() => undefined);
      removed.push(archivo.nombre);
    }
  }
  return removed.sort();
}
