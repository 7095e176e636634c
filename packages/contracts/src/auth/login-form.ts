import { hasNul, inputMessages } from '../common/limits';
import { authMessages as m } from './messages';

/**
 * The sign-in form's rules without zod, so the login page downloads none of it: the same checks, in
 * the same order and with the same messages, as `LoginSchema` (auth/schemas.ts), which the API
 * validates with; login-form.test.ts keeps the two in step. Imported on its own:
 * `@receptoria/contracts/auth/login-form`.
 */

/** Sign-in field limits, shared with `LoginSchema`. */
export const LOGIN_LIMITS = { usernameMax: 150, usernameMin: 3, passwordMax: 128, passwordMin: 6 } as const;

export interface LoginFormValues {
  username: string;
  password: string;
}

export type LoginFormErrors = Partial<Record<keyof LoginFormValues, string>>;

export type LoginFormResult = { success: true; data: LoginFormValues } | { success: false; errors: LoginFormErrors };

/** boundedString (common/text.ts): the length first, then NUL; either stops the checks after it. */
function bounded(value: unknown, max: number, required: string): { value: string } | { error: string } {
  if (typeof value !== 'string') return { error: required };
  if (value.length > max) return { error: m.invalidCredentials };
  if (hasNul(value)) return { error: inputMessages.caracterNoPermitido };
  return { value };
}

/** The first problem of each field, as the form shows it; the trimmed username when both are right. */
export function validateLogin(values: { username?: unknown; password?: unknown }): LoginFormResult {
  const errors: LoginFormErrors = {};
  let username = '';
  let password = '';

  const user = bounded(values.username, LOGIN_LIMITS.usernameMax, m.usernameRequired);
  if ('error' in user) errors.username = user.error;
  else {
    username = user.value.trim();
    if (username.length < 1) errors.username = m.usernameRequired;
    else if (username.length < LOGIN_LIMITS.usernameMin) errors.username = m.usernameMin;
  }

  const pass = bounded(values.password, LOGIN_LIMITS.passwordMax, m.passwordRequired);
  if ('error' in pass) errors.password = pass.error;
  else {
    password = pass.value;
    if (password.length < 1) errors.password = m.passwordRequired;
    else if (password.length < LOGIN_LIMITS.passwordMin) errors.password = m.passwordMin;
  }

  if (errors.username !== undefined || errors.password !== undefined) return { success: false, errors };
  return { success: true, data: { username, password } };
}
