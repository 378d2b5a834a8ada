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
