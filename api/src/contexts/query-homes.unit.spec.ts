// Proves that every query a context runs has one home: no non-spec, non-testing file under api/src/contexts calls a Kysely query builder or runs a `sql` template, except a commands module (commands.ts, commands/) or a store.ts; reads of read models go through projections/src/<context>/queries.ts (docs/conventions.md, section 1).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CONTEXTS_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * Files whose queries other branches are moving out (issue #26, item 4) at the time this rule
 * was written. Temporary: whoever merges those branches empties this list (the last test fails
 * for an entry that no longer needs it, so the list only shrinks).
 */
const TEMPORARY_ALLOW_LIST: readonly string[] = [
  'chat/reactors.ts',
  'chat/views.ts',
  'chat/access.ts',
  'notifications/reactors.ts',
];

/**
 * Kysely's query builders and statement runners: a call of one of these on any object is a query.
 * A common table expression (`db.with('name', …)`) needs no rule of its own: its chain goes on to
 * one of these.
 */
const QUERY_BUILDER_METHODS = new Set(['selectFrom', 'selectNoFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto', 'executeQuery']);

interface QueryCall {
  readonly line: number;
  readonly what: string;
}

/** The local names the file gives to kysely's `sql` and `CompiledQuery` (an import may rename them). */
function kyselyNames(source: ts.SourceFile): { sql: Set<string>; compiledQuery: Set<string> } {
  const names = { sql: new Set<string>(), compiledQuery: new Set<string>() };
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== 'kysely') continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      if (imported === 'sql') names.sql.add(element.name.text);
      if (imported === 'CompiledQuery') names.compiledQuery.add(element.name.text);
    }
  }
  return names;
}

/**
 * Every query a TypeScript source runs: Kysely builder calls and `sql` templates and fragments.
 * Comments and strings are not code, so they never count. Opening a transaction is not counted:
 * a module may hold one around calls into a queries or store module.
 */
function findQueryCalls(fileName: string, text: string): QueryCall[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names = kyselyNames(source);
  const found: { at: number; what: string }[] = [];
  const add = (node: ts.Node, what: string) => found.push({ at: node.getStart(source), what });
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && names.sql.has(node.tag.text)) add(node, 'sql template');
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { expression: target, name } = node.expression;
      const method = name.text;
      if (QUERY_BUILDER_METHODS.has(method)) add(name, `.${method}()`);
      if (ts.isIdentifier(target) && names.sql.has(target.text)) add(name, `sql.${method}()`);
      if (ts.isIdentifier(target) && names.compiledQuery.has(target.text)) add(name, `CompiledQuery.${method}()`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A chain is visited from its last call inwards: report in the order the text reads.
  return found.sort((a, b) => a.at - b.at).map(({ at, what }) => ({ line: source.getLineAndCharacterOfPosition(at).line + 1, what }));
}

/** A path relative to api/src/contexts, with forward slashes. */
type ContextPath = string;

/** Specs and test support (`testing.ts`, `testing/`, `*.testing.ts`) are not the product's code. */
function isScanned(path: ContextPath): boolean {
  const parts = path.split('/');
  const name = parts.at(-1)!;
  return name.endsWith('.ts') && !name.endsWith('.d.ts') && !/\.spec\.ts$/.test(name) && name !== 'testing.ts' && !name.endsWith('.testing.ts') && !parts.includes('testing');
}

/** Where a context's queries may run: its commands module (commands.ts, or a file under commands/) and a store.ts. */
function isQueryHome(path: ContextPath): boolean {
  const parts = path.split('/');
  const name = parts.at(-1)!;
  return name === 'commands.ts' || name === 'store.ts' || parts.slice(0, -1).includes('commands');
}

