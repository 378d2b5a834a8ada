/**
 * Test support for accounts: sign up through the real API, grant admin through the real event
 * path, read mailed codes and links from the outbox.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestHarness } from './app.js';
import { eventually } from './eventually.js';
import type { Clock } from '../deps.js';
import { grantAdmin } from '../contexts/accounts/commands.js';
import type { UserJson } from '../contexts/accounts/user-json.js';

export const TEST_PASSWORD = 'Passw0rd-Test';

/** A unique, valid username (letters, digits, underscore; 3–20 characters). */
export function freshUsername(prefix = 'u'): string {
  return `${prefix.slice(0, 8)}_${randomBytes(5).toString('hex')}`;
}

/** A full-form sign-up payload for someone aged 30 on the harness clock (or any app's clock). */
export function fullSignupPayload(h: { readonly clock: Clock }, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const username = freshUsername();
  const now = h.clock.now();
  const dateOfBirth = `${now.getUTCFullYear() - 30}-01-15`;
  return {
    username,
    email: `${username}@example.com`,
    password: TEST_PASSWORD,
    dateOfBirth,
    phoneNumber: '+2348012345678',
    psnUsername: `${username}_psn`,
    activisionId: `${username}#1234`,
    country: 'NG',
    timezone: 'Africa/Lagos',
    preferredCurrency: 'NGN',
    preferredLanguage: 'en',
    ...overrides,
  };
}

/** A quick-signup payload (it carries agreeTerms) for someone aged 25 on the harness clock. */
export function quickSignupPayload(h: TestHarness, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const username = freshUsername('q');
  const now = h.clock.now();
  return {
    username,
    email: `${username}@example.com`,
    password: TEST_PASSWORD,
    dateOfBirth: `${now.getUTCFullYear() - 25}-06-01`,
    agreeTerms: true,
    timezone: 'Europe/London',
    preferredLanguage: 'en',
    preferredCurrency: 'GBP',
    country: 'GB',
    phoneNumber: '',
    psnUsername: '',
    activisionId: '',
    ...overrides,
  };
}

export function authHeader(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export interface SignedUpUser {
  readonly token: string;
  readonly user: UserJson;
  readonly password: string;
}

/** Signs up through POST /api/auth/signup (full form) with a fresh username and email. */
export async function signUpUser(h: TestHarness, overrides: Record<string, unknown> = {}): Promise<SignedUpUser> {
  const payload = fullSignupPayload(h, overrides);
  const response = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
  if (response.statusCode === 202) {
    // Recorded, the read models behind (a loaded machine): the session is in the answer, and the
    // client follows `Location` until the account shows, as the web app does. Waits on that
    // condition (bounded), never on a fixed time.
    const { token } = response.json() as { token: string };
    return { token, user: await userOnceShown(h, token), password: String(payload.password) };
  }
  if (response.statusCode !== 201) throw new Error(`signUpUser: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; user: UserJson };
  return { token: body.token, user: body.user, password: String(payload.password) };
}

/** GET /api/user with the new session until the read models show the account (at most a minute). */
async function userOnceShown(h: TestHarness, token: string): Promise<UserJson> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const read = await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(token) });
    if (read.statusCode === 200) return read.json() as UserJson;
    if (Date.now() > deadline) throw new Error(`signUpUser: the account never showed (${read.statusCode} ${read.body})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Makes a user an admin through its stream (AdminGranted), as the seed does; the read model shows it on return. */
export async function makeAdmin(h: TestHarness, userId: string): Promise<void> {
  await grantAdmin(h.deps, userId, 'test');
}

export interface MailedMessage {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly kind: string;
}

/** Waits for a mail to `to` (of `kind`), other than the `exclude` ids, and returns the newest. */
export async function waitForMail(h: TestHarness, to: string, kind: string, options: { exclude?: readonly string[] } = {}): Promise<MailedMessage> {
  const row = await eventually(
    () =>
      h.deps.db
        .selectFrom('email_outbox')
        .selectAll()
        .where(sql`lower(to_address)`, '=', to.toLowerCase())
        .where('kind', '=', kind)
        .$if((options.exclude ?? []).length > 0, (q) => q.where('id', 'not in', options.exclude!))
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),
    (found) => found !== undefined,
    `a ${kind} mail to ${to}`,
  );
  return { id: row!.id, to: row!.to_address, subject: row!.subject, text: row!.text_body, kind: row!.kind };
}

/** The 6-digit code of the newest verification mail to `email`. */
export async function latestVerificationCode(h: TestHarness, email: string, exclude: readonly string[] = []): Promise<{ code: string; mailId: string }> {
  const mail = await waitForMail(h, email, 'email-verification', { exclude });
  // The code is in the subject in every language (the text is in the player's).
  const match = /\b(\d{6})\b/.exec(mail.subject);
  if (!match) throw new Error(`no code in ${mail.text}`);
  return { code: match[1]!, mailId: mail.id };
}
