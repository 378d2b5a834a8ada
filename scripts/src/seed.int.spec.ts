// Proves `npm run seed` creates an admin (with a working password) and two demo players once, printing a generated admin password only on creation.
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@wager/projections';
import { freshDatabaseUrl } from '@wager/projections/testing/database';
import { configSchema } from '../../api/src/config.js';
import { verifyPassword } from '../../api/src/contexts/accounts/passwords.js';
import { seed } from './seed.js';

describe('seed', () => {
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl('seed');
  });

  it('is idempotent and prints the generated admin password once', async () => {
    const config = configSchema.parse({ NODE_ENV: 'development', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
    const first: string[] = [];
    await seed(config, (l) => first.push(l));
    const second: string[] = [];
    await seed(config, (l) => second.push(l));
    const password = /with password (\S+)/.exec(first.join('\n'))?.[1];
    expect(password).toBeDefined();
    expect(second.join('\n')).not.toContain(password!);
    expect(second.join('\n')).toContain('already exists');

    const db = createDatabase(databaseUrl);
    try {
      const users = await db.selectFrom('users').select(['username', 'is_admin', 'is_email_verified']).orderBy('username').execute();
      expect(users).toEqual([
        { username: 'admin', is_admin: true, is_email_verified: true },
        { username: 'demo_player1', is_admin: false, is_email_verified: true },
        { username: 'demo_player2', is_admin: false, is_email_verified: true },
      ]);
    } finally {
      await db.destroy();
    }
    passwordFound = password!;
  });

  let passwordFound = '';

  it('uses ADMIN_EMAIL / ADMIN_PASSWORD, and the admin can sign in and is an admin', async () => {
    const url = await freshDatabaseUrl('seed_env');
    const config = configSchema.parse({ NODE_ENV: 'production', DATA_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'), DATABASE_URL: url, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Boss-Passw0rd', LOG_LEVEL: 'silent' });
    const lines: string[] = [];
    await seed(config, (l) => lines.push(l));
    expect(lines.join('\n')).not.toContain('Boss-Passw0rd');
    expect(passwordFound).not.toBe('');
    const db = createDatabase(url);
    try {
      const admin = await db.selectFrom('users').select(['id', 'email', 'is_admin']).where('username', '=', 'admin').executeTakeFirstOrThrow();
      expect(admin).toMatchObject({ email: 'boss@example.com', is_admin: true });
      const credentials = await db.selectFrom('credentials').select('password_hash').where('user_id', '=', admin.id).executeTakeFirstOrThrow();
      expect(await verifyPassword('Boss-Passw0rd', credentials.password_hash)).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
