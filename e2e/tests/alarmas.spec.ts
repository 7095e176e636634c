import { expect as baseExpect, test } from '@playwright/test';
import { signIn, users } from '../support/login';
import { withMainTenantDb } from '../support/mail-stand-ins';

/** The machine running the suites is busy: give each screen time to answer. */
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('Alarm reminders', () => {
  // A busy machine: screens load slowly, so each flow gets room.
  test.describe.configure({ timeout: 120_000 });
  test('an alarm within the next day appears in the top-bar bell', async ({ page }) => {
    const rol = `C-${Math.floor(Math.random() * 90000) + 10000}-2026`;
    await withMainTenantDb(async (db) => {
      const { rows } = await db.query<{ id: number }>('select id from estudios order by id limit 1');
      const encargo = await db.query<{ id: number }>(
        `insert into encargos (numero_rol, estado, fecha_encargo, estudio_id) values ($1, 'preparado', current_date, $2) returning id`,
        [rol, rows[0]!.id],
      );
      await db.query(`insert into alarmas (encargo_id, tipo, fecha_hora, mensaje) values ($1, 'comparendo', now() + interval '3 hours', 'Sala 2')`, [
        encargo.rows[0]!.id,
      ]);
    });
    await signIn(page, users.admin, '/', 30_000);
    const bell = page.getByTestId('alarmas-bell');
    await expect(bell).toBeVisible();
    await bell.click();
    const list = page.getByTestId('alarmas-lista');
    await expect(list.getByText(`Comparendo · ${rol}`)).toBeVisible();
    await expect(page.getByText('Alarmas próximas')).toBeVisible();
  });
});
