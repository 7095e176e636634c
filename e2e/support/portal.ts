import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminHeaders } from './encargos';
import { mailText, type startSmtpStandIn } from './mail-stand-ins';

type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;

/** The path `/portal/activar/<token>` of the one invitation mail `email` received. */
export async function portalActivationPath(smtp: SmtpStandIn, email: string): Promise<string> {
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length, { timeout: 30_000 }).toBe(1);
  const text = mailText(smtp.received.find((mail) => mail.to.includes(email))!.raw);
  const enlace = /\/portal\/activar\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
  expect(enlace, text).not.toBe('');
  return enlace;
}

/** Invites a firm's user to the portal through the API; the user's id. */
export async function invitePortalUser(request: APIRequestContext, estudioId: number, usuario: { nombre: string; email: string }): Promise<number> {
  const invitado = await request.post(`/api/v1/estudios/${estudioId}/usuarios_portal/`, { headers: await adminHeaders(request), data: usuario });
  expect(invitado.status(), await invitado.text()).toBe(201);
  return ((await invitado.json()) as { usuario: { id: number } }).usuario.id;
}

/** Activates an invited user's account with the token its invitation mail carries. */
export async function activatePortalUser(request: APIRequestContext, smtp: SmtpStandIn, email: string, password: string) {
  const token = (await portalActivationPath(smtp, email)).split('/').pop();
  const activado = await request.post('/api/v1/portal/auth/activar/', { data: { token, password } });
  expect(activado.status(), await activado.text()).toBeLessThan(300);
}

/** Signs in to the portal with its login form. */
export async function signInToPortal(page: Page, email: string, password: string) {
  await page.goto('/portal/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}
