import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { chromium, type Page } from '@playwright/test';
import { CREDENTIALS_FILE } from '../server/db/seed';
import { DEMO_ENROLMENT_FILE } from '../server/device/demo';
import { buildApp } from '../server/app';
import { freePort } from '../server/db/embedded';
import { withBenchServer } from './bench-server';
// @ts-expect-error: a plain ES module of the scripts, without types
import { ensureConsoleBuilt } from '../scripts/ensure.mjs';

/**
 * `npm run bench -- live [--devices 16] [--ramp 8] [--max 48] [--seconds 10]`: simulated devices
 * streaming at 15 fps to one headless Chromium watching them through /app/monitoring. Prints the
 * decoded frames per second per panel (p5, p50), the glass-to-glass latency (the time the device
 * drew in the frame's strip, read back from a canvas in the page: p50, p95), the CPU the server
 * spent (this process: the node and Playwright's client; the devices encode in a child process),
 * and, ramping up by --ramp devices, how many streams this machine sustains before the median
 * decoded rate falls under 12 fps.
 */
const args = process.argv.slice(3);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const DEVICES = option('devices', 16);
const RAMP = option('ramp', 8);
const MAX = option('max', 48);
const SECONDS = option('seconds', 10);
/** 2: the devices connect to a second node, the viewer to the first, over a Redis bus. */
const NODES = option('nodes', 1);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SOURCE = { width: 272, height: 480, bits: 24 };

interface PanelFigures {
  fps: number;
  latencies: number[];
}

/**
 * Decoded frames per second and latencies of every panel's video over `ms`, measured in the page.
 * A string, not a function: tsx would name its inner functions with a helper the page lacks.
 */
const MEASURE = `async ({ ms, source }) => {
  const videos = [...document.querySelectorAll('[data-testid="live-panel"] video')];
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const block = Math.floor(source.width / source.bits);
  const end = performance.now() + ms;
  const readTime = (video) => {
    const w = video.videoWidth, h = video.videoHeight;
    if (!w || !h) return null;
    canvas.width = w;
    canvas.height = h;
    context.drawImage(video, 0, 0);
    const y = Math.round(h - (Math.max(8, block) / 2) * (h / source.height));
    const row = context.getImageData(0, y, w, 1).data;
    let value = 0;
    for (let bit = 0; bit < source.bits; bit++) {
      const x = Math.round((bit * block + block / 2) * (w / source.width));
      value = value * 2 + (row[x * 4] > 128 ? 1 : 0);
    }
    return value;
  };
  return Promise.all(videos.map((video) => new Promise((resolve) => {
    let frames = 0;
    const latencies = [];
    const step = () => {
      if (performance.now() >= end) return resolve({ fps: (frames * 1000) / ms, latencies });
      frames++;
      if (frames % 3 === 0) {
        const sent = readTime(video);
        if (sent !== null) {
          let latency = (Date.now() % 2 ** source.bits) - sent;
          if (latency < 0) latency += 2 ** source.bits;
          if (latency < 5000) latencies.push(latency);
        }
      }
      video.requestVideoFrameCallback(step);
    };
    video.requestVideoFrameCallback(step);
  })));
}`;

function measure(page: Page, ms: number): Promise<PanelFigures[]> {
  return page.evaluate(`(${MEASURE})(${JSON.stringify({ ms, source: SOURCE })})`) as Promise<
    PanelFigures[]
  >;
}

/** How many panels' videos have decoded a few frames (waited for before measuring). */
const PLAYING = `[...document.querySelectorAll('[data-testid="live-panel"] video')].filter(
  (video) => video.getVideoPlaybackQuality().totalVideoFrames > 5).length`;

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const round = (value: number) => Math.round(value * 10) / 10;

function summary(figures: PanelFigures[]) {
  const fps = figures.map((figure) => figure.fps);
  const latencies = figures.flatMap((figure) => figure.latencies);
  return {
    panels: figures.length,
    fpsP5: round(quantile(fps, 0.05)),
    fpsP50: round(quantile(fps, 0.5)),
    latencyP50: Math.round(quantile(latencies, 0.5)),
    latencyP95: Math.round(quantile(latencies, 0.95)),
    samples: latencies.length,
  };
}

