import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { UserRow } from './users.table.js';

export async function findUserById(db: Kysely<Database>, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** Sign-in accepts the username or the email, case-insensitively. */
export async function findUserBySignInName(db: Kysely<Database>, name: string): Promise<UserRow | undefined> {
  const lower = name.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username_lower', '=', lower), eb('email_lower', '=', lower)]))
    .orderBy('username_lower')
    .executeTakeFirst();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_lower', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function userExists(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function activisionIdOf(db: Kysely<Database>, userId: string): Promise<string | null> {
  return (await db.selectFrom('users').select('activision_id').where('id', '=', userId).executeTakeFirst())?.activision_id ?? null;
}

/** The usernames of some users, by id (an admin screen's rows). */
export async function usernamesOf(db: Kysely<Database>, userIds: readonly string[]): Promise<{ id: string; username: string }[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute();
}

/** The usernames of some users as a map by id (readers that put names beside ids; an erased person's is their pseudonym). */
export async function usernamesById(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  return new Map((await usernamesOf(db, ids)).map((r) => [r.id, r.username]));
}

/** Whether the user holds the moderator role (set by ModeratorRoleSet). */
export async function hasModeratorRole(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('is_moderator').where('id', '=', userId).executeTakeFirst())?.is_moderator ?? false;
}

/** Whether a user's email and phone number are verified (undefined when the read model has no such user yet). */
export async function verificationOf(db: Kysely<Database>, userId: string): Promise<Pick<UserRow, 'is_email_verified' | 'is_phone_verified'> | undefined> {
  return db.selectFrom('users').select(['is_email_verified', 'is_phone_verified']).where('id', '=', userId).executeTakeFirst();
}

/** A user's language and time zone, for what is written to them. */
export async function mailPreferencesOf(db: Kysely<Database>, userId: string): Promise<Pick<UserRow, 'preferred_language' | 'timezone'> | undefined> {
  return db.selectFrom('users').select(['preferred_language', 'timezone']).where('id', '=', userId).executeTakeFirst();
}
