import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signIn, toast, users } from '../support/login';

// Configuraciones Estudio → Webhooks: the receiver adds a firm's endpoint pointing at the firm's system
// (a real HTTP server on loopback started here), copies its signing secret (shown once), presses
// 'Probar', and sees the delivery in the log; the firm's system got a `ping` it can verify with the secret.

const ESTUDIO = 'Larraín, Vial y Asociados Abogados';

interface Recibido {
  firma: string;
  cuerpo: string;
}

test('a firm’s webhook is created, tested with Probar, and its delivery shows in the log, signed with the secret shown once', async ({ page, context }) => {
  const recibidos: Recibido[] = [];
  const sistema = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      recibidos.push({ firma: String(req.headers['receptoria-firma'] ?? ''), cuerpo: Buffer.concat(partes).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('recibido por el sistema del estudio');
    });
  });
  await new Promise<void>((resolve) => sistema.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(sistema.address() as AddressInfo).port}/receptoria/${Date.now().toString(36)}`;
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, users.admin, '/configuraciones-estudio');
    await page.getByRole('combobox', { name: 'Estudio jurídico' }).click();
    await page.getByRole('option', { name: ESTUDIO, exact: true }).click();
    const panel = page.getByTestId('webhooks');
    await panel.getByLabel('URL que recibe los eventos').fill(url);
    await panel.getByLabel('Encargo creado').check();
    await panel.getByLabel('Visita registrada').check();
    await panel.getByRole('button', { name: 'Crear webhook' }).click();
    await expect(toast(page, 'Webhook creado')).toBeVisible();
    const secreto = await panel.getByRole('textbox', { name: 'Secreto de firma' }).inputValue();
    expect(secreto).toMatch(/^whsec_[0-9a-f]{64}$/);

    const fila = panel.getByTestId('webhook').filter({ hasText: url });
    await expect(fila).toContainText('Encargo creado, Visita registrada');
    await expect(fila).toContainText('Activo');
    await expect(fila).not.toContainText(secreto);

    await fila.getByRole('button', { name: 'Probar' }).click();
    await expect(toast(page, 'Evento de prueba enviado: revise el registro de entregas')).toBeVisible();
    await fila.getByRole('button', { name: 'Entregas' }).click();
    const log = panel.getByTestId('webhook-entregas');
    const entrega = log.getByTestId('webhook-entrega').first();
    // Delivered by the job queue; the log reads itself again every few seconds.
    await expect(entrega).toContainText('Evento de prueba (ping)', { timeout: 30_000 });
    await expect(entrega).toContainText('200');
    await expect(entrega).toContainText('recibido por el sistema del estudio');
    await expect(entrega.getByRole('button', { name: 'Reenviar' })).toBeVisible();

    // What the firm's system received: a ping signed with the secret it was shown.
    expect(recibidos).toHaveLength(1);
    const [{ firma, cuerpo }] = recibidos as [Recibido];
    const t = /t=(\d+)/.exec(firma)?.[1];
    const v1 = /v1=([0-9a-f]{64})/.exec(firma)?.[1];
    expect(v1).toBe(createHmac('sha256', secreto).update(`${t}.${cuerpo}`).digest('hex'));
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
    expect(JSON.parse(cuerpo)).toMatchObject({ tipo: 'ping', encargo: null, datos: {} });
    await expect(entrega).toContainText((JSON.parse(cuerpo) as { id: string }).id);

    // 'Reenviar' sends the same event again; the log shows the new attempt.
    await entrega.getByRole('button', { name: 'Reenviar' }).click();
    await expect(toast(page, 'El evento se enviará nuevamente en unos instantes')).toBeVisible();
    await expect(log.getByTestId('webhook-entrega')).toHaveCount(2, { timeout: 30_000 });
    expect(recibidos.map((r) => r.cuerpo)).toEqual([cuerpo, cuerpo]);

    // Removed after asking.
    await fila.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog', { name: 'Eliminar webhook' }).getByRole('button', { name: 'Eliminar' }).click();
    await expect(toast(page, 'Webhook eliminado')).toBeVisible();
    await expect(fila).toHaveCount(0);
  } finally {
    sistema.close();
  }
});
