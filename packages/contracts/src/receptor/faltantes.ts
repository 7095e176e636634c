import { RECEPTOR_CAMPO_LABELS, RECEPTOR_CAMPOS, type ReceptorCampo } from '../estampados/messages';

/**
 * The receiver's identity fields left empty, in one order: 'Mis datos de receptor', the certificate's
 * preview and its generation name the same list.
 */
export function receptorFaltantes(datos: Readonly<Record<ReceptorCampo, string | null | undefined>>): ReceptorCampo[] {
  return RECEPTOR_CAMPOS.filter((campo) => !(datos[campo] ?? '').trim());
}

/** The same list as the screens write it: 'RUT, título, dirección, comuna'. */
export function receptorFaltantesTexto(campos: readonly ReceptorCampo[]): string {
  return campos.map((campo) => RECEPTOR_CAMPO_LABELS[campo]).join(', ');
}
