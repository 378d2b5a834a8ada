/**
 * Validation rules and messages of spec section 5 for accounts, as zod schemas shared by the
 * server (route bodies) and the web app (forms). Pure: no node-only imports. Every schema
 * strips unknown fields; every string has a maximum length, and an oversize string gets its
 * field's message.
 */
import { z } from 'zod';

export const USERNAME_LENGTH_MIN = 3;
export const USERNAME_LENGTH_MAX = 20;
export const PASSWORD_LENGTH_MIN = 8;
export const PASSWORD_LENGTH_MAX = 128;
export const EMAIL_LENGTH_MAX = 254;
export const AGE_YEARS_MIN = 18;
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_RESEND_COOLDOWN_SECONDS = 60;
export const EMAIL_CODE_ATTEMPTS_MAX = 5;
/** Phone verification by SMS (issue #24): a code lives 10 minutes and allows 5 wrong tries. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_LIFETIME_MS = 10 * 60 * 1000;
export const PHONE_CODE_ATTEMPTS_MAX = 5;
/** One code per account per 60 s, whatever the number. */
export const PHONE_CODE_RESEND_COOLDOWN_SECONDS = 60;
/** At most 5 codes to one number in any 24 hours, whichever accounts asked. */
export const PHONE_CODES_PER_NUMBER_PER_DAY = 5;
export const PHONE_CODE_DAY_MS = 24 * 60 * 60 * 1000;
/** Limits the spec leaves unsaid (TigerStyle: a limit on everything). */
export const PHONE_NUMBER_LENGTH_MAX = 32;
export const GAMING_ID_LENGTH_MAX = 64;
export const COUNTRY_LENGTH_MAX = 64;
export const TIMEZONE_LENGTH_MAX = 64;
export const LANGUAGE_LENGTH_MAX = 16;
export const CITY_LENGTH_MAX = 128;
export const SIGN_IN_IDENTIFIER_LENGTH_MAX = EMAIL_LENGTH_MAX;
export const RESET_TOKEN_LENGTH_MAX = 128;
export const USER_ID_LENGTH_MAX = 64;

export const messages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be less than 20 characters',
  usernameCharacters: 'Username can only contain letters, numbers, hyphens, and underscores',
  usernameSpaces: 'Username cannot contain spaces',
  emailInvalid: 'Invalid email address',
  emailTooLong: 'Email address too long',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be less than 128 characters',
  passwordStrength: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  passwordsDontMatch: "Passwords don't match",
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Date of birth must be a valid date (YYYY-MM-DD)',
  birthDateInPast: 'Birth date must be in the past',
  quickAgeMin: 'You must be at least 18 years old to create an account',
  phoneRequired: 'Phone number is required',
  phoneTooLong: 'Phone number is too long',
  psnTooLong: 'PSN username is too long',
  activisionTooLong: 'Activision ID is too long',
  countryRequired: 'Country is required',
  countryTooLong: 'Country is too long',
  timezoneRequired: 'Timezone is required',
  timezoneTooLong: 'Timezone is too long',
  currencyRequired: 'Currency preference is required',
  languageRequired: 'Language preference is required',
  agreeTerms: 'You must agree to the terms',
  confirmAge: 'You must confirm you are 18 or older',
  quickAgreeTerms: 'You must agree to the terms and conditions',
  verificationCode: 'Verification code must be 6 digits',
  invalidCurrency: 'Invalid currency',
  invalidResetToken: 'Invalid or expired reset link',
  acceptLocation: 'acceptLocation must be true or false',
  invalidLocation: 'Invalid detected location',
  invalidUserId: 'Invalid user id',
  phoneInvalid: 'Enter a valid mobile number, e.g. 0803 123 4567 or +234 803 123 4567',
} as const;