function contextFiles(dir: string): ContextPath[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(CONTEXTS_DIR, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter(isScanned)
    .sort();
}

const read = (path: ContextPath) => readFileSync(join(CONTEXTS_DIR, path), 'utf8');

describe('the query scanner', () => {
  it('finds builder calls, on one line or a chain across lines, on a db or a transaction', () => {
    const text = [
      "import { sql } from 'kysely';",
      "const a = await db.selectFrom('users').selectAll().execute();",
      'const b = await trx',
      "  .insertInto('account_claims')",
      '  .values(row)',
      '  .execute();',
      "await deps.db.updateTable('bets').set({}).execute();",
      "await db.deleteFrom('sessions').execute();",
    ].join('\n');
    expect(findQueryCalls('sample.ts', text)).toEqual([
      { line: 2, what: '.selectFrom()' },
      { line: 4, what: '.insertInto()' },
      { line: 7, what: '.updateTable()' },
      { line: 8, what: '.deleteFrom()' },
    ]);
  });

  it('finds sql templates (typed or not, under any local name) and sql fragments', () => {
    const text = [
      "import { sql as q, CompiledQuery } from 'kysely';",
      'await q<{ n: string }>`select count(*) from pg_locks`.execute(db);',
      'await q`select 1`.execute(db);',
      "const column = q.ref('users.id');",
      "await db.executeQuery(CompiledQuery.raw('select 1'));",
    ].join('\n');
    expect(findQueryCalls('sample.ts', text)).toEqual([
      { line: 2, what: 'sql template' },
      { line: 3, what: 'sql template' },
      { line: 4, what: 'sql.ref()' },
      { line: 5, what: '.executeQuery()' },
      { line: 5, what: 'CompiledQuery.raw()' },
    ]);
  });

  it('finds the query inside a transaction, and a common table expression by its query', () => {
    const text = ["await db.transaction().execute(async (trx) => trx.deleteFrom('sessions').execute());", "await db.with('recent', (q) => q).selectNoFrom([]).execute();", 'await db.transaction().execute(async (trx) => release(trx, userId));'].join('\n');
    expect(findQueryCalls('sample.ts', text)).toEqual([
      { line: 1, what: '.deleteFrom()' },
      { line: 2, what: '.selectNoFrom()' },
    ]);
  });

  it('ignores comments, strings, a `sql` that is not kysely\'s, and calls into a queries module', () => {
    const text = [
      "import { findUserById } from '@wager/projections/users/queries';",
      "// db.selectFrom('users') in a comment",
      "/* sql`select 1` and 'src/**/*.ts' */",
      "const doc = 'db.deleteFrom(\"sessions\")';",
      'const sql = (s: TemplateStringsArray) => s.join("");',
      'const text = sql`not kysely`;',
      "const user = await findUserById(db, id);",
      "const matched = match(value).with('a', () => 1);",
      'await runCommand(deps, command).then((r) => r.execute());',
    ].join('\n');
    expect(findQueryCalls('sample.ts', text)).toEqual([]);
  });

  it('scans product code only, and allows queries in commands modules and store.ts alone', () => {
    expect(['bets/live.ts', 'wallet/commands/deposits.ts', 'admin/store.ts'].every(isScanned)).toBe(true);
    expect(['bets/testing.ts', 'bets/bets.int.spec.ts', 'layering.unit.spec.ts', 'chat/testing/fixtures.ts', 'bets/lifecycle.testing.ts'].some(isScanned)).toBe(false);
    expect(['accounts/commands.ts', 'wallet/commands/deposits.ts', 'accounts/commands/phone-streams.ts', 'live/store.ts'].every(isQueryHome)).toBe(true);
    expect(['bets/live.ts', 'accounts/routes.ts', 'admin/audit.ts', 'wallet/commands-helpers.ts', 'admin/store-view.ts'].some(isQueryHome)).toBe(false);
  });
});

describe('api/src/contexts', () => {
  const files = contextFiles(CONTEXTS_DIR);

  it('is scanned whole, and the scanner sees the queries of the files allowed to run them', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('accounts/store.ts');
    expect(findQueryCalls('accounts/store.ts', read('accounts/store.ts')).length).toBeGreaterThan(0);
  });

  it('runs queries only in commands modules and store.ts (read-model reads go through projections/src/<context>/queries.ts)', () => {
    const misplaced = files
      .filter((path) => !isQueryHome(path) && !TEMPORARY_ALLOW_LIST.includes(path))
      .flatMap((path) => findQueryCalls(path, read(path)).map((call) => `${path}:${call.line} ${call.what}`));
    expect(misplaced).toEqual([]);
  });

  it('keeps on the temporary allow-list only files that exist and still run queries (empty it as they move)', () => {
    const stale = TEMPORARY_ALLOW_LIST.filter((path) => !files.includes(path) || findQueryCalls(path, read(path)).length === 0);
    expect(stale).toEqual([]);
  });
});
