// `npm test`'s runner: vitest over every project, plus a JSON report when VITEST_JSON names a file (CI adds the reports up).
import { spawnSync } from 'node:child_process';

const args = ['vitest', 'run', '--reporter=default'];
if (process.env.VITEST_JSON) args.push('--reporter=json', `--outputFile=${process.env.VITEST_JSON}`);
const result = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