/** Full-form live feedback and server refusal under 18: keeps the keyword 'age' for the client's toast title. */
export function fullFormAgeMessage(age: number): string {
  return `You must be 18 or older to register (Current age: ${age})`;
}
/** The under-18 issue of the full form, with its code and the age for clients that render it themselves. */
function underAgeIssue(age: number) {
  const shown = Math.max(age, 0);
  return { code: 'custom' as const, path: ['dateOfBirth'], message: fullFormAgeMessage(shown), params: { code: 'under_age', age: shown } };
}
export function ageVerifiedMessage(age: number): string {
  return `Age verified: ${age} years old`;
}

/** `YYYY-MM-DD` (or an ISO timestamp starting with it) → `YYYY-MM-DD` when it is a real calendar date. */
export function parseIsoDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Whole years between a `YYYY-MM-DD` birth date and `now`, on UTC calendar dates. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age;
}

function isPastDate(dateOfBirth: string, now: Date): boolean {
  const today = now.toISOString().slice(0, 10);
  return dateOfBirth < today;
}

// ── field schemas ──────────────────────────────────────────────────────────

const usernameBasic = z.string({ error: messages.usernameMin }).trim().min(USERNAME_LENGTH_MIN, messages.usernameMin).max(USERNAME_LENGTH_MAX, messages.usernameMax);

const usernameQuick = z
  .string({ error: messages.usernameMin })
  .min(USERNAME_LENGTH_MIN, messages.usernameMin)
  .max(USERNAME_LENGTH_MAX, messages.usernameMax)
  .refine((v) => !/\s/.test(v), messages.usernameSpaces)
  .refine((v) => /^[A-Za-z0-9_-]*$/.test(v), messages.usernameCharacters);

/** Trimmed and lowercased before the checks, as the quick form sends it. */
const email = (invalidMessage: string = messages.emailInvalid) =>
  z
    .string({ error: invalidMessage })
    .trim()
    .toLowerCase()
    .max(EMAIL_LENGTH_MAX, messages.emailTooLong)
    .pipe(z.email(invalidMessage));

const passwordBasic = z.string({ error: messages.passwordMin }).min(PASSWORD_LENGTH_MIN, messages.passwordMin).max(PASSWORD_LENGTH_MAX, messages.passwordMax);

export const strongPassword = passwordBasic.refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), messages.passwordStrength);

const requiredText = (max: number, requiredMessage: string, tooLongMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, tooLongMessage);

/** Optional free text: absent, null or blank all mean "none". */
const optionalText = (max: number, tooLongMessage: string) =>
  z
    .string({ error: tooLongMessage })
    .trim()
    .max(max, tooLongMessage)
    .nullish()
    .transform((v) => (v ? v : null));

const currencyCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, message);

const dateOfBirthText = z
  .string({ error: messages.dateOfBirthRequired })
  .trim()
  .min(1, messages.dateOfBirthRequired)
  .max(32, messages.dateOfBirthInvalid)
  .transform((v, ctx) => {
    const parsed = parseIsoDate(v);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: messages.dateOfBirthInvalid });
      return z.NEVER;
    }
    return parsed;
  });

// ── sign-in ────────────────────────────────────────────────────────────────

