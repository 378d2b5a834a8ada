// Proves the layering rule (.dependency-cruiser.cjs) holds on this tree and fails on an upward import: runtime importing a context, a context reaching into another's internals, commands importing routes, anything but a context's commands module importing the command pipeline; in the web app, a feature or app/ reaching into a feature's internals, components/ or lib/ importing a feature.
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
    expect(await violations(root, ['domain/src', 'projections/src', 'api/src', 'scripts/src', 'app-web/src'])).toEqual([]);
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

  it('fails on a route, reactor or job importing the command pipeline; lets the commands module (commands.ts and commands/) import it', async () => {
    const pipeline = "import { runCommand } from '../../runtime/command-pipeline.js';\nexport const run = runCommand;\n";
    const dir = fixture({
      'api/src/runtime/command-pipeline.js': 'export const runCommand = 1;\n',
      'api/src/contexts/wallet/routes.js': pipeline,
      'api/src/contexts/wallet/jobs.js': pipeline,
      'api/src/contexts/wallet/commands.js': pipeline,
      'api/src/contexts/wallet/commands/deposits.js': "import { runCommand } from '../../../runtime/command-pipeline.js';\nexport const run = runCommand;\n",
    });
    expect((await violations(dir, ['api/src'], plain)).sort()).toEqual([
      'only-commands-run-the-pipeline: api/src/contexts/wallet/jobs.js → api/src/runtime/command-pipeline.js',
      'only-commands-run-the-pipeline: api/src/contexts/wallet/routes.js → api/src/runtime/command-pipeline.js',
    ]);
  });

  it('lets a context use another through its index', async () => {
    const dir = fixture({
      'api/src/contexts/bets/commands.js': "import { debit } from '../wallet/index.js';\nexport const lock = debit;\n",
      'api/src/contexts/wallet/commands.js': 'export const debit = 1;\n',
      'api/src/contexts/wallet/index.js': "export { debit } from './commands.js';\n",
    });
    expect(await violations(dir, ['api/src'], plain)).toEqual([]);
  });

  it('fails in the web app on a feature or app/ reaching into a feature, on components/ or lib/ importing a feature, and on a feature importing app/', async () => {
    const dir = fixture({
      'app-web/src/features/chat/components/panel.js': "import { betQueries } from '../../bets/api/queries.js';\nexport const panel = betQueries;\n",
      'app-web/src/features/bets/api/queries.js': "import { router } from '../../../app/router.js';\nexport const betQueries = router;\n",
      'app-web/src/features/bets/index.js': "export { betQueries } from './api/queries.js';\n",
      'app-web/src/app/router.js': "import { panel } from '../features/chat/components/panel.js';\nexport const router = panel;\n",
      'app-web/src/components/layout/header.js': "import { betQueries } from '../../features/bets/index.js';\nexport const header = betQueries;\n",
      'app-web/src/lib/client.js': "import { betQueries } from '../features/bets/index.js';\nexport const client = betQueries;\n",
    });
    const found = await violations(dir, ['app-web/src'], plain);
    expect(found).toEqual(
      expect.arrayContaining([
        'web-features-meet-through-their-index: app-web/src/features/chat/components/panel.js → app-web/src/features/bets/api/queries.js',
        'web-app-composes-features-through-their-index: app-web/src/app/router.js → app-web/src/features/chat/components/panel.js',
        'web-shared-code-imports-no-feature: app-web/src/components/layout/header.js → app-web/src/features/bets/index.js',
        'web-shared-code-imports-no-feature: app-web/src/lib/client.js → app-web/src/features/bets/index.js',
        'web-features-below-app: app-web/src/features/bets/api/queries.js → app-web/src/app/router.js',
      ]),
    );
  });

  it('lets a feature and app/ use a feature through its index', async () => {
    const dir = fixture({
      'app-web/src/features/chat/components/panel.js': "import { betQueries } from '../../bets/index.js';\nexport const panel = betQueries;\n",
      'app-web/src/features/bets/api/queries.js': 'export const betQueries = 1;\n',
      'app-web/src/features/bets/index.js': "export { betQueries } from './api/queries.js';\n",
      'app-web/src/features/chat/index.js': "export { panel } from './components/panel.js';\n",
      'app-web/src/app/router.js': "import { panel } from '../features/chat/index.js';\nexport const router = panel;\n",
    });
    expect(await violations(dir, ['app-web/src'], plain)).toEqual([]);
  });
});
