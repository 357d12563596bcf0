// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Locator } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { startFleet, fleetDevices } from './fleet';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

/** The simulated fleet's devices, from the simulator's own credentials file. */
function simulated(): { mid: string; credential: string }[] {
  return fleetDevices(E2E.main.dataDir);
}

const points = async (graph: Locator) => Number(await graph.getAttribute('data-points'));

test('an operator watches the semaphore and the live queue graph, pauses and resumes it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // Four devices enrol and sync once, then go away: what one of them sends waits for the others.
  const fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 4);
  await fleet.stop();
  const [sender, away] = simulated();
  let opid = Date.now() * 1000;
  const send = async (count: number, mid?: string) => {
    const operations = Array.from({ length: count }, (_, i) => ({
      id: ++opid,
      time: new Date().toISOString(),
      table: 'gen_productos',
      op: 'update',
      key: { id: 'ART-101' },
      values: { stock: 10 + i },
      ...(mid ? { mid } : {}),
    }));
    const sent = await fetch(`${E2E.main.url}/api/device/v1/replica`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: deviceAuthorization(sender.mid, sender.credential),
      },
      body: JSON.stringify({ operations, limit: 0 }),
    });
    expect(sent.status).toBe(200);
  };

  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto(`/app/databasestat?database=${demoProject()}`);
  await expect(page.getByRole('heading', { name: 'Estadísticas', level: 1 })).toBeVisible();

  const semaphore = page.getByRole('region', { name: 'Semáforo de operaciones pendientes' });
  await expect(semaphore.getByRole('img', { name: /^Semáforo: \d+ % en verde/ })).toBeVisible();
  await expect(semaphore.getByRole('row', { name: /Sin operaciones pendientes/ })).toBeVisible();
  await expect(semaphore.getByRole('row', { name: /Más de 1000 operaciones/ })).toBeVisible();

  const card = page.getByRole('region', { name: 'Tamaño de la cola' });
  const graph = card.getByTestId('queue-graph');
  const now = card.getByRole('status');
  await expect(
    card.getByRole('img', { name: /cola «Salida hacia los dispositivos»: últimos 50 valores/ }),
  ).toBeVisible();
  // Faster than the 5 s default, so the test sees the graph gain points.
  await expect(card.getByRole('combobox', { name: 'Refresco' })).toHaveText('5 segundos');
  await card.getByRole('combobox', { name: 'Refresco' }).click();
  await page.getByRole('option', { name: '1 segundo', exact: true }).click();
  await expect.poll(() => points(graph), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  // A flat line at 0 has no height: present, if not "visible" to Playwright.
  await expect(card.locator('.recharts-line-curve')).toHaveCount(1);

  // The fleet's devices receive what the sender changed: SQUEUE grows, and the graph follows.
  const before = Number((await now.textContent())!.replace(/\D/g, ''));
  await send(5);
  await expect
    .poll(async () => Number((await now.textContent())!.replace(/\D/g, '')), { timeout: 20_000 })
    .toBeGreaterThan(before);
  // 120 operations for one device: it turns yellow, and so does the sender, to which its own
  // operations come back (docs/replication.md, "Who receives what"); the others stay green.
  await send(120, away.mid);
  await expect(
    semaphore
      .getByRole('row', { name: /De 100 a 1000 operaciones/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('2', { timeout: 20_000 });
  await expect(semaphore.getByRole('img')).not.toHaveAccessibleName(/, 0 % en amarillo/);
  await expectAccessible(page, 'statistics');
  await shoot(page, 'statistics-es');

  await card.getByRole('button', { name: 'Pausar' }).click();
  await expect(now).toContainText('En pausa');
  const frozen = await points(graph);
  await page.waitForTimeout(2500);
  expect(await points(graph)).toBe(frozen);
  await card.getByRole('button', { name: 'Reanudar' }).click();
  await expect.poll(() => points(graph), { timeout: 10_000 }).toBeGreaterThan(frozen);

  // Another queue starts another series.
  await card.getByRole('combobox', { name: 'Cola' }).click();
  await page.getByRole('option', { name: 'Recibidas, por aplicar' }).click();
  await expect(card.getByRole('img', { name: /cola «Recibidas, por aplicar»/ })).toBeVisible();
  await expect(now).toContainText('operaciones en «Recibidas, por aplicar»');

  await chooseLanguage(page, 'en');
  await expect(
    page.getByRole('region', { name: 'Pending operations semaphore' }).getByRole('img'),
  ).toHaveAccessibleName(/^Semaphore: \d+ % green/);
  const english = page.getByRole('region', { name: 'Queue size' });
  await expect(english.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => points(english.getByTestId('queue-graph'))).toBeGreaterThan(0);
  await shoot(page, 'statistics-en');

  await chooseLanguage(page, 'es');
  // The MAM dashboard's activity counters come from the same kept figures: all counted now.
  await page.goto(`/app/mamdash?database=${demoProject()}`);
  const activity = page.getByRole('region', { name: 'Actividad' });
  await expect(
    activity.getByText('Operaciones por enviar a los dispositivos', { exact: true }),
  ).toBeVisible();
  // The device with most pending operations: the target or the sender, 125 each.
  await expect(activity.getByText(new RegExp(`^(${away.mid}|${sender.mid})$`))).toBeVisible();
  await expect(activity.getByRole('region', { name: 'Todavía sin contar' })).toHaveCount(0);
  await expectAccessible(page, 'MAM dashboard');
  await shoot(page, 'mamdash-activity-es');
  await leaveOnHome(page);
});
