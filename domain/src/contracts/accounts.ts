/**
 * The accounts context's contract (docs/architecture.md, "One contract"): sign-up, sign-in,
 * verification, password reset, the current user and their profile, phone and location.
 * Request bodies are the accounts rules (their messages are the spec's); response objects are
 * strict: an answer with a field not described here fails its request.
 */
import { z } from 'zod';
import {
  confirmLocationSchema,
  phoneCodeRequestSchema,
  profileUpdateSchema,
  requestResetSchema,
  resendCodeSchema,
  resetPasswordSchema,
  setCurrencySchema,
  signInSchema,
  verifyEmailSchema,
  verifyPhoneSchema,
} from '../accounts/rules.js';
import { errorBody, id, isoTime, moneyString } from './common.js';

/** The User of spec section 3 (and the wagering document's extra fields), camelCase: what the user reads of themself. */
export const user = z.strictObject({
  id,
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  psnUsername: z.string().nullable(),
  activisionId: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  balance: moneyString,
  cryptoBalance: moneyString,
  dailySpent: moneyString,
  /** null: the player removed their daily stake limit. */
  dailyLimit: moneyString.nullable(),
  preferredCurrency: z.string(),
  preferredLanguage: z.string(),
  isAdmin: z.boolean(),
  /** Granted by an admin: may join any chat as its moderator. */
  isModerator: z.boolean(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isPsnVerified: z.boolean(),
  isAgeVerified: z.boolean(),
  locationDetectedAt: isoTime.nullable(),
  currencySetByUser: z.boolean(),
  ipAddress: z.string().nullable(),
  fplTeamId: z.string().nullable(),
  rating: z.number(),
  wins: z.number(),
  losses: z.number(),
  createdAt: isoTime,
  /** Safer play: the end of a self-exclusion or cool-off in force, else null. */
  selfExcludedUntil: isoTime.nullable(),
  coolOffUntil: isoTime.nullable(),
  /** The reason of a freeze in force: the player can read but moves no money. Null when none. */
  freezeReason: z.string().nullable(),
});
export type User = z.infer<typeof user>;

/** GET /api/user: the user with the bell's counts (notifications shown by now, and how many are unread). */
export const currentUser = user.extend({ notifications: z.strictObject({ unread: z.number(), total: z.number() }) });
export type CurrentUser = z.infer<typeof currentUser>;

/** A refusal that says when to try again (429, and the code resend). */
export const retryableError = errorBody.extend({ retryAfter: z.number() });
/** The refusals of a route that needs a session. */
export const UNAUTHENTICATED_RESPONSES = { 401: errorBody } as const;

const success = z.strictObject({ success: z.literal(true), message: z.string() });
export const successResponse = success;
export type SuccessResponse = z.infer<typeof successResponse>;

// ---- /api/auth/* ---------------------------------------------------------------------------

/** POST /api/auth/signup: the quick or the full form, told apart and checked by the accounts rules (the route parses it). */
export const signupBody = z.record(z.string(), z.unknown(), { error: 'Request body must be a JSON object' });
export const signupResponse = z.strictObject({ token: z.string(), user, requiresVerification: z.literal(true) });
export type SignupResponse = z.infer<typeof signupResponse>;

export const loginBody = signInSchema;
export type LoginBody = z.input<typeof loginBody>;
export const loginResponse = z.strictObject({ token: z.string(), user });
export type LoginResponse = z.infer<typeof loginResponse>;
/** What signing up or in answers: the session's token and the user (signup says it needs verification). */
export type AuthResponse = LoginResponse & { requiresVerification?: boolean };

export const verifyEmailBody = verifyEmailSchema;
export type VerifyEmailBody = z.input<typeof verifyEmailBody>;
export const verifyEmailResponse = success.extend({ user });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

export const resendCodeBody = resendCodeSchema.nullish();
export const resendCodeResponse = success.extend({ retryAfter: z.number() });
export type ResendCodeResponse = z.infer<typeof resendCodeResponse>;

export const requestResetBody = requestResetSchema;
export type RequestResetBody = z.input<typeof requestResetBody>;
export const resetPasswordBody = resetPasswordSchema;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

// ---- /api/user, /api/user/profile, /api/user/currency ---------------------------------------

export const profileUpdateBody = profileUpdateSchema;
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;
export const setCurrencyBody = setCurrencySchema;
export type SetCurrencyBody = z.input<typeof setCurrencyBody>;
/** A change to the user answers the user as it now is. */
export const userResult = z.strictObject({ success: z.literal(true), user });
export type UserResult = z.infer<typeof userResult>;

// ---- /api/user/phone, /api/user/phone/verify -------------------------------------------------

export const phoneCodeBody = phoneCodeRequestSchema;
export type PhoneCodeBody = z.input<typeof phoneCodeBody>;
export const phoneCodeSent = z.strictObject({ success: z.literal(true), message: z.string(), phone: z.string(), expiresAt: isoTime, retryAfter: z.number() });
export type PhoneCodeSent = z.infer<typeof phoneCodeSent>;
export const verifyPhoneBody = verifyPhoneSchema;
export type VerifyPhoneBody = z.input<typeof verifyPhoneBody>;
export const phoneVerified = success.extend({ user });
export type PhoneVerified = z.infer<typeof phoneVerified>;

// ---- /api/location/detect, /api/location/confirm ---------------------------------------------

export const detectedLocation = z.strictObject({ country: z.string(), city: z.string(), currency: z.string() });
export type DetectedLocation = z.infer<typeof detectedLocation>;
export const confirmLocationBody = confirmLocationSchema;
export type ConfirmLocationBody = z.input<typeof confirmLocationBody>;
export const confirmLocationResponse = userResult;

/**
 * The signed-in user as the web app holds it: GET /api/user's answer (with the bell's counts),
 * or the user a command answered with (sign-in, a profile change), which has no counts.
 */
export type SessionUser = User & Partial<Pick<CurrentUser, 'notifications'>>;
