import type { Kysely } from 'kysely';
import { projectDb } from './project-schema';
import type { Database } from './schema';

/** Models per platform for the demo project; the simulator's devices report these and others. */
const DEMO_MODELS: Record<string, string[]> = {
  ANDROID: ['Galaxy A54', 'Pixel 8', 'Redmi Note 13', 'Moto g84', 'Zebra TC52'],
  IPHONE: ['iPhone 13', 'iPhone 15', 'iPad 10'],
  LINUX: ['Raspberry Pi 4'],
  WINDOWS32: ['Surface Go 3'],
  WEB: ['Chrome'],
};

const DEMO_APPLICATIONS = ['Flota Ventas', 'Flota Reparto'];

const DEMO_APP_USERS = [
  { NAME: 'Ana García', EMAIL: 'ana.garcia@demo.flota.local' },
  { NAME: 'Luis Fernández', EMAIL: 'luis.fernandez@demo.flota.local' },
  { NAME: 'Marta López', EMAIL: 'marta.lopez@demo.flota.local' },
  { NAME: 'Jorge Martín', EMAIL: 'jorge.martin@demo.flota.local' },
  { NAME: 'Lucía Sánchez', EMAIL: 'lucia.sanchez@demo.flota.local' },
];

/**
 * The demo project's device catalogue: models of its platforms (the platforms themselves come
 * with every project's migration), two applications and a few application users. Devices are not
 * seeded: the simulator enrols them through the device protocol.
 */
export async function seedDemoDeviceCatalogue(db: Kysely<Database>, schema: string): Promise<void> {
  const pdb = projectDb(db, schema);
  const platforms = await pdb.selectFrom('platforms').select(['ID', 'PLATFORM']).execute();
  const models = platforms.flatMap((platform) =>
    (DEMO_MODELS[platform.PLATFORM] ?? []).map((MODEL) => ({ MODEL, IDPLATFORM: platform.ID })),
  );
  await pdb.insertInto('models').values(models).execute();
  await pdb
    .insertInto('applications')
    .values(DEMO_APPLICATIONS.map((NAME) => ({ NAME })))
    .execute();
  await pdb.insertInto('app_users').values(DEMO_APP_USERS).execute();
}
