// Proves the push tables keep their contract: a writer inserts only id, user_id, title and url (a repeat writes nothing), an endpoint belongs to one subscription, and the migration goes down and up again.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../database.js';
import { migrateToLatest, migrations } from '../migrations/index.js';
import { freshDatabaseUrl } from '../testing/database.js';

let db: Kysely<Database>;

beforeAll(async () => {
  db = createDatabase(await freshDatabaseUrl('push_tables'));
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
});

describe('push tables', () => {
  it('given a notification written with only its id, user, title and url, when it is written again, then one queued row is kept with the sender bookkeeping defaulted', async () => {
    const row = { id: randomUUID(), user_id: randomUUID(), title: 'Your bet was accepted', url: '/bets/1' };
    await db.insertInto('push_outbox').values(row).onConflict((c) => c.column('id').doNothing()).execute();
    await db.insertInto('push_outbox').values({ ...row, title: 'something else' }).onConflict((c) => c.column('id').doNothing()).execute();
    const stored = await db.selectFrom('push_outbox').selectAll().where('id', '=', row.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...row, status: 'queued', attempts: 0, last_error: null, sent_at: null });
    expect(stored[0]!.created_at).toBeInstanceOf(Date);
    expect(stored[0]!.next_attempt_at).toBeInstanceOf(Date);
  });

  it('given a subscription, when another is stored with the same endpoint, then the database refuses it', async () => {
    const endpoint = `https://push.example/${randomUUID()}`;
    const subscription = { user_id: randomUUID(), endpoint, p256dh: 'key', auth: 'secret', device_label: 'Chrome on Linux' };
    await db.insertInto('push_subscriptions').values({ id: randomUUID(), ...subscription }).execute();
    await expect(db.insertInto('push_subscriptions').values({ id: randomUUID(), ...subscription }).execute()).rejects.toThrow(/unique/);
  });

  it('given the latest schema, when the push migration goes down and up again, then the tables are back', async () => {
    const push = migrations['2026_11_26_160000_create_push']!;
    await push.down!(db);
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name in ('push_subscriptions', 'push_outbox', 'push_deliveries')`.execute(db)).rows[0]!.n;
    expect(await count()).toBe(0);
    await push.up(db);
    expect(await count()).toBe(3);
  });
});
