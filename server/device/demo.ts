import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { createEnrolmentToken, type EnrolmentToken } from './tokens';

/** In DATA_DIR: the demo project's enrolment token, which the simulator of `npm start` reads. */
export const DEMO_ENROLMENT_FILE = 'demo-enrolment.json';

export interface DemoEnrolmentFile {
  /** Where this machine reaches the server (HOST:PORT; 127.0.0.1 for 0.0.0.0). */
  local: string;
  /** PUBLIC_URL, as the QR code carries it. */
  server: string;
  project: number;
  token: string;
  url: string;
  /** The demo company's MDM enrolment tokens by kind (server/mdm/demo.ts), when seeded. */
  mdm?: Record<string, string>;
}

/** The demo project's enrolment token: any number of devices, no expiry, until rotated. */
export function createDemoEnrolment(
  db: Kysely<Database>,
  config: Config,
  numero: number,
  createdBy: number,
): Promise<EnrolmentToken> {
  return createEnrolmentToken(db, config.PUBLIC_URL, {
    numero,
    createdBy,
    maxUses: null,
    expiresAt: null,
    rotate: false,
  });
}

export function writeDemoEnrolment(
  config: Config,
  token: EnrolmentToken,
  mdm: Record<string, string> | null = null,
): void {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const file: DemoEnrolmentFile = {
    local: `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`,
    server: config.PUBLIC_URL,
    project: token.numero,
    token: token.token,
    url: token.url,
    ...(mdm && { mdm }),
  };
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(config.DATA_DIR, DEMO_ENROLMENT_FILE),
    JSON.stringify(file, null, 2) + '\n',
    { mode: 0o600 },
  );
}
