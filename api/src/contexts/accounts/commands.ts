import type { Kysely } from 'kysely';
import type { EventStore, HandleResult } from '@wager/domain';
import { runCommand, runMultiStreamCommand, streamState } from '../../runtime/command-pipeline.js';
import type { StreamPart } from '@wager/domain';
import {
  PHONE_CODE_LIFETIME_MS,
  deviceLabel,
  type PasswordChangeVia,
  phoneDecider,
  userDecider,
  userStreamId,
  type NewCode,
  type PhoneCommand,
  type PhoneEvent,
  type SignupForm,
  type UserCommand,
  type UserEvent,
  type UserState,
  type RegisterUser,
  type AccountRestriction,
  type ChangeProfile,
  type PhoneState,
  ProfilePhonesUnread,
  decideProfileChange,
  profilePhonesRead,
} from '@wager/domain/accounts/index';
import { revokeUserSessions } from '../../plugins/sessions.js';
import type { Database } from '@wager/projections';
import { signInDeviceFacts } from '@wager/projections/users/devices.queries';
import { findPasswordResetToken } from '@wager/projections/credentials/queries';
import { enqueueEmail } from '../../adapters/email/outbox.js';
import type { AppDeps } from '../../deps.js';
import { claim } from './store.js';
import { phoneStreamIdFor } from './commands/phone-streams.js';
import { hashPassword, passwordCost } from './passwords.js';
import { EMAIL_CODE_SECRET_NAME, PHONE_CODE_SECRET_NAME, appSecret, codeFor, codeHashFor, codeMatches } from './secrets.js';

/** A verification code is valid this long after it is issued. */
export const EMAIL_CODE_LIFETIME_MS = 15 * 60 * 1000;

/** What the account commands need; the seed script builds it without an HTTP app. */
export type AccountDeps = Pick<AppDeps, 'store' | 'db' | 'clock' | 'ids' | 'config' | 'projections'>;

/**
 * Runs one command on a user's stream (read, decide, append with the revision read, retried on
 * a concurrent write) and waits until the read models show it, so the caller's next read does.
 */
export async function runUserCommand(deps: AccountDeps, userId: string, command: UserCommand, actor: string): Promise<HandleResult<UserState, UserEvent>> {
  // Account events get fresh random ids: each command is a person's one-off act, guarded by the
  // decider's state (a second registration is refused), so no id is ever shared by two intents.
  const result = await runCommand(
    deps,
    { streamId: userStreamId(userId), decider: userDecider, command: { ...command, metadata: { ...command.metadata, actor } }, eventIds: (events) => events.map(() => deps.ids.uuid()) },
    { waitForReadModels: true },
  );
  return result;
}

/** A fresh code: its id is random, the code itself is derived from the installation's key. */
export async function newVerificationCode(deps: Pick<AccountDeps, 'db' | 'ids' | 'clock'>): Promise<NewCode> {
  const now = deps.clock.now();
  const codeId = deps.ids.uuid();
  const key = await appSecret(deps.db, EMAIL_CODE_SECRET_NAME, now);
  return { codeId, codeHash: codeHashFor(key, codeId, codeFor(key, codeId)), expiresAt: new Date(now.getTime() + EMAIL_CODE_LIFETIME_MS) };
}

export interface RegistrationInput {
  readonly userId?: string;
  readonly profile: RegisterUser['data']['profile'];
  readonly password: string;
  readonly signupForm: SignupForm;
  readonly ipAddress: string | null;
  /** Seeded accounts start verified; everyone else gets a code by email. */
  readonly preVerified?: boolean;
}

/**
 * Registers an account: claims the username and email and stores the password hash in one
 * transaction (the unique claims decide races: exactly one wins, the other gets 409), then
 * appends UserRegistered. If the append fails, the claims and credentials are removed again.
 */
export async function registerAccount(deps: AccountDeps, input: RegistrationInput): Promise<{ userId: string }> {
  const userId = input.userId ?? deps.ids.uuid();
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password, passwordCost(deps.config.NODE_ENV));
  const code = input.preVerified ? null : await newVerificationCode(deps);
  await deps.db.transaction().execute(async (trx) => {
    await claim(trx, deps.store, 'username', input.profile.username, userId, now);
    await claim(trx, deps.store, 'email', input.profile.email, userId, now);
    await trx
      .insertInto('credentials')
      .values({ user_id: userId, password_hash: passwordHash, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: now }))
      .execute();
  });
  try {
    await runUserCommand(deps, userId, { type: 'RegisterUser', data: { userId, profile: input.profile, signupForm: input.signupForm, ipAddress: input.ipAddress, code }, metadata: { now } }, input.signupForm === 'seed' ? 'seed' : userId);
  } catch (error) {
    await forgetUnregistered(deps.db, deps.store, userId);
    throw error;
  }
  return { userId };
}

