import { sql, type Kysely } from 'kysely';

/**
 * Appeals (issue 23) on the `bets` read table: an appeal is a step of the bet, in the bet's
 * stream, so its read side sits beside the bet (the admin queue is the bets with an open appeal).
 * `appeal_deadline_at` is the resolution's time plus the 48-hour window; bets resolved before
 * this migration get it from their settlement time (a resolution settles or voids in the same
 * append), so they show their window too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bets')
    .addColumn('appeal_deadline_at', 'timestamptz')
    .addColumn('appeal_status', 'text')
    .addColumn('appellant_id', 'uuid')
    .addColumn('appeal_reason', 'text')
    .addColumn('appealed_at', 'timestamptz')
    .addColumn('appeal_decided_by', 'uuid')
    .addColumn('appeal_decided_at', 'timestamptz')
    .addColumn('appeal_notes', 'text')
    .execute();
  await sql`ALTER TABLE bets ADD CONSTRAINT bets_appeal_status_check CHECK (appeal_status IN ('open', 'upheld', 'overturned'))`.execute(db);
  await sql`UPDATE bets SET appeal_deadline_at = settled_at + interval '48 hours' WHERE resolved_by IS NOT NULL AND settled_at IS NOT NULL`.execute(db);
  await db.schema.createIndex('bets_appeal_queue_idx').on('bets').columns(['appeal_status', 'appealed_at']).where(sql.ref('appeal_status'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bets_appeal_queue_idx').execute();
  await sql`ALTER TABLE bets DROP CONSTRAINT bets_appeal_status_check`.execute(db);
  for (const column of ['appeal_deadline_at', 'appeal_status', 'appellant_id', 'appeal_reason', 'appealed_at', 'appeal_decided_by', 'appeal_decided_at', 'appeal_notes']) {
    await db.schema.alterTable('bets').dropColumn(column).execute();
  }
}
