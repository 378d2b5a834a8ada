/**
 * `npm run rebuild -- <projector> [<projector> …]`: replays each named projector from position 0
 * into fresh copies of its tables and swaps them in (see `rebuildProjector`). The live tables
 * keep serving reads until the swap, and a running server's projection runner carries on from
 * the rebuilt checkpoint, so this is safe while the app runs. It uses the same parts the server
 * does (DATABASE_URL or the embedded PostgreSQL under DATA_DIR, EVENTSTORE_URL or the PostgreSQL
 * event store). Without a name it lists the projectors.
 */
import { allProjectors, rebuildProjector } from '@wager/projections';
import { loadConfigOrExit } from '../../api/src/config.js';
import { openInfrastructure } from '../../api/src/infrastructure.js';

/** How often progress is printed, in events. */
const PROGRESS_EVERY_EVENTS = 10_000;

function listProjectors(names: readonly string[]): void {
  console.log('Usage: npm run rebuild -- <projector> [<projector> …]\n\nProjectors:');
  for (const name of names) console.log(`  ${name}`);
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const projectors = allProjectors();
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !projectors.some((p) => p.name === name));
  if (requested.length === 0 || unknown.length > 0) {
    if (unknown.length > 0) console.error(`Unknown projector: ${unknown.join(', ')}\n`);
    listProjectors(projectors.map((p) => p.name));
    process.exit(requested.length === 0 ? 0 : 1);
  }

  const infra = await openInfrastructure(config, { log: (m) => console.error(m) });
  try {
    for (const name of requested) {
      const projector = projectors.find((p) => p.name === name)!;
      const started = Date.now();
      let reported = 0;
      console.log(`Rebuilding ${name} (tables: ${projector.tables.join(', ')})…`);
      const { events } = await rebuildProjector({
        store: infra.store,
        db: infra.db,
        projector,
        onProgress: (applied) => {
          if (applied - reported < PROGRESS_EVERY_EVENTS) return;
          reported = applied;
          console.log(`  ${applied.toLocaleString('en-US')} events replayed`);
        },
      });
      const seconds = (Date.now() - started) / 1000;
      console.log(`Rebuilt ${name}: ${events.toLocaleString('en-US')} events replayed in ${seconds.toFixed(1)} s; tables swapped in.`);
    }
  } finally {
    await infra.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