export async function run(): Promise<void> {
  // The viewer signs in through the console: build it when the sources are newer.
  ensureConsoleBuilt();
  process.env.LIVE_MAX_PANELS = String(Math.max(MAX, DEVICES));
  const env: Record<string, string> =
    NODES === 2 ? { REDIS_URL, REDIS_PREFIX: `flota-bench-live-${process.pid}:` } : {};
  await withBenchServer(
    'live',
    async ({ config, url, project, database }) => {
      // The second node shares the first one's database pool: enough for signalling, which is all
      // this bench asks of it.
      const nodeB =
        NODES === 2
          ? await buildApp({
              config: { ...config, PORT: await freePort() },
              db: database.db,
              sandbox: database.sandbox,
            })
          : null;
      const devicesUrl = nodeB ? await nodeB.listen({ port: 0, host: '127.0.0.1' }) : url;
      if (nodeB) console.log(`two nodes on Redis: viewer on ${url}, devices on ${devicesUrl}`);
      const demo = JSON.parse(
        fs.readFileSync(path.join(config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'),
      ) as { token: string };
      const [, login, password] = fs
        .readFileSync(path.join(config.DATA_DIR, CREDENTIALS_FILE), 'utf8')
        .split('\n')
        .find((entry) => entry.split('\t')[1] === 'admin')!
        .split('\t');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'bench/live-devices.ts', devicesUrl, demo.token],
        {
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      );
      const lines = readline.createInterface({ input: child.stdout! });
      let total = 0;
      const add = (count: number) =>
        new Promise<void>((resolve) => {
          const onLine = (line: string) => {
            if (line === `ready ${total + count}`) {
              total += count;
              lines.off('line', onLine);
              resolve();
            }
          };
          lines.on('line', onLine);
          child.stdin!.write(`add ${count}\n`);
        });
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--autoplay-policy=no-user-gesture-required',
        ],
      });
      try {
        const page = await browser.newPage({
          bypassCSP: true,
          locale: 'es-ES',
          viewport: { width: 1600, height: 1000 },
        });
        await page.goto(`${url}/`);
        await page.locator('input[name="login"]').fill(login);
        await page.locator('input[name="password"]').fill(password);
        await page.locator('button[type="submit"]').click();
        await page.waitForURL(/\/app\//);

        await add(DEVICES);
        const setupCpu = process.cpuUsage();
        const setupStart = Date.now();
        await page.goto(`${url}/app/monitoring?database=${project.numero}`);
        const panels = page.locator('[data-testid="live-panel"]');
        await page.waitForFunction(`${PLAYING} >= ${DEVICES}`, undefined, { timeout: 120_000 });
        const setup = process.cpuUsage(setupCpu);
        const setupMs = Date.now() - setupStart;
        console.log(
          `${await panels.count()} panels playing after ${(setupMs / 1000).toFixed(1)} s`,
        );

        await page.waitForTimeout(3000);
        const steadyCpu = process.cpuUsage();
        const steadyStart = Date.now();
        const figures = summary(await measure(page, SECONDS * 1000));
        const steady = process.cpuUsage(steadyCpu);
        const share = (usage: NodeJS.CpuUsage, ms: number) =>
          round(((usage.user + usage.system) / 1000 / ms) * 100);
        console.log(
          `${figures.panels} devices at 15 fps → decoded fps per panel p5 ${figures.fpsP5}, p50 ` +
            `${figures.fpsP50}; glass-to-glass latency p50 ${figures.latencyP50} ms, p95 ` +
            `${figures.latencyP95} ms (${figures.samples} frames read)`,
        );
        console.log(
          `server process CPU: ${share(setup, setupMs)} % of a core while ${DEVICES} sessions ` +
            `negotiated, ${share(steady, Date.now() - steadyStart)} % while streaming (signalling ` +
            `idle; measured with Playwright's client in the same process)`,
        );

        let sustained = figures.fpsP50 >= 12 ? total : 0;
        while (total + RAMP <= MAX && sustained === total) {
          await add(RAMP);
          await page
            .waitForFunction(`${PLAYING} >= ${total}`, undefined, { timeout: 120_000 })
            .catch(() => {});
          await page.waitForTimeout(3000);
          const step = summary(await measure(page, SECONDS * 1000));
          console.log(
            `${total} streams: decoded fps p5 ${step.fpsP5}, p50 ${step.fpsP50}; latency p95 ${step.latencyP95} ms`,
          );
          if (step.fpsP50 >= 12) sustained = total;
        }
        console.log(
          sustained === total
            ? `sustained ${sustained} streams (median ≥ 12 fps) up to --max ${MAX}`
            : `sustained ${sustained} streams; at ${total} the median decoded rate fell under 12 fps`,
        );
      } finally {
        await browser.close();
        child.kill('SIGTERM');
        await nodeB?.close();
      }
    },
    { env },
  );
}