/** Undoes the claims and credentials of a registration whose event was not stored. */
async function forgetUnregistered(db: Kysely<Database>, store: EventStore, userId: string): Promise<void> {
  if ((await store.readStream(userStreamId(userId), { maxCount: 1 })).length > 0) return;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_claims').where('user_id', '=', userId).execute();
    await trx.deleteFrom('credentials').where('user_id', '=', userId).execute();
  });
}

/**
 * Records a password change on the user's stream (never the password or its hash). The caller
 * calls it inside the transaction that stores the new hash, as its last step: a refused append
 * rolls the change back, so no password changes without its security notice.
 */
export async function recordPasswordChange(deps: Pick<AccountDeps, 'store' | 'ids'>, userId: string, via: PasswordChangeVia, now: Date): Promise<void> {
  await runCommand(deps, { streamId: userStreamId(userId), decider: userDecider, command: { type: 'RecordPasswordChange', data: { via }, metadata: { now, actor: userId } }, eventIds: (events) => events.map(() => deps.ids.uuid()) });
}

/** A reset link works this long after it is sent. */
export const RESET_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/**
 * Issues a password reset link: every earlier unused link of the user stops working, the new
 * token's hash is stored and the mail is queued, in one transaction (only the hash is kept; the
 * token itself is in the mail alone).
 */
export async function issuePasswordReset(
  deps: Pick<AccountDeps, 'db' | 'ids'>,
  input: { userId: string; tokenHash: string; mail: { to: string; subject: string; text: string }; now: Date },
): Promise<void> {
  const { userId, tokenHash, mail, now } = input;
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    await trx.insertInto('password_reset_tokens').values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS) }).execute();
    await enqueueEmail(trx, { id: deps.ids.uuid(), ...mail, kind: 'password-reset', userId }, now);
  });
}

/** A reset token can be used once, before it expires. */
export const resetTokenUsable = (row: { used_at: Date | null; expires_at: Date } | undefined, now: Date): boolean => row !== undefined && row.used_at === null && row.expires_at.getTime() > now.getTime();

/**
 * Sets a new password with a reset token, in one transaction: the token is used up, the hash
 * replaced, the user's sessions revoked (but `keepSessionId` when the caller is that user), and
 * the change recorded last, so a refused append rolls it all back. Returns whose sessions ended
 * (for the caller to tell every process once committed), or null (and changes nothing) when the
 * token is unknown, used or expired.
 */
export async function resetPasswordWithToken(
  deps: Pick<AccountDeps, 'db' | 'store' | 'ids'>,
  input: { tokenHash: string; passwordHash: string; keepSessionOf?: { userId: string; sessionId: string }; now: Date },
): Promise<{ userId: string; exceptSessionId?: string } | null> {
  const { tokenHash, passwordHash, keepSessionOf, now } = input;
  return deps.db.transaction().execute(async (trx) => {
    const row = await findPasswordResetToken(trx, tokenHash, { lock: true });
    if (!row || !resetTokenUsable(row, now)) return null;
    await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('token_hash', '=', tokenHash).execute();
    await trx.updateTable('credentials').set({ password_hash: passwordHash, updated_at: now }).where('user_id', '=', row.user_id).execute();
    const keep = keepSessionOf?.userId === row.user_id ? keepSessionOf.sessionId : undefined;
    await revokeUserSessions(trx, row.user_id, now, keep);
    await recordPasswordChange(deps, row.user_id, 'reset', now);
    return { userId: row.user_id, ...(keep ? { exceptSessionId: keep } : {}) };
  });
}

/**
 * After a sign-in has made its session: when the account had signed in before and never from
 * this device (the sessions' user agents, the notion the payout rules use), records
 * NewDeviceSignedIn, which tells the owner. Sign-up and a known device record nothing.
 */
export async function recordSignInDevice(deps: AccountDeps, input: { userId: string; sessionId: string; userAgent: string | null; now: Date }): Promise<boolean> {
  const facts = await signInDeviceFacts(deps.db, input.userId, input.sessionId);
  if (!facts.signedInBefore || facts.deviceKnown) return false;
  await runUserCommand(deps, input.userId, { type: 'RecordNewDeviceSignIn', data: { sessionId: input.sessionId, device: deviceLabel(input.userAgent) }, metadata: { now: input.now } }, input.userId);
  return true;
}

