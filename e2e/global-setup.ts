import type { FullConfig } from '@playwright/test';
import { createUserWithCli } from './support/cli';
import { databaseExists } from './support/database';
import { databaseName } from './support/environment';
import { createdUsers } from './support/users';

/**
 * Runs once the API under test answers (Playwright starts `webServer` before the global setup): the
 * API has created and migrated this run's fresh database `receptoria_e2e_<timestamp>` and made the
 * main receiver with `admin` and its demo data. Here the suites' other users are added through the
 * API's own CLI, on the same database.
 */
export default async function globalSetup(_config: FullConfig) {
  if (!(await databaseExists(databaseName))) {
    throw new Error(`The API did not create the e2e database ${databaseName}`);
  }
  for (const user of createdUsers) createUserWithCli(user);
}
