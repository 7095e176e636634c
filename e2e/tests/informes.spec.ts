import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';
import { startGoogleStandIn, startSmtpStandIn, withMainTenantDb } from '../support/mail-stand-ins';

/** The machine running the suites is busy: give each screen time to answer. */
const expect = baseExpect.configure({ timeout: 20_000 });

/** Santiago calendar date `days` from today, YYYY-MM-DD. */
function santiagoDate(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A day inside the previous Monday–Sunday week, and one inside the previous month. */
function previousWeekDay() {
  const today = new Date(`${santiagoDate()}T12:00:00Z`);
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  return santiagoDate(-sinceMonday - 4);
}
function previousMonthDay() {
  const [y, m] = santiagoDate().split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-15` : `${y}-${String(m - 1).padStart(2, '0')}-15`;
}

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function createFirm(page: Page, nombre: string, emails: { email: string; tipo: string }[]) {
  const login = await page.request.post('/api/v1/auth/login/', { data: users.admin });
  const { access } = (await login.json()) as { access: string };
  const response = await page.request.post('/api/v1/estudios/registrar_estudio/', {
    headers: { authorization: `Bearer ${access}` },
    data: {
      nombre,
      direccion: 'Av. Providencia 1208, oficina 401',
      comuna: 'Providencia',
      ciudad: 'Santiago',
      telefono: '+56 2 2345 6789',
      rut_estudio: `7${String(Date.now()).slice(-7)}-K`,
      emails,
      partes_demandantes: [{ nombre: 'Banco Informe', tipo: 'banco' }],
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function stampedRows(estudioId: number, rows: { rol: string; fecha: string }[]) {
  await withMainTenantDb(async (db) => {
    for (const row of rows) {
      await db.query(
        `insert into encargos (numero_rol, estado, fecha_encargo, estudio_id, ejecutados, fecha_estampado, estado_estampado)
         values ($1, 'estampado', $2, $3, 'Luis Pérez Soto', $2, 'estampado')`,
        [row.rol, row.fecha, estudioId],
      );
    }
  });
}

test.describe('Informes automáticos (Configuraciones Estudio)', () => {
  // A busy machine: screens load slowly, so each flow gets room.
  test.describe.configure({ timeout: 120_000 });
  test('configures, previews each period, downloads the Excel and sends it by mail', async ({ page }) => {
    const smtp = await startSmtpStandIn();
    try {
      const nombre = `Estudio Informes ${suffix()}`;
      const id = await createFirm(page, nombre, [
        { email: 'principal@informes-e2e.cl', tipo: 'principal' },
        { email: 'reportes@informes-e2e.cl', tipo: 'informes' },
      ]);
      const rolDia = `C-${Math.floor(Math.random() * 9000) + 1000}-2026`;
      await stampedRows(id, [
        { rol: rolDia, fecha: santiagoDate(-1) },
        { rol: 'C-7001-2025', fecha: previousWeekDay() },
        { rol: 'C-7002-2025', fecha: previousMonthDay() },
      ]);
      await signIn(page, users.admin, `/configuraciones-estudio?estudio=${id}`, 30_000);
      const panel = page.getByTestId('informes-panel');
      await expect(panel).toBeVisible({ timeout: 30_000 });
      await expect(panel.getByRole('heading', { name: 'Informes Automáticos' })).toBeVisible();

      // Sending needs the root e-mail first (spec 01 §5).
      await panel.getByTestId('informe-diario').getByRole('button', { name: 'Enviar Excel' }).click();
      await expect(toast(page, 'Debe configurar el correo raíz')).toBeVisible();

      await panel.getByLabel('Informes activos').check({ force: true });
      await panel.getByLabel('Diario').check({ force: true });
      await panel.getByLabel('Semanal').check({ force: true });
      await panel.getByRole('textbox', { name: 'Correo raíz' }).fill('correo-malo');
      await panel.getByRole('button', { name: 'Guardar Configuración' }).click();
      await expect(panel.getByText('Formato de email inválido')).toBeVisible();
      await panel.getByRole('textbox', { name: 'Correo raíz' }).fill('raiz@receptoria-e2e.cl');
      await panel.getByRole('button', { name: 'Guardar Configuración' }).click();
      await expect(toast(page, 'Configuración de informes guardada exitosamente')).toBeVisible();
      await page.reload();
      await expect(panel.getByRole('textbox', { name: 'Correo raíz' })).toHaveValue('raiz@receptoria-e2e.cl');
      await expect(panel.getByLabel('Semanal')).toBeChecked();
      await expect(panel.getByLabel('Mensual')).not.toBeChecked();

      for (const [frecuencia, rol] of [['diario', rolDia], ['semanal', 'C-7001-2025'], ['mensual', 'C-7002-2025']] as const) {
        const section = panel.getByTestId(`informe-${frecuencia}`);
        await section.getByRole('button', { name: 'Previsualizar' }).click();
        await expect(section.getByTestId(`informe-${frecuencia}-tabla`).getByRole('cell', { name: rol })).toBeVisible();
        await expect(section.getByText(/Total roles: \d+/)).toBeVisible();
      }
      await expect(panel.getByTestId('informe-diario-tabla')).toHaveCSS('max-height', '288px');

      const downloadPromise = page.waitForEvent('download');
      await panel.getByTestId('informe-diario').getByRole('button', { name: 'Descargar Excel' }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^informe_diario_Estudio_Informes_\\w+_${santiagoDate()}\\.xlsx$`));
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');

      await panel.getByTestId('informe-diario').getByRole('button', { name: 'Enviar Excel' }).click();
      await expect(toast(page, /Excel enviado a principal@informes-e2e\.cl, reportes@informes-e2e\.cl, raiz@receptoria-e2e\.cl/)).toBeVisible();
      // The server's outbox may deliver other tests' queued mail to this stand-in meanwhile: count this firm's.
      const delEstudio = () => smtp.received.filter((mail) => mail.to.includes('principal@informes-e2e.cl'));
      await expect.poll(() => delEstudio().length).toBe(1);
      expect(delEstudio()[0]!.to.sort()).toEqual(['principal@informes-e2e.cl', 'raiz@receptoria-e2e.cl', 'reportes@informes-e2e.cl']);
      expect(delEstudio()[0]!.raw).toMatch(/filename="?informe_diario_Estudio_Informes_/);

      const log = panel.getByTestId('informes-historial');
      await expect(log.getByRole('cell', { name: 'Enviado', exact: true })).toBeVisible();
      await expect(log.getByRole('cell', { name: 'Manual' })).toBeVisible();
    } finally {
      await smtp.close();
    }
  });

  test('shows the spec text when a period has nothing stamped', async ({ page }) => {
    const id = await createFirm(page, `Estudio Vacío ${suffix()}`, [{ email: 'vacio@informes-e2e.cl', tipo: 'principal' }]);
    await signIn(page, users.admin, `/configuraciones-estudio?estudio=${id}`, 30_000);
    const texts = { diario: 'el día anterior', semanal: 'la semana anterior', mensual: 'el mes anterior' } as const;
    for (const [frecuencia, texto] of Object.entries(texts)) {
      const section = page.getByTestId(`informe-${frecuencia}`);
      await section.getByRole('button', { name: 'Previsualizar' }).click();
      await expect(section.getByText(`No se encontraron encargos estampados para ${texto}`)).toBeVisible();
    }
  });

  test('connects a Gmail account through the popup, cancels, and disconnects', async ({ page }) => {
    test.setTimeout(240_000);
    const google = await startGoogleStandIn();
    try {
      const id = await createFirm(page, `Estudio Gmail ${suffix()}`, [{ email: 'gmail@informes-e2e.cl', tipo: 'principal' }]);
      await signIn(page, users.admin, `/configuraciones-estudio?estudio=${id}`, 30_000);
      const control = page.getByTestId('gmail-control');
      await expect(control.getByText('Sin cuenta conectada: los informes se envían por el servidor de correo del sistema.')).toBeVisible();

      // Cancel while waiting: the popup closes and the control says so.
      const firstPopup = page.waitForEvent('popup');
      await control.getByRole('button', { name: 'Conectar Gmail' }).click();
      const popup = await firstPopup;
      await expect(control.getByText(/Esperando la autorización de Gmail/)).toBeVisible();
      await control.getByRole('button', { name: 'Cancelar' }).click();
      await expect(toast(page, 'Conexión Gmail cancelada')).toBeVisible();
      await popup.close();
      await expect(control.getByRole('button', { name: 'Conectar Gmail' })).toBeVisible();

      // Connect for real: the stand-in consents and redirects to the callback; polling sees it.
      const secondPopup = page.waitForEvent('popup');
      await control.getByRole('button', { name: 'Conectar Gmail' }).click();
      const consent = await secondPopup;
      await expect(consent).toHaveURL(/\/o\/oauth2\/v2\/auth\?/);
      expect(new URL(consent.url()).searchParams.get('scope')).toContain('gmail.send');
      await consent.getByRole('link', { name: 'Permitir' }).click();
      await expect(control.getByText(`Conectado como ${google.email}`, { exact: false })).toBeVisible({ timeout: 60_000 });
      await expect(control.getByTestId('gmail-estado')).toHaveText('Gmail');

      await control.getByRole('button', { name: 'Desconectar Gmail' }).click();
      await page.getByRole('dialog', { name: '¿Desconectar Gmail?' }).getByRole('button', { name: 'Desconectar' }).click();
      await expect(toast(page, 'Cuenta Gmail desconectada')).toBeVisible();
      await expect(control.getByRole('button', { name: 'Conectar Gmail' })).toBeVisible();
    } finally {
      await google.close();
    }
  });
});