export const signInSchema = z.object({
  username: z.string({ error: messages.usernameRequired }).trim().min(1, messages.usernameRequired).max(SIGN_IN_IDENTIFIER_LENGTH_MAX, messages.usernameRequired),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(PASSWORD_LENGTH_MAX, messages.passwordMax),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The email sign-in view: a valid email and a password (sent as username + password). */
export const emailSignInSchema = z.object({
  email: email(),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(PASSWORD_LENGTH_MAX, messages.passwordMax),
});

// ── registration ───────────────────────────────────────────────────────────

/** The full-form payload the client sends (confirmPassword, agreeTerms, confirmAge dropped). */
export function fullSignupPayloadSchema(now: Date) {
  return z
    .object({
      username: usernameBasic,
      email: email(),
      password: passwordBasic,
      dateOfBirth: dateOfBirthText,
      phoneNumber: requiredText(PHONE_NUMBER_LENGTH_MAX, messages.phoneRequired, messages.phoneTooLong),
      psnUsername: optionalText(GAMING_ID_LENGTH_MAX, messages.psnTooLong),
      activisionId: optionalText(GAMING_ID_LENGTH_MAX, messages.activisionTooLong),
      country: requiredText(COUNTRY_LENGTH_MAX, messages.countryRequired, messages.countryTooLong),
      timezone: requiredText(TIMEZONE_LENGTH_MAX, messages.timezoneRequired, messages.timezoneTooLong),
      preferredCurrency: currencyCode(messages.currencyRequired),
      preferredLanguage: requiredText(LANGUAGE_LENGTH_MAX, messages.languageRequired, messages.languageRequired),
    })
    .superRefine((v, ctx) => {
      if (typeof v.dateOfBirth !== 'string') return;
      const age = ageOn(v.dateOfBirth, now);
      if (age < AGE_YEARS_MIN) ctx.addIssue(underAgeIssue(age));
    });
}
export type FullSignupPayload = z.infer<ReturnType<typeof fullSignupPayloadSchema>>;

/** The full registration form (web): the payload's rules plus confirmPassword, agreeTerms, confirmAge. */
export function fullRegistrationFormSchema(now: Date) {
  return z
    .object({
      username: usernameBasic,
      email: email(),
      password: passwordBasic,
      confirmPassword: z.string({ error: messages.passwordsDontMatch }).max(PASSWORD_LENGTH_MAX, messages.passwordMax),
      dateOfBirth: dateOfBirthText,
      phoneNumber: requiredText(PHONE_NUMBER_LENGTH_MAX, messages.phoneRequired, messages.phoneTooLong),
      psnUsername: optionalText(GAMING_ID_LENGTH_MAX, messages.psnTooLong),
      activisionId: optionalText(GAMING_ID_LENGTH_MAX, messages.activisionTooLong),
      country: requiredText(COUNTRY_LENGTH_MAX, messages.countryRequired, messages.countryTooLong),
      timezone: requiredText(TIMEZONE_LENGTH_MAX, messages.timezoneRequired, messages.timezoneTooLong),
      preferredCurrency: requiredText(8, messages.currencyRequired, messages.currencyRequired),
      preferredLanguage: requiredText(LANGUAGE_LENGTH_MAX, messages.languageRequired, messages.languageRequired),
      agreeTerms: z.literal(true, { error: messages.agreeTerms }),
      confirmAge: z.literal(true, { error: messages.confirmAge }),
    })
    .superRefine((v, ctx) => {
      if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsDontMatch });
      if (typeof v.dateOfBirth === 'string') {
        const age = ageOn(v.dateOfBirth, now);
        if (age < AGE_YEARS_MIN) ctx.addIssue(underAgeIssue(age));
      }
    });
}

/** The quick-signup payload; the detected fields fall back to the spec's defaults when absent. */
export function quickSignupPayloadSchema(now: Date) {
  return z
    .object({
      username: usernameQuick,
      email: email(),
      password: strongPassword,
      dateOfBirth: dateOfBirthText,
      agreeTerms: z.literal(true, { error: messages.quickAgreeTerms }),
      timezone: optionalText(TIMEZONE_LENGTH_MAX, messages.timezoneTooLong).transform((v) => v ?? 'UTC'),
      preferredLanguage: optionalText(LANGUAGE_LENGTH_MAX, messages.languageRequired).transform((v) => v ?? 'en'),
      preferredCurrency: z
        .union([currencyCode(messages.currencyRequired), z.literal('').transform(() => undefined)])
        .optional()
        .transform((v) => v ?? 'USD'),
      country: optionalText(COUNTRY_LENGTH_MAX, messages.countryTooLong).transform((v) => v ?? 'US'),
      phoneNumber: optionalText(PHONE_NUMBER_LENGTH_MAX, messages.phoneTooLong),
      psnUsername: optionalText(GAMING_ID_LENGTH_MAX, messages.psnTooLong),
      activisionId: optionalText(GAMING_ID_LENGTH_MAX, messages.activisionTooLong),
    })
    .superRefine((v, ctx) => {
      if (typeof v.dateOfBirth !== 'string') return;
      if (!isPastDate(v.dateOfBirth, now)) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: messages.birthDateInPast });
      else if (ageOn(v.dateOfBirth, now) < AGE_YEARS_MIN) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: messages.quickAgeMin });
    });
}
export type QuickSignupPayload = z.infer<ReturnType<typeof quickSignupPayloadSchema>>;

