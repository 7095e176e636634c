import type { FichaTerrenoRequest, MembreteRequest } from '@receptoria/contracts';
import { api, saveFile } from '../../../lib/api-client';

/** Membrete PDF; named by content-disposition, else membrete_{rol}.pdf (spec 01 §7). */
export async function downloadMembrete(payload: MembreteRequest): Promise<string> {
  const { blob, filename } = await api.download('/nuevo_encargo/generar_membrete/', payload);
  const name = filename ?? `membrete_${payload.numero_rol}.pdf`;
  saveFile(blob, name);
  return name;
}

/** Ficha terreno PDF; named by content-disposition, else ficha_terreno_{rol}.pdf. */
export async function downloadFichaTerreno(payload: FichaTerrenoRequest): Promise<string> {
  const { blob, filename } = await api.download('/nuevo_encargo/generar_ficha_terreno/', payload);
  const name = filename ?? `ficha_terreno_${payload.numero_rol}.pdf`;
  saveFile(blob, name);
  return name;
}
