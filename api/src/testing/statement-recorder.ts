/**
 * Test support: the same database through a plugin that records the text of every statement sent
 * through it, to prove how many statements (each its own transaction outside `db.transaction`)
 * a step takes.
 */
import { PostgresQueryCompiler, type Kysely, type KyselyPlugin } from 'kysely';
import type { Database } from '@wager/projections';

export function recordingStatements(db: Kysely<Database>): { readonly db: Kysely<Database>; readonly statements: string[] } {
  const statements: string[] = [];
  const compiler = new PostgresQueryCompiler();
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push(compiler.compileQuery(node, queryId).sql.replace(/\s+/g, ' ').trim());
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), statements };
}
