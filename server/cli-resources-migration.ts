// `npm run resources:migration`: writes the migration that the resource definitions owning their
// storage need (docs/resources.md, "The engine"), or says that none is needed. Review the file,
// then commit it with the definition and the snapshot.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOURCE_DEFINITIONS } from '../protocol/resources';
import { generateMigration, writeMigration } from './engine/migration-files';
import { StorageError } from './engine/table';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db', 'migrations');
try {
  const migration = generateMigration(dir, Object.values(RESOURCE_DEFINITIONS), new Date());
  if (!migration) {
    console.log('The owned tables are those of the definitions: no migration needed.');
  } else {
    const file = writeMigration(dir, migration);
    console.log(`Wrote ${path.relative(process.cwd(), file)}:`);
    for (const line of migration.up.summary) console.log(`  ${line}`);
    console.log('Review it, then commit it with the definition and resources.snapshot.json.');
  }
} catch (error) {
  if (!(error instanceof StorageError)) throw error;
  console.error(`No migration written: ${error.message}`);
  process.exitCode = 1;
}
