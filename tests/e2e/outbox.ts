import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { embeddedSecrets } from '../../server/db/embedded';

/**
 * A client of an e2e server's embedded database, connected: the port from PostgreSQL's own
 * postmaster.pid, the password from DATA_DIR. The caller ends it.
 */
export async function embeddedDatabase(dataDir: string): Promise<pg.Client> {
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(pid.split('\n')[3]),
    user: 'postgres',
    password: embeddedSecrets(dataDir).superuser,
    database: 'flota',
  });
  await client.connect();
  return client;
}

/** The last mail kept for an address in an e2e server's outbox (no SMTP there). */
export async function lastMail(dataDir: string, to: string): Promise<string> {
  const client = await embeddedDatabase(dataDir);
  try {
    const { rows } = await client.query<{ body: string }>(
      'SELECT body FROM core.outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [to],
    );
    return rows[0]?.body ?? '';
  } finally {
    await client.end();
  }
}

/** A new user chooses their password from the link of the mail the outbox kept for them. */
export async function choosePasswordFromMail(
  page: Page,
  dataDir: string,
  to: string,
  password: string,
): Promise<void> {
  const mail = await lastMail(dataDir, to);
  const link = /http\S+\/account\/password\?token=\S+/.exec(mail)![0];
  await page.goto(link);
  await page.getByLabel('Contraseña nueva').fill(password);
  await page.getByLabel('Repita la contraseña').fill(password);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Contraseña guardada.')).toBeVisible();
}
