import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { DeviceLive } from '../../simulator/live';
import { Random } from '../../simulator/random';
import { shootAt } from './shotsAt';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

/**
 * Live monitoring (issue 37): /app/monitoring watches four simulated devices streaming their
 * synthetic screens over real WebRTC (simulator/live.ts, in this process), and the page itself
 * says that each video decodes frames, that the bitrate shows, that the frame-rate slider changes
 * the received rate, that a device going offline loses its panel within 6–12 s, and that a
 * negotiation forced to fail is recovered by the watchdog with a new session_start.
 */
const devices = new Map<string, DeviceLive>();

async function streaming(mid: string, owner: string, model: string, portrait: boolean) {
  const demo = JSON.parse(
    fs.readFileSync(path.join(E2E.main.dataDir, 'demo-enrolment.json'), 'utf8'),
  ) as { token: string };
  const response = await fetch(`${E2E.main.url}/api/device/v1/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: demo.token, mid, platform: 'ANDROID', model, owner }),
  });
  const { result } = (await response.json()) as { result: { credential: string } };
  const live = new DeviceLive({
    server: E2E.main.url,
    mid,
    credential: () => result.credential,
    name: `${owner} · ${model}`,
    battery: () => 64,
    portrait,
    random: new Random(mid),
    failRate: 0,
  });
  devices.set(mid, live);
  return live;
}

test.afterAll(() => {
  for (const live of devices.values()) live.stop();
});

const panel = (page: Page, mid: string) =>
  page.locator(`[data-testid="live-panel"][data-mid="${mid}"]`);

/** Frames the panel's video presents per second over `ms`, counted by requestVideoFrameCallback. */
function presentedRate(page: Page, mid: string, ms = 3000): Promise<number> {
  return page.evaluate(
    async ({ mid, ms }) => {
      const video = document.querySelector<HTMLVideoElement>(`[data-mid="${mid}"] video`)!;
      let frames = 0;
      const start = performance.now();
      await new Promise<void>((resolve) => {
        const step = () => {
          if (performance.now() - start >= ms) return resolve();
          frames++;
          video.requestVideoFrameCallback(step);
        };
        video.requestVideoFrameCallback(step);
      });
      return (frames * 1000) / ms;
    },
    { mid, ms },
  );
}

/** Frames the panel's video decoded so far (getVideoPlaybackQuality). */
const decoded = (page: Page, mid: string) =>
  page.evaluate(
    (mid) =>
      document
        .querySelector<HTMLVideoElement>(`[data-mid="${mid}"] video`)
        ?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
    mid,
  );

/** Frames decoded by the video of the live screen dialog. */
const dialogFrames = (page: Page) =>
  page.evaluate(() => {
    const videos = document.querySelectorAll<HTMLVideoElement>('[role="dialog"] video');
    const last = videos[videos.length - 1];
    return last?.getVideoPlaybackQuality().totalVideoFrames ?? 0;
  });

test('watches four simulated devices live, at the chosen rate, through offline and a failed negotiation', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await streaming('live-e2e-phone-a', 'Lucía Martín', 'Pixel 8', true);
  const phoneB = await streaming('live-e2e-phone-b', 'Hugo Sanz', 'Galaxy A54', true);
  const tablet = await streaming('live-e2e-tablet', 'Recepción', 'Galaxy Tab S9', false);
  const flaky = await streaming('live-e2e-flaky', 'Almacén', 'TC52', true);
  flaky.failNext = 1;
  for (const live of devices.values()) live.start();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin).catch(() =>
    expect(page).toHaveURL(/\/app\//, { timeout: 60_000 }),
  );
  await chooseLanguage(page, 'es');
  await page.goto(`/app/monitoring?database=${demoProject()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Supervisión en directo' })).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  await expect(page.locator('[data-testid="live-panel"]')).toHaveCount(4, { timeout: 30_000 });

  // Each of the three healthy devices decodes frames, and the bitrate shows within a poll or two.
  for (const mid of ['live-e2e-phone-a', 'live-e2e-phone-b', 'live-e2e-tablet']) {
    await expect.poll(() => decoded(page, mid), { timeout: 20_000 }).toBeGreaterThan(10);
    await expect(panel(page, mid).getByTestId('live-status')).toHaveText('En línea');
    await expect(panel(page, mid).getByTestId('live-bitrate')).toHaveText(/^[1-9]\d* kbit\/s$/, {
      timeout: 20_000,
    });
  }
  // Height from the stream: phones portrait, the tablet landscape.
  const shape = (mid: string) =>
    panel(page, mid)
      .locator('video')
      .evaluate((video: HTMLVideoElement) => video.videoHeight / video.videoWidth);
  expect(await shape('live-e2e-phone-a')).toBeGreaterThan(1.5);
  expect(await shape('live-e2e-tablet')).toBeLessThan(0.7);

  // The frame-rate slider sends session_parameters: 15 fps, then 5.
  const before = await presentedRate(page, 'live-e2e-phone-a');
  expect(before).toBeGreaterThan(10);
  const slider = panel(page, 'live-e2e-phone-a').getByRole('slider', {
    name: 'Imágenes por segundo',
  });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(panel(page, 'live-e2e-phone-a')).toContainText('5 img/s');
  await page.waitForTimeout(1500);
  const after = await presentedRate(page, 'live-e2e-phone-a');
  expect(after).toBeLessThan(8);
  expect(after).toBeGreaterThan(2);

  // The negotiation forced to fail: the watchdog (10 s after the answer) starts it again.
  await expect.poll(() => flaky.sessionStarts, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => decoded(page, 'live-e2e-flaky'), { timeout: 30_000 }).toBeGreaterThan(10);

  await shootAt(page, 'live-grid-es');

  // F5 refreshes the grid without reloading the page: a new session, every panel anew.
  await page.evaluate(() => Object.assign(window, { liveMarker: 'kept' }));
  const startsBefore = flaky.sessionStarts;
  await page.keyboard.press('F5');
  await expect.poll(() => flaky.sessionStarts, { timeout: 15_000 }).toBeGreaterThan(startsBefore);
  expect(await page.evaluate(() => (window as { liveMarker?: string }).liveMarker)).toBe('kept');
  await expect.poll(() => decoded(page, 'live-e2e-flaky'), { timeout: 20_000 }).toBeGreaterThan(10);

  // A device going offline: red at once, its panel gone 6–12 s later.
  const gone = Date.now();
  phoneB.stop();
  await expect(panel(page, 'live-e2e-phone-b').getByTestId('live-status')).toHaveText(
    'Desconectado',
  );
  await expect(panel(page, 'live-e2e-phone-b')).toHaveCount(0, { timeout: 15_000 });
  const seconds = (Date.now() - gone) / 1000;
  expect(seconds).toBeGreaterThanOrEqual(5.5);
  expect(seconds).toBeLessThanOrEqual(12.5);
  await expect(page.locator('[data-testid="live-panel"]')).toHaveCount(3);
  // It comes back: a new panel, a new connection, frames again.
  phoneB.start();
  await expect(panel(page, 'live-e2e-phone-b')).toHaveCount(1, { timeout: 15_000 });
  await expect
    .poll(() => decoded(page, 'live-e2e-phone-b'), { timeout: 20_000 })
    .toBeGreaterThan(10);

  // English, with live frames.
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Live monitoring' })).toBeVisible();
  await expect(panel(page, 'live-e2e-tablet').getByTestId('live-status')).toHaveText('Online');
  // Changing the language draws the screen anew: each panel connects again.
  for (const mid of ['live-e2e-phone-a', 'live-e2e-tablet', 'live-e2e-flaky']) {
    await expect.poll(() => decoded(page, mid), { timeout: 20_000 }).toBeGreaterThan(10);
    await expect(panel(page, mid).getByTestId('live-bitrate')).toHaveText(/^[1-9]\d* kbit\/s$/, {
      timeout: 20_000,
    });
  }
  await shootAt(page, 'live-grid-en');
  expect(tablet.streaming).toBeGreaterThanOrEqual(1);

  // The choice of devices narrows the grid and is remembered for this user and project.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('Recep');
  await expect(page.locator('[data-testid="live-panel"]')).toHaveCount(1);
  await page.goto(`/app/monitoring?database=${demoProject()}`);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('Recep');
  await expect(page.locator('[data-testid="live-panel"]')).toHaveCount(1);
  await expect(page.getByTestId('live-count')).toHaveText('1 of 4 connected devices');
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(page.locator('[data-testid="live-panel"]')).toHaveCount(4);

  // The MID entry modal opens any device's screen by its MID.
  await page.getByRole('button', { name: 'Open by MID' }).click();
  await page.getByRole('dialog').getByLabel('Device MID').fill('live-e2e-tablet');
  await page.getByRole('dialog').getByRole('button', { name: 'View screen' }).click();
  const screen = page.getByRole('dialog', { name: 'Screen of live-e2e-tablet, live' });
  await expect.poll(() => dialogFrames(page), { timeout: 20_000 }).toBeGreaterThan(10);
  await screen.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(screen).toHaveCount(0);

  // The device dialog's help desk: "View screen".
  await page.goto(`/app/devicelist?database=${demoProject()}`);
  const row = page.locator('tbody tr[data-estado]', { hasText: 'live-e2e-phone-a' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.dblclick();
  await page.getByRole('dialog').getByRole('tab', { name: 'Help desk' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'View screen' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Screen of live-e2e-phone-a, live' }),
  ).toBeVisible();
  await expect.poll(() => dialogFrames(page), { timeout: 20_000 }).toBeGreaterThan(10);
  await shootAt(page, 'live-device-dialog-en');
  await page.keyboard.press('Escape');
  // Leave the account as the next tests expect it: in Spanish, on the home screen.
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});
