/**
 * `npm start`: the whole product in one process on its embedded defaults (embedded PostgreSQL
 * under ./.data, PostgreSQL event store, in-process bus, provider sandboxes), each switched to
 * the real service by its environment variable. Ctrl-C stops everything cleanly; the next
 * start keeps the data.
 */
import { loadConfigOrExit } from '../../api/src/config.js';
import { startServer, stopOnSignals } from '../../api/src/main.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  console.log('Starting the wager platform…');
  const server = await startServer(config, { serveWebApp: true });
  console.log(`\n  Wager is running at ${server.url ?? '(no HTTP: ROLE=project)'}\n`);
  for (const [part, what] of Object.entries(server.deps.parts)) console.log(`  ${part.padEnd(12)} ${what}`);
  console.log(`  ${'role'.padEnd(12)} ${config.ROLE}`);
  // Mailed and shared links start with this (PUBLIC_URL, else the address above), whatever Host a request names.
  if (server.deps.config.PUBLIC_URL) console.log(`  ${'links'.padEnd(12)} ${server.deps.config.PUBLIC_URL}`);
  console.log('\n  Ctrl-C to stop.\n');
  stopOnSignals(server, {
    stopping: () => console.log('\nStopping…'),
    stopped: () => console.log('Stopped. Data is kept under', config.DATABASE_URL ? 'DATABASE_URL' : config.DATA_DIR),
  });
}

main().catch((error: unknown) => {
  console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
