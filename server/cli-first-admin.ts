// `npm run first-admin -- --company ACME --login alice --email alice@acme.example`: the company,
// top administrator and system environment of a database started with DEMO_SEED=false
// (docs/operations.md, "The first administrator").
import './quiet-runtime';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { createFirstAdmin } from './db/first-admin';
import { openDatabase, type OpenDatabase } from './db/open';

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      company: { type: 'string', default: '' },
      login: { type: 'string', default: '' },
      email: { type: 'string', default: '' },
    },
  });
  const config = loadConfig();
  let database: OpenDatabase | null = null;
  try {
    database = await openDatabase(config);
    const created = await createFirstAdmin(database.db, config, {
      company: values.company!,
      login: values.login!,
      email: values.email!,
    });
    console.log(
      [
        `Created the company ${created.company}, its top administrator and this server's environment.`,
        `Sign in at ${config.PUBLIC_URL} as ${created.login} with this password, shown once:`,
        '',
        `  ${created.password}`,
        '',
      ].join('\n'),
    );
  } finally {
    await database?.close();
  }
}

run().catch((error: unknown) => {
  console.error(
    `The first administrator was not created: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
