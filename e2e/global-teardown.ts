import { dropRunDatabases } from './support/database';
import { databaseName } from './support/environment';

/** Drops this run's control database and every tenant database named after it. */
export default async function globalTeardown() {
  if (process.env.E2E_KEEP_DATABASE === '1') {
    console.log(`E2E database kept: ${databaseName}`);
    return;
  }
  await dropRunDatabases(databaseName);
}
