import { sql, type Kysely } from 'kysely';

/**
 * The moderation queue's read table: one row per chat that asked for a moderator, with where the
 * request stands (open, claimed, escalated, resolved) and who moved it (the bet and players come
 * from `chats`, `bets` and `users` when read). A new projector, so the
 * runner replays it from position 0 on first start: requests made before it existed appear too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('moderation_requests')
    .addColumn('chat_id', 'uuid', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'uuid', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_by', 'uuid')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('escalated_by', 'uuid')
    .addColumn('escalated_at', 'timestamptz')
    .addColumn('escalation_reason', 'text')
    .addColumn('resolved_by', 'uuid')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolution_note', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_requests_status_requested_idx').on('moderation_requests').columns(['status', 'requested_at']).execute();
  await sql`ALTER TABLE moderation_requests ADD CONSTRAINT moderation_requests_status_check CHECK (status IN ('open', 'claimed', 'escalated', 'resolved'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_requests').execute();
}
