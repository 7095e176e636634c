import { expect, type Page } from '@playwright/test';
import type { E2eUser } from './users';

export { users } from './users';
export type { E2eUser } from './users';

/** localStorage keys of the web session (apps/web/src/lib/session-storage.ts). */
export const SESSION_KEYS = {
  access: 'receptoria.access',
  refresh: 'receptoria.refresh',
  user: 'receptoria.user',
} as const;

/** Signs in through the login screen and waits for the dashboard. */
export async function loginThroughForm(page: Page, user: Pick<E2eUser, 'username' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(user.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Acceder' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
}

/** Signs in through the API and stores the session as the web app does: faster than the form. */
export async function signIn(
  page: Page,
  user: Pick<E2eUser, 'username' | 'password'>,
  landing = '/',
  /** How long the first screen may take to show (a screen's chunk loads on first visit). */
  timeout?: number,
) {
  const response = await page.request.post('/api/v1/auth/login/', {
    data: { username: user.username, password: user.password },
  });
  expect(response.ok(), `login of ${user.username}: ${response.status()}`).toBeTruthy();
  const session = (await response.json()) as { access: string; refresh: string; user: unknown };
  await page.goto('/login');
  await page.evaluate(
    ({ keys, session }) => {
      localStorage.setItem(keys.access, session.access);
      localStorage.setItem(keys.refresh, session.refresh);
      localStorage.setItem(keys.user, JSON.stringify(session.user));
    },
    { keys: SESSION_KEYS, session },
  );
  await page.goto(landing);
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible({ timeout });
}

/** Signs out with the top bar's 'Salir' button. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A toast (Mantine notification) with the text. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

export async function readStoredSession(page: Page) {
  return page.evaluate(
    (keys) => ({
      access: localStorage.getItem(keys.access),
      refresh: localStorage.getItem(keys.refresh),
      user: localStorage.getItem(keys.user),
    }),
    SESSION_KEYS,
  );
}
