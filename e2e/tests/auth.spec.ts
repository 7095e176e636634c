import { expect, test } from '@playwright/test';
import { loginThroughForm, readStoredSession, SESSION_KEYS, signIn, signOut, toast, users } from '../support/login';

test.describe('login', () => {
  test('shows the page with its texts', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Acceso al Sistema · Receptoría');
    await expect(page.getByRole('heading', { name: 'Acceso al Sistema' })).toBeVisible();
    await expect(page.getByText('Ingrese sus credenciales')).toBeVisible();
    await expect(page.getByText('Plataforma de gestión para receptores judiciales')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Acceder' })).toBeEnabled();
  });

  test('validates the fields with the contract messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await expect(page.getByText('El usuario es requerido')).toBeVisible();
    await expect(page.getByText('La contraseña es requerida')).toBeVisible();

    await page.getByLabel('Usuario').fill('ab');
    await page.getByLabel('Contraseña', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await expect(page.getByText('El usuario debe tener al menos 3 caracteres')).toBeVisible();
    await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Contraseña', { exact: true });
    await password.fill('secreta');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('wrong credentials show the server message and keep the user on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña', { exact: true }).fill('incorrecta');
    await page.getByRole('button', { name: 'Acceder' }).click();

    await expect(page.getByTestId('login-error')).toHaveText('Usuario o contraseña incorrectos');
    // Said once: in the card, not again in a toast.
    await expect(toast(page, 'Usuario o contraseña incorrectos')).toHaveCount(0);
    await expect(page.getByText('Usuario o contraseña incorrectos')).toHaveCount(1);
    await expect(page).toHaveTitle('Acceso al Sistema · Receptoría');
    await expect(page).toHaveURL(/\/login$/);
    expect((await readStoredSession(page)).access).toBeNull();
  });

  test('lands on the dashboard with the welcome toast and the username in the top bar', async ({ page }) => {
    await loginThroughForm(page, users.admin);
    await expect(toast(page, '¡Bienvenido al sistema!')).toBeVisible();
    await expect(page.getByTestId('top-bar-username')).toHaveText('admin');
    const stored = await readStoredSession(page);
    expect(stored.access).toBeTruthy();
    expect(stored.refresh).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ username: 'admin' });
  });

  test('sends an authenticated user from /login to the dashboard', async ({ page }) => {
    await signIn(page, users.admin);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  });
});

test.describe('session', () => {
  test('protected routes send an anonymous visitor to /login', async ({ page }) => {
    for (const path of ['/', '/ver-pendientes', '/cobranza', '/onboarding']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Acceso al Sistema' })).toBeVisible();
    }
  });

  test('renews an expired access token without the user noticing', async ({ page }) => {
    await signIn(page, users.notas);
    const note = `• Renovación ${Date.now()}`;
    const notes = page.getByRole('textbox', { name: 'Apuntes personales' });
    await notes.click();
    await notes.fill(note);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Guardado', { exact: true })).toBeVisible();

    const before = await readStoredSession(page);
    // An access token the server no longer accepts, as when it expires.
    await page.evaluate((key) => localStorage.setItem(key, 'token-vencido'), SESSION_KEYS.access);
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh/') && r.status() === 200);
    await page.reload();
    await refreshed;

    await expect(notes).toHaveValue(note);
    await expect(page.getByTestId('dashboard-greeting')).toContainText('Carolina Muñoz');
    const after = await readStoredSession(page);
    expect(after.access).not.toBe('token-vencido');
    expect(after.access).toBeTruthy();
    expect(after.refresh).not.toBe(before.refresh);
  });

  test('two tabs renewing an expired token at once both keep the session', async ({ page, context }) => {
    await signIn(page, users.notas);
    const second = await context.newPage();
    await second.goto('/');
    await expect(second.getByTestId('dashboard-greeting')).toContainText('Carolina Muñoz');

    // Both tabs share the stored tokens; both meet the expired access token on the same reload.
    await page.evaluate((key) => localStorage.setItem(key, 'token-vencido'), SESSION_KEYS.access);
    await Promise.all([page.reload(), second.reload()]);

    for (const tab of [page, second]) {
      await expect(tab.getByTestId('dashboard-greeting')).toContainText('Carolina Muñoz');
      await expect(tab).not.toHaveURL(/\/login$/);
    }
    // The renewed session keeps working afterwards.
    await page.reload();
    await expect(page.getByTestId('dashboard-greeting')).toContainText('Carolina Muñoz');
    expect((await readStoredSession(page)).access).not.toBe('token-vencido');
  });

  test('a refused renewal ends the session on /login', async ({ page }) => {
    await signIn(page, users.notas);
    await page.evaluate((keys) => {
      localStorage.setItem(keys.access, 'token-vencido');
      localStorage.setItem(keys.refresh, 'refresh-revocado');
    }, SESSION_KEYS);
    await page.reload();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Acceso al Sistema' })).toBeVisible();
    expect((await readStoredSession(page)).access).toBeNull();
  });

  test('Salir returns to /login and protected routes then redirect to /login', async ({ page }) => {
    await signIn(page, users.admin);
    const { refresh } = await readStoredSession(page);
    await signOut(page);

    expect(await readStoredSession(page)).toEqual({ access: null, refresh: null, user: null });
    await page.goto('/ver-pendientes');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);

    // The server revoked the session too: its refresh token no longer works.
    const response = await page.request.post('/api/v1/auth/refresh/', { data: { refresh } });
    expect(response.status()).toBe(401);
  });
});
