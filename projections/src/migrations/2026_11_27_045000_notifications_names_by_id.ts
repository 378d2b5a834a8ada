import { sql, type Kysely } from 'kysely';

/**
 * Notifications name people by user id only (docs/architecture.md, "Personal data and erasure"):
 * the usernames older rows kept in their parameters go, as a rebuild of the read model would drop
 * them (the projector reads them without). Their text then says "Your opponent" or "A player".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update notifications set params = params - 'challenger' - 'opponent' - 'reporter' - 'appellant' where params ?| array['challenger', 'opponent', 'reporter', 'appellant']`.execute(db);
}

export async function down(): Promise<void> {
  // The names are not kept anywhere to put back: nothing to undo.
}
