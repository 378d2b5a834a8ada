import { sql, type Kysely } from 'kysely';

/**
 * Retention (docs/architecture.md, "Retention"): `chats.purged_at` is when the chat's texts were
 * shredded (ChatPurged), `chats.purged_evidence` the hashes of the bet's evidence files deleted
 * from the evidence store (EvidencePurged). No earlier event implies them, so existing rows keep
 * the defaults. The partial index serves the retention job's question: which chats are not purged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chats')
    .addColumn('purged_at', 'timestamptz')
    .addColumn('purged_evidence', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema.createIndex('chats_not_purged_idx').on('chats').columns(['bet_id']).where(sql.ref('purged_at'), 'is', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chats_not_purged_idx').ifExists().execute();
  await db.schema.alterTable('chats').dropColumn('purged_at').dropColumn('purged_evidence').execute();
}
