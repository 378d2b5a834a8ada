/**
 * `--count-queries` of the lifecycle benchmark: preloaded into the app (node --import), it
 * counts the statements the app sends through `pg`, by the text's first words, and writes the
 * counts to $BENCH_QUERY_COUNTS_FILE when the process exits. Diagnostics only, never loaded by
 * the app itself.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(`${process.cwd()}/api/package.json`);
const pg = require('pg');
const counts = new Map();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.text ?? config?.name ?? '?');
  // Long column lists say little: from "from" on names the statement.
  const flat = String(text).replace(/\s+/g, ' ').trim();
  const key = (flat.startsWith('select') && flat.indexOf(' from ') > 60 ? `select … ${flat.slice(flat.indexOf(' from '))}` : flat).slice(0, 130);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return original.call(this, config, ...rest);
};
// The lifecycle benchmark marks its timed window: on SIGUSR2 the running total goes to
// <file>.total-<n> (n counting from 1), so statements per lifecycle cover that window only.
let marks = 0;
process.on('SIGUSR2', () => {
  const file = process.env.BENCH_QUERY_COUNTS_FILE;
  marks++;
  let total = 0;
  for (const n of counts.values()) total += n;
  if (file) writeFileSync(`${file}.total-${marks}`, String(total));
});
process.on('exit', () => {
  const file = process.env.BENCH_QUERY_COUNTS_FILE;
  if (file) writeFileSync(file, JSON.stringify([...counts].sort((a, b) => b[1] - a[1])));
});
