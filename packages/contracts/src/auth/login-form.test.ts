import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-form';
import { LoginSchema } from './schemas';

/** What the login form shows for LoginSchema: the first message of each field, or the parsed values. */
function fromSchema(input: unknown) {
  const result = LoginSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { success: false, errors };
}

const usernames = ['', ' ', '  a ', 'ab', ' ab ', 'abc', '  abc  ', 'admin', 'a\u0000b', 'a\u0000', ' \u0000 ', 'x'.repeat(150), 'x'.repeat(151), ' '.repeat(151), ` ${'x'.repeat(149)} `];
const passwords = ['', ' ', '12345', '123456', '      ', 'secreto\u0000', '\u0000', 'p'.repeat(128), 'p'.repeat(129)];
const oddValues = [undefined, null, 5, true, {}, []];

describe('the login form rules and the API login schema', () => {
  it('accept and refuse the same credentials with the same first message per field', () => {
    for (const username of usernames) {
      for (const password of passwords) {
        const input = { username, password };
        expect(validateLogin(input), JSON.stringify(input)).toEqual(fromSchema(input));
      }
    }
  });

  it('word missing or non-text fields the same way', () => {
    for (const value of oddValues) {
      for (const input of [{ username: value, password: 'secreto' }, { username: 'admin', password: value }, { username: value, password: value }]) {
        expect(validateLogin(input), JSON.stringify(input)).toEqual(fromSchema(input));
      }
    }
  });

  it('trims the username as the API does and keeps the password as typed', () => {
    expect(validateLogin({ username: '  admin ', password: ' secreto ' })).toEqual({
      success: true,
      data: { username: 'admin', password: ' secreto ' },
    });
  });

  it('says which field is wrong, in Spanish', () => {
    expect(validateLogin({ username: 'ab', password: '123' })).toEqual({
      success: false,
      errors: { username: 'El usuario debe tener al menos 3 caracteres', password: 'La contraseña debe tener al menos 6 caracteres' },
    });
    expect(validateLogin({ username: '', password: '' })).toEqual({
      success: false,
      errors: { username: 'El usuario es requerido', password: 'La contraseña es requerida' },
    });
  });
});
