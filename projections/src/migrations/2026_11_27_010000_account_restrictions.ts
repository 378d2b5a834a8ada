import type { Kysely } from 'kysely';

/**
 * Suspended and frozen accounts (issue #29): the reason and time of the restriction in force,
 * null when none, set by the `users` projector from AccountSuspended / AccountFrozen and cleared
 * by their lifting events. No rebuild: no stream held these events before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('suspension_reason', 'text')
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('freeze_reason', 'text')
    .addColumn('frozen_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('suspension_reason').dropColumn('suspended_at').dropColumn('freeze_reason').dropColumn('frozen_at').execute();
}
