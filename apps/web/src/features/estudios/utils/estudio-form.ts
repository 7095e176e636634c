import { type EmailTipo, EstudioCreateSchema, type EstudioCreateValue, type ParteTipo } from '@receptoria/contracts';
import { type FieldErrors, type Resolver, set } from 'react-hook-form';

export interface EstudioFormValues {
  nombre: string;
  rut_estudio: string;
  telefono: string;
  fax: string;
  direccion: string;
  comuna: string | null;
  ciudad: string | null;
  emails: { email: string; tipo: EmailTipo }[];
  partes_demandantes: { nombre: string; tipo: ParteTipo }[];
  enviar_informes_diarios: boolean;
  enviar_informes_mensuales: boolean;
}

/** Default types: the first e-mail principal, added ones secundario; parties empresa (spec 01 §5). */
export const FIRST_EMAIL_TIPO: EmailTipo = 'principal';
export const ADDED_EMAIL_TIPO: EmailTipo = 'secundario';
export const DEFAULT_PARTE_TIPO: ParteTipo = 'empresa';

export function defaultEstudioValues(): EstudioFormValues {
  return {
    nombre: '',
    rut_estudio: '',
    telefono: '',
    fax: '',
    direccion: '',
    comuna: null,
    ciudad: null,
    emails: [{ email: '', tipo: FIRST_EMAIL_TIPO }],
    partes_demandantes: [{ nombre: '', tipo: DEFAULT_PARTE_TIPO }],
    enviar_informes_diarios: false,
    enviar_informes_mensuales: false,
  };
}

/** List-level messages ('Debe proporcionar al menos…') go to `<list>.root`, the rest to their field. */
function formPath(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  if (parts.length === 1 && (parts[0] === 'emails' || parts[0] === 'partes_demandantes')) return `${parts[0]}.root`;
  return parts.length ? parts.join('.') : 'root';
}

export const estudioResolver: Resolver<EstudioFormValues, unknown, EstudioCreateValue> = async (values) => {
  const result = await EstudioCreateSchema.safeParseAsync(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<EstudioFormValues> = {};
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const path = formPath(issue.path);
    if (seen.has(path)) continue;
    seen.add(path);
    set(errors, path, { type: issue.code, message: issue.message });
  }
  return { values: {}, errors };
};
