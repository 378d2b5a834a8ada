// Proves the layering rule (.dependency-cruiser.cjs) holds on this tree and fails on an upward import: runtime importing a context, a context reaching into another's internals, commands importing routes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations(cwd: string, paths: string[], options: Record<string, unknown> = {}): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    const result = await cruise(paths, { ruleSet: { forbidden: config.forbidden ?? [] }, ...config.options, ...options, validate: true } as never);
    const output = result.output as ICruiseResult;
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
  } finally {
    process.chdir(previous);
  }
}

const fixtures: string[] = [];
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
  fixtures.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
afterAll(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
});

const plain = { tsConfig: undefined, tsPreCompilationDeps: false };

describe('the layering rule', () => {
  it('finds no violation in this repository', async () => {
    expect(await violations(root, ['domain/src', 'projections/src', 'api/src', 'scripts/src'])).toEqual([]);
  }, 120_000);

  it('fails on runtime importing a context, on reaching into another context, and on commands importing routes', async () => {
    const dir = fixture({
      'api/src/runtime/gateway.js': "import { betRoutes } from '../contexts/bets/routes.js';\nexport const x = betRoutes;\n",
      'api/src/contexts/bets/routes.js': 'export const betRoutes = 1;\n',
      'api/src/contexts/bets/commands.js': "import { debit } from '../wallet/commands.js';\nimport { betRoutes } from './routes.js';\nexport const lock = () => [debit, betRoutes];\n",
      'api/src/contexts/wallet/commands.js': 'export const debit = 1;\n',
      'api/src/contexts/wallet/index.js': "export { debit } from './commands.js';\n",
    });
    const found = await violations(dir, ['api/src'], plain);
    expect(found).toEqual(
      expect.arrayContaining([
        'shared-machinery-imports-no-context: api/src/runtime/gateway.js → api/src/contexts/bets/routes.js',
        'contexts-meet-through-their-index: api/src/contexts/bets/commands.js → api/src/contexts/wallet/commands.js',
        'commands-below-routes-reactors-jobs: api/src/contexts/bets/commands.js → api/src/contexts/bets/routes.js',
      ]),
    );
  });

  it('lets a context use another through its index', async () => {
    const dir = fixture({
      'api/src/contexts/bets/commands.js': "import { debit } from '../wallet/index.js';\nexport const lock = debit;\n",
      'api/src/contexts/wallet/commands.js': 'export const debit = 1;\n',
      'api/src/contexts/wallet/index.js': "export { debit } from './commands.js';\n",
    });
    expect(await violations(dir, ['api/src'], plain)).toEqual([]);
  });
});
