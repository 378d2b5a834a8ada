// Proves every account validation message of spec section 5 comes out of the shared zod schemas, word for word.
import { describe, expect, it } from 'vitest';
import {
  emailSignInSchema,
  fullRegistrationFormSchema,
  fullSignupPayloadSchema,
  isQuickSignupPayload,
  profileUpdateSchema,
  quickSignupPayloadSchema,
  requestResetSchema,
  signInSchema,
  verifyEmailSchema,
  ageOn,
  parseIsoDate,
} from './rules.js';

const now = new Date('2026-11-21T12:00:00Z');

function firstMessage(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error!.issues[0]!.message;
}

const full = {
  username: 'player_one',
  email: 'one@example.com',
  password: 'password1',
  dateOfBirth: '1990-05-05',
  phoneNumber: '+2348000000000',
  psnUsername: '',
  activisionId: '',
  country: 'NG',
  timezone: 'Africa/Lagos',
  preferredCurrency: 'NGN',
  preferredLanguage: 'en',
};
const quick = { username: 'quick_one', email: 'q@example.com', password: 'Password1', dateOfBirth: '1995-01-01', agreeTerms: true };

describe('sign-in', () => {
  it.each([
    [{ username: '', password: 'x' }, 'Username is required'],
    [{ password: 'x' }, 'Username is required'],
    [{ username: 'a', password: '' }, 'Password is required'],
    [{ username: 'a' }, 'Password is required'],
  ])('%j → %s', (value, message) => expect(firstMessage(signInSchema, value)).toBe(message));

  it('email sign-in needs a valid email and a password; reset needs a valid email', () => {
    expect(firstMessage(emailSignInSchema, { email: 'nope', password: 'x' })).toBe('Invalid email address');
    expect(firstMessage(emailSignInSchema, { email: 'a@b.co', password: '' })).toBe('Password is required');
    expect(firstMessage(requestResetSchema, { email: 'nope' })).toBe('Invalid email address');
  });
});

describe('full registration payload', () => {
  const schema = fullSignupPayloadSchema(now);
  it('accepts a valid payload and strips unknown fields', () => {
    const parsed = schema.parse({ ...full, isAdmin: true });
    expect(parsed).not.toHaveProperty('isAdmin');
    expect(parsed.psnUsername).toBeNull();
  });
  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(21) }, 'Username must be less than 20 characters'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email address too long'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'a'.repeat(129) }, 'Password must be less than 128 characters'],
    [{ dateOfBirth: '' }, 'Date of birth is required'],
    [{ dateOfBirth: undefined }, 'Date of birth is required'],
    [{ dateOfBirth: '2010-01-01' }, 'You must be 18 or older to register (Current age: 16)'],
    [{ phoneNumber: '' }, 'Phone number is required'],
    [{ country: '' }, 'Country is required'],
    [{ timezone: '' }, 'Timezone is required'],
    [{ preferredCurrency: '' }, 'Currency preference is required'],
    [{ preferredLanguage: '' }, 'Language preference is required'],
  ])('%j → %s', (override, message) => expect(firstMessage(schema, { ...full, ...override })).toBe(message));

  it('is 18 on the birthday itself and 17 the day before', () => {
    expect(firstMessage(schema, { ...full, dateOfBirth: '2008-11-21' })).toBeUndefined();
    expect(firstMessage(schema, { ...full, dateOfBirth: '2008-11-22' })).toBe('You must be 18 or older to register (Current age: 17)');
  });
});

describe('full registration form (web)', () => {
  const schema = fullRegistrationFormSchema(now);
  const form = { ...full, confirmPassword: full.password, agreeTerms: true, confirmAge: true };
  it.each([
    [{ confirmPassword: 'different1' }, "Passwords don't match", 'confirmPassword'],
    [{ agreeTerms: false }, 'You must agree to the terms', 'agreeTerms'],
    [{ confirmAge: false }, 'You must confirm you are 18 or older', 'confirmAge'],
  ])('%j → %s on %s', (override, message, field) => {
    const result = schema.safeParse({ ...form, ...override });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe('quick signup payload', () => {
  const schema = quickSignupPayloadSchema(now);
  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(21) }, 'Username must be less than 20 characters'],
    [{ username: 'has space' }, 'Username cannot contain spaces'],
    [{ username: 'bad!name' }, 'Username can only contain letters, numbers, hyphens, and underscores'],
    [{ email: 'nope' }, 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email address too long'],
    [{ password: 'Short1' }, 'Password must be at least 8 characters'],
    [{ password: `Aa1${'a'.repeat(126)}` }, 'Password must be less than 128 characters'],
    [{ password: 'alllowercase1' }, 'Password must contain at least one uppercase letter, one lowercase letter, and one number'],
    [{ password: 'NoDigitsHere' }, 'Password must contain at least one uppercase letter, one lowercase letter, and one number'],
    [{ dateOfBirth: '' }, 'Date of birth is required'],
    [{ dateOfBirth: '2026-11-21' }, 'Birth date must be in the past'],
    [{ dateOfBirth: '2030-01-01' }, 'Birth date must be in the past'],
    [{ dateOfBirth: '2010-01-01' }, 'You must be at least 18 years old to create an account'],
    [{ agreeTerms: false }, 'You must agree to the terms and conditions'],
  ])('%j → %s', (override, message) => expect(firstMessage(schema, { ...quick, ...override })).toBe(message));

  it('lowercases and trims the email and fills the detected defaults', () => {
    const parsed = schema.parse({ ...quick, email: '  Q@Example.COM ' });
    expect(parsed).toMatchObject({ email: 'q@example.com', timezone: 'UTC', preferredLanguage: 'en', preferredCurrency: 'USD', country: 'US', phoneNumber: null });
  });

  it('is told apart from the full form by agreeTerms', () => {
    expect(isQuickSignupPayload(quick)).toBe(true);
    expect(isQuickSignupPayload(full)).toBe(false);
  });
});

describe('profile and email code', () => {
  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(21) }, 'Username must be less than 20 characters'],
    [{ email: 'x' }, 'Invalid email address'],
  ])('profile %j → %s', (value, message) => expect(firstMessage(profileUpdateSchema, value)).toBe(message));

  it('profile fields are all optional and free text', () => {
    expect(profileUpdateSchema.parse({ country: 'Anywhere', timezone: 'Mars/Olympus' })).toEqual({ country: 'Anywhere', timezone: 'Mars/Olympus' });
  });

  it.each(['12345', '1234567', 'abcdef', '12 345', ''])('code %j → the 6-digit message', (code) => {
    expect(firstMessage(verifyEmailSchema, { code })).toBe('Verification code must be 6 digits');
  });
});

describe('dates', () => {
  it('parses only real calendar dates and counts whole years', () => {
    expect(parseIsoDate('2000-02-30')).toBeNull();
    expect(parseIsoDate('2000-02-29T00:00:00.000Z')).toBe('2000-02-29');
    expect(ageOn('2000-11-22', now)).toBe(25);
    expect(ageOn('2000-11-21', now)).toBe(26);
  });
});
