import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type OpenDatabase } from './db/open';
import { CREDENTIALS_FILE, seedDemo } from './db/seed';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

let database: OpenDatabase | null = null;
// `npm start` passes the moment it began, so the figure includes install and console build.
const startedAt = Number(process.env.FLOTA_STARTED_AT) || Date.now();

async function main(): Promise<void> {
  const config = readConfig();
  database = await openDatabase(config);
  if (config.DEMO_SEED) await seedDemo(database.db, config);
  const app = await buildApp({ config, db: database.db });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    await app.close();
    await database?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const credentials = path.join(config.DATA_DIR, CREDENTIALS_FILE);
  console.log(
    [
      '',
      `Flota is running at ${config.PUBLIC_URL}`,
      `  database:          ${database.description}`,
      `  sign-in:           ${config.issuer}`,
      ...(config.DEMO_SEED ? [`  demo credentials:  ${credentials}`] : []),
      `  ready in:          ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      '',
    ].join('\n'),
  );
}

main().catch(async (error: unknown) => {
  console.error(`Flota could not start: ${error instanceof Error ? error.message : String(error)}`);
  await database?.close().catch(() => {});
  process.exit(1);
});
