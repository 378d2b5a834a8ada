import {
  AGE_YEARS_MIN,
  EMAIL_CODE_LENGTH,
  ageOn,
  emailSignInSchema,
  fullRegistrationFormSchema,
  parseIsoDate,
  profileUpdateSchema,
  quickSignupPayloadSchema,
  requestResetSchema,
  signInSchema,
  verificationCodeSchema,
} from '@wager/domain/accounts/rules';
import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/**
 * The account forms use the domain's schemas (`@wager/domain/accounts/rules`), so the browser
 * shows exactly the messages the server answers with.
 */
export { USERNAME_LENGTH_MAX, USERNAME_LENGTH_MIN, PASSWORD_LENGTH_MIN } from '@wager/domain/accounts/rules';
export { EMAIL_CODE_LENGTH, emailSignInSchema, signInSchema };
export const MINIMUM_AGE_YEARS = AGE_YEARS_MIN;

/** Whole years from a `YYYY-MM-DD` birth date to `now`; null when the date is not a real one. */
export function ageInYears(dateOfBirth: string, now: Date): number | null {
  const date = parseIsoDate(dateOfBirth);
  return date ? ageOn(date, now) : null;
}

export const registrationSchema = fullRegistrationFormSchema;
export const quickSignupSchema = quickSignupPayloadSchema;
export const resetRequestSchema = requestResetSchema;
export const profileSchema = profileUpdateSchema;
export const emailCodeSchema = z.object({ code: verificationCodeSchema });

export type SignInForm = z.input<typeof signInSchema>;
/** What the registration inputs hold (checkboxes are plain booleans until validated). */
export type RegistrationForm = Omit<z.input<ReturnType<typeof registrationSchema>>, 'agreeTerms' | 'confirmAge' | 'psnUsername' | 'activisionId'> & {
  agreeTerms: boolean;
  confirmAge: boolean;
  psnUsername: string;
  activisionId: string;
};
export type RegistrationOutput = z.output<ReturnType<typeof registrationSchema>>;
export type QuickSignupForm = {
  username: string;
  email: string;
  password: string;
  dateOfBirth: string;
  agreeTerms: boolean;
};
export type QuickSignupOutput = z.output<ReturnType<typeof quickSignupSchema>>;
/** The profile form edits strings; blank means "unchanged" (spec section 5). */
export type ProfileForm = { [K in keyof z.input<typeof profileSchema>]-?: string };

/**
 * A resolver over a domain schema whose input types are narrower than the form's (a checkbox
 * holds `false` until checked, where the schema wants `true`): validation is the schema's own.
 */
export function formResolver<Form extends FieldValues, Output>(schema: z.ZodType<Output>): Resolver<Form, unknown, Output> {
  return zodResolver(schema as never) as unknown as Resolver<Form, unknown, Output>;
}