/** Grants the admin flag through the user's stream (the seed, and tests via `makeAdmin`). */
export async function grantAdmin(deps: AccountDeps, userId: string, grantedBy: string): Promise<void> {
  await runUserCommand(deps, userId, { type: 'GrantAdmin', data: { grantedBy }, metadata: { now: deps.clock.now() } }, grantedBy);
}

/** An admin makes a user a moderator or takes it back; the event names the admin as its actor. */
export async function setModeratorRole(deps: AccountDeps, userId: string, adminId: string, isModerator: boolean): Promise<void> {
  await runUserCommand(deps, userId, { type: 'SetModeratorRole', data: { adminId, isModerator }, metadata: { now: deps.clock.now() } }, `admin:${adminId}`);
}

/** Admin actions the admin context calls (PATCH /api/admin/users/{id}). */
export async function verifyUserAge(deps: AccountDeps, userId: string, adminId: string): Promise<void> {
  await runUserCommand(deps, userId, { type: 'VerifyAge', data: { adminId }, metadata: { now: deps.clock.now() } }, `admin:${adminId}`);
}
export async function changeAdminNote(deps: AccountDeps, userId: string, adminId: string, note: string): Promise<void> {
  await runUserCommand(deps, userId, { type: 'ChangeAdminNote', data: { adminId, note }, metadata: { now: deps.clock.now() } }, `admin:${adminId}`);
}

/**
 * An admin suspends or freezes an account, or lifts either (issue #29): one event on the user's
 * stream with the reason and the admin as actor. A suspension also ends every session of the
 * account at once (authenticateToken refuses a suspended account's sessions anyway, so one
 * opened meanwhile is no use).
 */
export async function restrictAccount(deps: AccountDeps, input: { userId: string; adminId: string; restriction: AccountRestriction; on: boolean; reason: string }): Promise<void> {
  const now = deps.clock.now();
  const { userId, adminId, restriction, on, reason } = input;
  await runUserCommand(deps, userId, { type: 'RestrictAccount', data: { adminId, restriction, on, reason }, metadata: { now } }, `admin:${adminId}`);
  if (restriction === 'suspension' && on) await revokeUserSessions(deps.db, userId, now);
}

type ProfileParts = { user: StreamPart<UserState, UserEvent>; oldPhone: StreamPart<PhoneState, PhoneEvent>; newPhone: StreamPart<PhoneState, PhoneEvent> };

/** How often a profile change chooses its phone streams again when the verified number moved meanwhile. */
const PROFILE_PHONE_ATTEMPTS_MAX = 5;

/**
 * Records a profile change and waits until the read models show it. A change of the phone number
 * is one append over the account's stream and the numbers' streams (`decideProfileChange`): the
 * number the account held verified is released in the same commit, and a new number another
 * account holds verified is refused (409 `phone_in_use`) before anything is written.
 */
export async function changeProfile(deps: AccountDeps, userId: string, data: ChangeProfile['data'], now: Date): Promise<void> {
  const command: ChangeProfile = { type: 'ChangeProfile', data, metadata: { now, actor: userId } };
  if (data.changes.phoneNumber === undefined) {
    await runUserCommand(deps, userId, command, userId);
    return;
  }
  const ids = (events: unknown[]) => events.map(() => deps.ids.uuid());
  for (let attempt = 1; ; attempt++) {
    const read = profilePhonesRead(await userStateOf(deps, userId), data.changes);
    const oldStream = read.verifiedPhone ? await phoneStreamIdFor(deps, read.verifiedPhone) : null;
    const newStream = read.newPhone ? await phoneStreamIdFor(deps, read.newPhone) : null;
    const phonePart = (streamId: string): StreamPart<PhoneState, PhoneEvent> => ({ streamId, decider: phoneDecider, eventIds: ids });
    // Only the streams there are: a number not held, or the same as the old one, is not read twice.
    const parts = {
      user: { streamId: userStreamId(userId), decider: userDecider, eventIds: ids },
      ...(oldStream ? { oldPhone: phonePart(oldStream) } : {}),
      ...(newStream && newStream !== oldStream ? { newPhone: phonePart(newStream) } : {}),
    } as ProfileParts;
    try {
      await runMultiStreamCommand(deps, { parts, decide: (states) => decideProfileChange(command, read, states), metadata: command.metadata }, { waitForReadModels: true });
      return;
    } catch (error) {
      if (!(error instanceof ProfilePhonesUnread) || attempt >= PROFILE_PHONE_ATTEMPTS_MAX) throw error;
    }
  }
}

// ── phone verification ──────────────────────────────────────────────────────