/** Which form a sign-up payload came from: the quick form sends `agreeTerms`; the full form drops it. */
export function isQuickSignupPayload(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'agreeTerms' in body;
}

// ── email verification, reset ─────────────────────────────────────────────

export const verificationCodeSchema = z.string({ error: messages.verificationCode }).trim().regex(/^\d{6}$/, messages.verificationCode);

export const verifyEmailSchema = z.object({
  code: verificationCodeSchema,
  userId: z.string({ error: messages.invalidUserId }).max(USER_ID_LENGTH_MAX, messages.invalidUserId).optional(),
});

export const resendCodeSchema = z.object({
  userId: z.string({ error: messages.invalidUserId }).max(USER_ID_LENGTH_MAX, messages.invalidUserId).optional(),
});

/** POST /api/user/phone: the number as typed; the server parses it to E.164 (phone-number.ts). */
export const phoneCodeRequestSchema = z.object({
  phone: z.string({ error: messages.phoneRequired }).trim().min(1, messages.phoneRequired).max(PHONE_NUMBER_LENGTH_MAX, messages.phoneTooLong),
});

/** POST /api/user/phone/verify. */
export const verifyPhoneSchema = z.object({ code: verificationCodeSchema });

export const requestResetSchema = z.object({ email: email() });

export const resetPasswordSchema = z.object({
  token: z.string({ error: messages.invalidResetToken }).min(1, messages.invalidResetToken).max(RESET_TOKEN_LENGTH_MAX, messages.invalidResetToken),
  password: strongPassword,
});

// ── profile, currency, location ───────────────────────────────────────────

/** Only the spec's fields, all optional; blank gaming ids/phone/country/timezone clear them. */
export const profileUpdateSchema = z.object({
  username: usernameBasic.optional(),
  email: email().optional(),
  phoneNumber: optionalText(PHONE_NUMBER_LENGTH_MAX, messages.phoneTooLong).optional(),
  psnUsername: optionalText(GAMING_ID_LENGTH_MAX, messages.psnTooLong).optional(),
  activisionId: optionalText(GAMING_ID_LENGTH_MAX, messages.activisionTooLong).optional(),
  country: optionalText(COUNTRY_LENGTH_MAX, messages.countryTooLong).optional(),
  timezone: optionalText(TIMEZONE_LENGTH_MAX, messages.timezoneTooLong).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const setCurrencySchema = z.object({
  currency: currencyCode(messages.invalidCurrency),
  setByUser: z.boolean({ error: 'setByUser must be true or false' }).default(true),
});

export const detectedLocationSchema = z.object({
  country: z.string({ error: messages.invalidLocation }).trim().max(COUNTRY_LENGTH_MAX, messages.invalidLocation),
  city: z.string({ error: messages.invalidLocation }).trim().max(CITY_LENGTH_MAX, messages.invalidLocation).optional().default(''),
  currency: currencyCode(messages.invalidLocation),
});

export const confirmLocationSchema = z.object({
  acceptLocation: z.boolean({ error: messages.acceptLocation }),
  detectedLocation: detectedLocationSchema.nullish(),
});
