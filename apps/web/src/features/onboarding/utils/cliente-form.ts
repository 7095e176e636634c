import {
  type Cargo,
  ClienteCreateSchema,
  type ClienteCreateValue,
  ClienteUsuarioCreateSchema,
  type ClienteUsuarioCreateValue,
  suggestUsername,
} from '@receptoria/contracts';
import { type FieldErrors, type FieldValues, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

export interface ClienteFormValues {
  nombre: string;
  rut: string;
  direccion: string;
  comuna: string;
  telefono: string;
  email: string;
  first_name: string;
  last_name: string;
  cargo: Cargo;
  username: string;
  password: string;
  usuario_email: string;
  carpeta_principal: string;
  carpeta_cobranza: string;
  carpeta_estampados: string;
  carpeta_plantillas: string;
}

export interface UsuarioFormValues {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password: string;
  cargo: Cargo;
}

/** A new client's first user is a receptor by default (spec 02 §9). */
export function defaultClienteValues(): ClienteFormValues {
  return {
    nombre: '',
    rut: '',
    direccion: '',
    comuna: '',
    telefono: '',
    email: '',
    first_name: '',
    last_name: '',
    cargo: 'receptor',
    username: '',
    password: '',
    usuario_email: '',
    carpeta_principal: '',
    carpeta_cobranza: '',
    carpeta_estampados: '',
    carpeta_plantillas: '',
  };
}

/** Users added to a client are secretarias by default, last name 'Secretaria' (spec 02 §5). */
export function defaultUsuarioValues(defaultLastName: string): UsuarioFormValues {
  return { first_name: '', last_name: defaultLastName, username: '', email: '', password: '', cargo: 'secretaria' };
}

/**
 * Whether editing the receiver's name may fill the username: only when the username field is
 * empty as the name is entered (spec 02 §5). Once it has a value, suggested or typed, it is left.
 */
export function suggestsUsername(currentUsername: string): boolean {
  return currentUsername === '';
}

/**
 * The username shown after the receiver's name changes: while suggesting (the field was empty when
 * the user started entering the name) the suggestion for the name as typed so far, else unchanged.
 */
export function nextUsername(nombre: string, current: string, suggesting: boolean): string {
  if (!suggesting) return current;
  return nombre.trim() === '' ? '' : suggestUsername(nombre);
}

export function zodResolver<TValues extends FieldValues, TOutput>(schema: z.ZodType<TOutput>): Resolver<TValues, unknown, TOutput> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<TValues> = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || 'root';
      if (seen.has(path)) continue;
      seen.add(path);
      set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

export const clienteResolver = zodResolver<ClienteFormValues, ClienteCreateValue>(ClienteCreateSchema);
export const usuarioResolver = zodResolver<UsuarioFormValues, ClienteUsuarioCreateValue>(ClienteUsuarioCreateSchema);

/** Field → first message of a server validation answer, for the fields the form has. */
export function serverFieldErrors<T extends object>(error: unknown, fields: T): Partial<Record<keyof T, string>> {
  const found: Partial<Record<keyof T, string>> = {};
  if (!(error instanceof ApiError) || !error.errors) return found;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (field in fields && messages[0]) found[field as keyof T] = messages[0];
  }
  return found;
}

/** The server's field error when it sent one, else its detail, else the fallback (spec 02 §8). */
export function serverErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const fields = Object.values(error.errors ?? {}).flat().filter(Boolean);
    if (fields.length > 0) return [...new Set(fields)].join(', ');
    if (error.detail && error.status < 500) return error.detail;
  }
  return fallback;
}
