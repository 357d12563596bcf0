// Not a spec (not run by `npm test` nor the extended pass): a review of the fifteen MDM screens
// (issue 36, "Done when") against a running server with the demo's MDM fleet, as `npm start`
// gives it. Run it by hand:
//   npx tsx tests/e2e/mdm-review.ts http://127.0.0.1:8080 data /tmp/shots-mdm
// (server URL, the server's DATA_DIR, where the pictures go). For the administrator and the
// ordinary user, in es and en, at 1280 and 390 px, it takes a full-page picture of each screen
// and writes what a reviewer checks besides into <out>/review.txt: no heading, sideways scroll,
// i18n keys or raw codes shown, axe-core serious violations (1280 px), and for the ordinary user
// the write buttons shown enabled. It takes some four minutes on two cores; the pictures are
// what it is for, so it stays a script.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

const [url = 'http://127.0.0.1:8080', dataDir = 'data', out = '/tmp/shots-mdm'] =
  process.argv.slice(2);
const only = process.env.ONLY?.split(',');

const ROUTES = [
  '/app/mdmdash',
  '/app/mdmgeneral',
  '/app/mdmpolicies',
  '/app/mdmpoliciesedit',
  '/app/mdmusers',
  '/app/mdmroles',
  '/app/mdmadmin',
  '/app/mdmadminkiosk',
  '/app/mdmadminios',
  '/app/mdmpendingdevices',
  '/app/mdmadminedit',
  '/app/mdmafw',
  '/app/mdmiosconfig',
  '/app/mdmkiosk',
  '/app/mdmwmconfig',
];

/** Buttons that write: an ordinary user should not be offered them enabled. */
const WRITES =
  /^(Crear|Create|Nuev[oa]|New|Añadir|Add|Borrar|Delete|Guardar|Save|Aprobar|Approve|Rechazar|Refuse|Bloquear|Lock|Reiniciar|Reboot|Subir|Upload|Renovar|Renew|Vincular|Bind|Editar|Edit|Importar|Import|Enviar|Send|Asignar|Assign|Cambiar|Change)\b/i;

interface User {
  login: string;
  password: string;
}

function users(): Record<string, User> {
  const text = fs.readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8');
  const rows = text.split('\n').filter((line) => line && !line.startsWith('#'));
  return Object.fromEntries(
    rows.map((line) => {
      const [, login, password] = line.split('\t');
      return [login, { login, password }];
    }),
  );
}

async function signIn(page: Page, user: User) {
  await page.goto(`${url}/`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name="login"]').fill(user.login);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/app\//);
}

async function call(page: Page, operation: string, parameter: unknown, language = 'es') {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key)!).access_token;
    }
    return null;
  });
  const response = await page.request.post(`${url}/api/services`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    data: { operation, parameter },
  });
  return (await response.json()) as { error: { code: string; description: string }; result: any };
}

/** The user's language, saved on the server as the console's picker does, then a load. */
async function switchLanguage(page: Page, language: 'es' | 'en') {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let attempt = 0; attempt < 5; attempt++) {
    if ((await page.locator('html').getAttribute('lang')) === language) return;
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^(Idioma|Language):/ })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await page
      .getByRole('menuitem', { name: language === 'es' ? 'Español' : 'English' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await page.waitForTimeout(800);
  }
}

async function look(page: Page, where: string, width: number, ordinary: boolean) {
  const found: string[] = [];
  await page
    .locator('#main-content [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => found.push('still busy after 20 s'));
  await page.waitForTimeout(900);
  const heading = page.getByRole('heading', { level: 1 }).first();
  if (!(await heading.count())) found.push('no heading');
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth + 1,
  );
  if (wide) found.push('scrolls sideways');
  const text = await page
    .locator('#main-content')
    .innerText()
    .catch(() => '');
  const keys = text.match(/\b(?:[a-z]+[A-Z]?[a-zA-Z]*\.){2,}[a-zA-Z]+\b/g) ?? [];
  const shown = keys.filter((key) => !/\.(com|local|es|org|net|io|json|apk)\b/.test(key));
  if (shown.length) found.push(`keys shown: ${[...new Set(shown)].slice(0, 5).join(', ')}`);
  if (/undefined|NaN|\[object Object\]/.test(text)) found.push('undefined/NaN/[object] shown');
  if (ordinary) {
    const names: string[] = [];
    for (const button of await page.locator('#main-content button:visible').all()) {
      const name = ((await button.getAttribute('aria-label')) ?? (await button.innerText()))
        .trim()
        .replace(/\s+/g, ' ');
      if (WRITES.test(name) && (await button.isEnabled())) names.push(name);
    }
    if (names.length) found.push(`write buttons enabled: ${[...new Set(names)].join(', ')}`);
  }
  if (width >= 600) {
    for (const v of await seriousViolations(page).catch((e) => [`axe failed: ${e}`])) {
      found.push(`axe ${v}`);
    }
  }
  return found.map((line) => `${where}: ${line}`);
}

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const report: string[] = [];
  const known = users();
  for (const login of ['admin', 'usuario']) {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    await signIn(page, known[login]);
    const policies = await call(page, 'mdmPoliciesList', {});
    const policy = policies.result?.data?.find((p: any) => p.platform === 'android')?.id;
    const devices = await call(page, 'mdmDevicesList', { filter: { state: 'active' } });
    const device = devices.result?.data?.[0]?.id;
    const address = (route: string) =>
      route === '/app/mdmpoliciesedit'
        ? `${route}?policyid=${policy}`
        : route === '/app/mdmadminedit'
          ? `${route}?device=${device}`
          : route;
    for (const language of ['es', 'en'] as const) {
      await switchLanguage(page, language);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 800 : 780 });
        for (const route of ROUTES) {
          if (only && !only.some((o) => route.endsWith(o))) continue;
          const name = `${route.slice(5)}-${login}-${language}-${width}`;
          await page.goto(`${url}${address(route)}`);
          const where = `${route} ${login} ${language} ${width}`;
          const found = await look(page, where, width, login === 'usuario');
          report.push(...found);
          const landed = new URL(page.url()).pathname;
          if (landed !== route) report.push(`${where}: landed on ${landed}`);
          await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
          console.log(`${name}: ${found.length} notes`);
          // A page of tabs (a device, a policy): each further tab looked at too.
          const tabs = await page.locator('#main-content [role="tab"]').all();
          for (const [index, tab] of tabs.entries()) {
            if (index === 0) continue;
            await tab.click();
            await page.waitForTimeout(1200);
            const title = ((await tab.textContent()) ?? String(index)).trim();
            report.push(...(await look(page, `${where} ${title}`, width, login === 'usuario')));
            await page.screenshot({ path: `${out}/${name}-tab${index}.png`, fullPage: true });
          }
        }
      }
    }
    await switchLanguage(page, 'es');
    await context.close();
  }
  await browser.close();
  fs.writeFileSync(`${out}/review.txt`, `${report.join('\n')}\n`);
  console.log(report.join('\n'));
}

await main();
