import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { startFleet, fleetDevices } from './fleet';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

const SHOTS = process.env.E2E_SHOTS ?? null;

/** The simulated fleet's devices, from the simulator's own credentials file. */
function simulated(): { mid: string; credential: string }[] {
  return fleetDevices(E2E.main.dataDir);
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 812 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an operator sees a device’s replica status and its pending operations', async ({ page }) => {
  test.setTimeout(120_000);
  // The fleet enrols and syncs once, then goes away: what others change waits for it.
  const fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 4);
  await fleet.stop();
  const [sender, away] = simulated();
  const changes = [
    { table: 'gen_clientes', key: { id: 'C-0003' }, values: { telefono: '976112233' } },
    {
      table: 'gen_clientes',
      key: { id: 'C-0007' },
      values: { notas: "Cierra a las 14 h; llamar antes d'ir" },
    },
    { table: 'gen_productos', key: { id: 'ART-101' }, values: { stock: 12 } },
  ].map((change, i) => ({
    ...change,
    // Above whatever the simulated device numbered its own changes (else: duplicates, ignored).
    id: Date.now() * 1000 + i + 1,
    op: 'update',
    time: new Date().toISOString(),
  }));
  const sent = await fetch(`${E2E.main.url}/api/device/v1/replica`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: deviceAuthorization(sender.mid, sender.credential),
    },
    body: JSON.stringify({ operations: changes, limit: 0 }),
  });
  expect(sent.status).toBe(200);

  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Dispositivos', exact: true }).click();
  const row = page.locator('tbody tr[data-estado]', { hasText: away.mid });
  await expect(row).toBeVisible();
  await row.dblclick();
  const editor = page.getByRole('dialog');
  await editor.getByRole('tab', { name: 'Réplica' }).click();
  const status = editor.getByRole('table', { name: 'Estado de la réplica' });
  // Never, or when an earlier spec's fleet (the same simulated devices) last synchronised it.
  await expect(status.getByRole('row', { name: /Última sincronización/ })).toContainText(
    /Nunca|\d{2}\/\d{2}\/\d{4}/,
  );
  const pending = editor.getByRole('region', { name: 'Operaciones pendientes' });
  // Applied shortly after the call: the list shows them once they are queued for the device.
  await expect(async () => {
    await editor.getByRole('tab', { name: 'Registros' }).click();
    await editor.getByRole('tab', { name: 'Réplica' }).click();
    await expect(
      pending.getByText("UPDATE gen_clientes SET telefono = '976112233' WHERE id = 'C-0003'"),
    ).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(
    pending.getByText("UPDATE gen_productos SET stock = 12 WHERE id = 'ART-101'"),
  ).toBeVisible();
  await expect(status.getByRole('row', { name: /Operaciones pendientes/ })).toContainText(
    /[3-9]|\d\d/,
  );
  await shoot(page, 'replica-es');

  await page.keyboard.press('Escape');
  await chooseLanguage(page, 'en');
  await page.getByRole('menuitem', { name: 'Devices', exact: true }).click();
  await page.locator('tbody tr[data-estado]', { hasText: away.mid }).dblclick();
  await page.getByRole('dialog').getByRole('tab', { name: 'Replica' }).click();
  await expect(
    page.getByRole('region', { name: 'Pending operations' }).getByText(/UPDATE gen_productos/),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Replica status' })).toContainText(
    'Last operation delivered',
  );
  await shoot(page, 'replica-en');

  await page.keyboard.press('Escape');
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});