/** Runs one command on a number's keyed stream (read, decide, append at the revision read, retried on a race). */
async function runPhoneCommand(deps: AccountDeps, command: Extract<PhoneCommand, { data: { phone: string } }>, actor: string): Promise<void> {
  await runCommand(deps, {
    streamId: await phoneStreamIdFor(deps, command.data.phone),
    decider: phoneDecider,
    command: { ...command, metadata: { ...command.metadata, actor } },
    eventIds: (events) => events.map(() => deps.ids.uuid()),
  });
}

/**
 * Sends a verification code by SMS to `phone` (E.164). The account's rules are checked first on
 * its stream as it stands (resend wait, number already verified), so a refused request does not
 * use up the number's daily allowance; then the send is recorded on the number's stream (5 a
 * day, not a number another account holds), then the code's hash on the account's stream. The
 * SMS itself goes out from that event (reactors.ts → SMS outbox → Termii).
 */
export async function requestPhoneCode(deps: AccountDeps, userId: string, phone: string): Promise<{ codeId: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const codeId = deps.ids.uuid();
  const key = await appSecret(deps.db, PHONE_CODE_SECRET_NAME, now);
  const code: NewCode = { codeId, codeHash: codeHashFor(key, codeId, codeFor(key, codeId)), expiresAt: new Date(now.getTime() + PHONE_CODE_LIFETIME_MS) };
  const command: UserCommand = { type: 'IssuePhoneCode', data: { phone, code }, metadata: { now } };
  userDecider.decide(command, await streamState(deps.store, userStreamId(userId), userDecider));
  await runPhoneCommand(deps, { type: 'RequestPhoneCode', data: { phone, userId, codeId }, metadata: { now } }, userId);
  await runUserCommand(deps, userId, command, userId);
  return { codeId, expiresAt: code.expiresAt };
}

export type PhoneVerification = { readonly verified: true; readonly phone: string } | { readonly verified: false; readonly attempts: number };

/**
 * Checks a code. A wrong one is recorded on the account's stream. A right one first claims the
 * number on its own stream (the revision read decides a race between two accounts: one claim
 * wins, the other gets 409), then appends PhoneVerified; should that append fail, the claim is
 * given back. A number the account verified before is released once the new one is verified.
 */
export async function verifyPhoneCode(deps: AccountDeps, userId: string, submitted: string): Promise<PhoneVerification> {
  const now = deps.clock.now();
  const key = await appSecret(deps.db, PHONE_CODE_SECRET_NAME, now);
  const command: UserCommand = { type: 'VerifyPhone', data: { codeMatches: (codeId, hash) => codeMatches(key, codeId, submitted, hash) }, metadata: { now } };
  const before = await streamState(deps.store, userStreamId(userId), userDecider);
  const [decided] = userDecider.decide(command, before);
  if (decided?.type === 'PhoneVerified') {
    await runPhoneCommand(deps, { type: 'ClaimPhone', data: { phone: decided.data.phone, userId }, metadata: { now } }, userId);
  }
  let result: HandleResult<UserState, UserEvent>;
  try {
    result = await runUserCommand(deps, userId, command, userId);
  } catch (error) {
    if (decided?.type === 'PhoneVerified') await releasePhoneUnlessVerified(deps, userId, decided.data.phone);
    throw error;
  }
  const event = result.events[0];
  if (event?.type === 'PhoneVerified') {
    if (before.verifiedPhone && before.verifiedPhone !== event.data.phone) await releasePhone(deps, userId, before.verifiedPhone);
    return { verified: true, phone: event.data.phone };
  }
  // The stream moved between the two decisions (another code, another try): whatever was
  // claimed for a code that did not verify is given back.
  if (decided?.type === 'PhoneVerified') await releasePhoneUnlessVerified(deps, userId, decided.data.phone);
  if (event?.type === 'PhoneVerificationAttemptFailed') return { verified: false, attempts: event.data.attempts };
  throw new Error(`VerifyPhone decided ${event?.type ?? 'nothing'}`);
}

/** Gives a number back on its stream (the account changed its number, or a claim was not followed by PhoneVerified). */
export async function releasePhone(deps: AccountDeps, userId: string, phone: string): Promise<void> {
  await runPhoneCommand(deps, { type: 'ReleasePhone', data: { phone, userId }, metadata: { now: deps.clock.now() } }, userId);
}

async function releasePhoneUnlessVerified(deps: AccountDeps, userId: string, phone: string): Promise<void> {
  const state = await streamState(deps.store, userStreamId(userId), userDecider);
  if (state.isPhoneVerified && state.verifiedPhone === phone) return;
  await releasePhone(deps, userId, phone);
}

/** The user's state as their own stream folds it (the write model), for decisions in other contexts. */
export async function userStateOf(deps: Pick<AccountDeps, 'store'>, userId: string): Promise<UserState> {
  return streamState(deps.store, userStreamId(userId), userDecider);
}
