// Proves loading the embedded PostgreSQL adapter leaves a process's exit code alone (its exit hook used to force 0, hiding failed test runs and audits).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const embeddedModule = fileURLToPath(new URL('./embedded.ts', import.meta.url));

describe('embedded PostgreSQL adapter', () => {
  it('given a process that loads it and sets exitCode 3, the process exits with 3', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `await import(${JSON.stringify(embeddedModule)}); process.exitCode = 3;`], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(3);
  });
});
