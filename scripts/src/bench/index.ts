/**
 * `npm run bench -- <name>`: runs one benchmark. Without a name (or with an unknown one) it
 * lists the benchmarks there are. Benchmarks print numbers; they are not timed tests.
 */
interface Bench {
  readonly description: string;
  run(args: readonly string[]): Promise<void>;
}

const benches: Record<string, Bench> = {
  eventstore: {
    description:
      'PostgreSQL event store appends (concurrency 1/16/64, 1- and 10-event appends) against a bare INSERT ceiling and the Emmett PostgreSQL event store, then $all catch-up read and projection rebuild rates',
    run: async (args) => (await import('./eventstore.js')).runEventStoreBench(args),
  },
  lifecycle: {
    description:
      'whole bet lifecycles over HTTP (create → join → both report → settled) against the app started as `npm start` does: rates, per-route latency, projection lag, CPU of app and PostgreSQL, ledger and audit checks (--concurrency 16, --seconds 20, --split, --cpu-prof)',
    run: async (args) => (await import('./lifecycle.js')).runLifecycleBench(args),
  },
  'long-stream': {
    description: 'a wallet command (lockStake) on a 10,000-event wallet against fresh wallets: is command cost flat in stream length? (--events N, --commands N)',
    run: async (args) => (await import('./long-stream.js')).runLongStreamBench(args),
  },
  rebuild: {
    description: 'projection rebuilds of the real per-bet projectors (ledger, wallets, transactions, bets, …) over 7,000 bet lifecycles (about 53,000 events) decided by the domain deciders: events/s against the 20,000 goal, and the ledger event by event for comparison (--bets N, --only a,b, --one-by-one a,b)',
    run: async (args) => (await import('./rebuild.js')).runRebuildBench(args),
  },
  web: {
    description: "a visitor's first load of /auth in Chromium on emulated 4G links: JS+CSS bytes as transferred, requests, first contentful paint, cache headers, source maps reachable (--runs 5, --profile fast-4g,slow-4g, --build)",
    run: async (args) => (await import('./web.js')).runWebBench(args),
  },
};

function listBenches(): void {
  console.log('Usage: npm run bench -- <name>\n\nBenchmarks:');
  for (const [name, bench] of Object.entries(benches)) console.log(`  ${name.padEnd(12)} ${bench.description}`);
}

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const bench = name ? benches[name] : undefined;
  if (!bench) {
    if (name) console.error(`Unknown benchmark: ${name}\n`);
    listBenches();
    process.exitCode = name ? 1 : 0;
    return;
  }
  await bench.run(args);
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
