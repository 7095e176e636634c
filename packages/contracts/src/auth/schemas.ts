import { z } from 'zod';
import { boundedString } from '../common/text';
import { LOGIN_LIMITS } from './login-form';
import { authMessages as m } from './messages';

export const LoginSchema = z.object({
  username: boundedString(LOGIN_LIMITS.usernameMax, { error: m.usernameRequired, tooLong: m.invalidCredentials })
    .trim()
    .min(1, m.usernameRequired)
    .min(LOGIN_LIMITS.usernameMin, m.usernameMin),
  password: boundedString(LOGIN_LIMITS.passwordMax, { error: m.passwordRequired, tooLong: m.invalidCredentials })
    .min(1, m.passwordRequired)
    .min(LOGIN_LIMITS.passwordMin, m.passwordMin),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const CargoSchema = z.enum(['receptor', 'secretaria']);
export type Cargo = z.infer<typeof CargoSchema>;

export const SessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  cargo: CargoSchema,
  tenant_id: z.number().int(),
  is_admin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LoginResponseSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  user: SessionUserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshSchema = z.object({
  refresh: boundedString(200, { error: m.refreshRequired, tooLong: m.refreshInvalid }).min(1, m.refreshRequired),
});
export const RefreshResponseSchema = z.object({ access: z.string(), refresh: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

export const LogoutSchema = z.object({
  refresh: boundedString(200, { error: m.refreshRequired, tooLong: m.refreshInvalid }).min(1, m.refreshRequired),
});

export const ProfileSchema = SessionUserSchema.extend({
  receptor: z.object({ id: z.number().int(), nombre: z.string() }),
});
export type Profile = z.infer<typeof ProfileSchema>;
