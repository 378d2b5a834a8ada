/**
 * The verification mail in the player's language (en, es, fr; anything else English), its expiry
 * as a time in the player's own time zone, named, instead of a raw UTC timestamp. Pure: the
 * caller passes the code, the expiry and the player's language and zone.
 */
import { timeZoneOrUtc } from '../shared/time-zone.js';

export const VERIFICATION_MAIL_LANGUAGES = ['en', 'es', 'fr'] as const;
export type VerificationMailLanguage = (typeof VERIFICATION_MAIL_LANGUAGES)[number];

export interface VerificationMailInput {
  readonly code: string;
  readonly expiresAt: string;
  readonly language: string | null | undefined;
  readonly timeZone: string | null | undefined;
  readonly lifetimeMinutes: number;
}

export function verificationMailLanguage(language: string | null | undefined): VerificationMailLanguage {
  const base = (language ?? 'en').slice(0, 2).toLowerCase();
  return (VERIFICATION_MAIL_LANGUAGES as readonly string[]).includes(base) ? (base as VerificationMailLanguage) : 'en';
}

/** "26 Nov 2026, 14:35 WAT"-like, in the language's own words and the player's zone (24-hour clock). */
export function formatExpiry(expiresAt: string, language: VerificationMailLanguage, timeZone: string | null | undefined): string {
  const zone = timeZoneOrUtc(timeZone);
  return new Intl.DateTimeFormat(language, { timeZone: zone, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(expiresAt)) + ` (${zone})`;
}

const TEXTS: Record<VerificationMailLanguage, { subject(code: string): string; lines(code: string, expiry: string, minutes: number): string[] }> = {
  en: {
    subject: (code) => `Your verification code: ${code}`,
    lines: (code, expiry, minutes) => [
      `Your Wager verification code is ${code}.`,
      '',
      `It expires at ${expiry}, ${minutes} minutes after it was sent. Enter it on the Verify Email page.`,
      'If you did not create an account, ignore this email.',
    ],
  },
  es: {
    subject: (code) => `Tu código de verificación: ${code}`,
    lines: (code, expiry, minutes) => [
      `Tu código de verificación de Wager es ${code}.`,
      '',
      `Caduca el ${expiry}, ${minutes} minutos después de enviarse. Introdúcelo en la página Verificar correo.`,
      'Si no creaste una cuenta, ignora este correo.',
    ],
  },
  fr: {
    subject: (code) => `Votre code de vérification : ${code}`,
    lines: (code, expiry, minutes) => [
      `Votre code de vérification Wager est ${code}.`,
      '',
      `Il expire le ${expiry}, ${minutes} minutes après son envoi. Saisissez-le sur la page Vérifier l'e-mail.`,
      "Si vous n'avez pas créé de compte, ignorez cet e-mail.",
    ],
  },
};

export function renderVerificationMail(input: VerificationMailInput): { subject: string; text: string } {
  const language = verificationMailLanguage(input.language);
  const texts = TEXTS[language];
  return { subject: texts.subject(input.code), text: texts.lines(input.code, formatExpiry(input.expiresAt, language, input.timeZone), input.lifetimeMinutes).join('\n') };
}
