// The operators' command line: runs the same audited operator actions as the API
// (apps/server/src/features/ops/action-registry.ts) as operator `cli:<os user>` with the admin
// role — for deployments (PostgreSQL: any time; the embedded database: while the server is
// stopped) and for bootstrapping the first operator account.
//
//   npm run ops -- list
//   npm run ops -- run <action> '<json input>' [--reason "why"]
//   npm run ops -- run operators.create '{"username":"alice","password":"…","roles":["admin"]}'
import os from 'node:os';
import { parseArgs } from 'node:util';
import { operatorActions } from '../apps/server/src/features/ops/action-registry';
import { loadConfigOrExit } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { assertDataDirFree } from '../apps/server/src/platform/db/data-dir-lock';
import { migrateDatabase } from '../apps/server/src/platform/db/migrate';
import { systemClock } from '../apps/server/src/platform/deps';
import { AppError } from '../apps/server/src/platform/errors';
import { createUrlSigner } from '../apps/server/src/platform/media/signed-urls';
import { runOperatorAction } from '../apps/server/src/platform/ops/operator-action';
import { createServices } from '../apps/server/src/platform/services';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { reason: { type: 'string' } },
});
const [command, name, json] = positionals;

if (command === 'list') {
  for (const action of operatorActions.values()) {
    console.log(`${action.name.padEnd(28)} [${action.roles.join(', ')}]  ${action.summary}`);
  }
  process.exit(0);
}
const action = name ? operatorActions.get(name) : undefined;
if (command !== 'run' || !action) {
  console.error(
    name && command === 'run'
      ? `unknown action ${name} (npm run ops -- list)`
      : 'usage: npm run ops -- list | run <action> \'<json input>\' [--reason "why"]',
  );
  process.exit(2);
}
let input: unknown;
try {
  input = JSON.parse(json ?? '{}');
} catch {
  console.error('the input must be JSON, e.g. \'{"key":"value"}\'');
  process.exit(2);
}

const config = loadConfigOrExit();
if (!config.databaseUrl) assertDataDirFree(config.dataDir);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const services = createServices(
  config,
  database,
  systemClock,
  () => {},
  async () => {
    throw new Error('the payment sandbox does not deliver notifications from the command line');
  },
);
let exitCode = 0;
try {
  await migrateDatabase(database);
  const { close: _close, ...adapters } = services;
  const operator = { name: `cli:${os.userInfo().username}`, roles: ['admin'] as const };
  const run = await runOperatorAction(
    {
      ...adapters,
      config,
      database,
      db: database.db,
      clock: systemClock,
      urlSigner: createUrlSigner({ key: config.mediaUrlKey, clock: systemClock }),
    },
    operator,
    action,
    input,
    values.reason ?? null,
  );
  console.log(JSON.stringify({ result: run.result, audit_id: run.auditId }, null, 2));
} catch (error) {
  exitCode = 1;
  console.error(error instanceof AppError ? `${error.code} ${error.message}` : error);
} finally {
  await services.close();
  await database.close();
}
process.exit(exitCode);
