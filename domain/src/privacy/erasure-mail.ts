/**
 * The mail that confirms a player's erasure request, in their language (en, es, fr; anything else
 * English) with the date it takes effect in their own time zone, like the verification mail.
 * Pure: the caller passes the date and the player's language and zone.
 */
import { formatExpiry, verificationMailLanguage, type VerificationMailLanguage } from '../accounts/verification-mail.js';

export interface ErasureMailInput {
  readonly effectiveAt: string;
  readonly language: string | null | undefined;
  readonly timeZone: string | null | undefined;
}

const TEXTS: Record<VerificationMailLanguage, { subject: string; lines(when: string): string[] }> = {
  en: {
    subject: 'Your account will be erased',
    lines: (when) => [
      `You asked us to erase your Wager account. It will be erased after ${when}, once your open bets and pools have finished and your balance has been withdrawn. Your financial records are kept, without your name, for five years as the law requires.`,
      '',
      'If you did not ask for this, or changed your mind, cancel it in your profile (Your data) before then.',
    ],
  },
  es: {
    subject: 'Tu cuenta será borrada',
    lines: (when) => [
      `Nos pediste borrar tu cuenta de Wager. Se borrará después del ${when}, cuando tus apuestas y grupos abiertos hayan terminado y hayas retirado tu saldo. Tus registros financieros se conservan, sin tu nombre, durante cinco años como exige la ley.`,
      '',
      'Si no lo pediste, o cambiaste de opinión, cancélalo en tu perfil (Tus datos) antes de esa fecha.',
    ],
  },
  fr: {
    subject: 'Votre compte va être effacé',
    lines: (when) => [
      `Vous nous avez demandé d'effacer votre compte Wager. Il sera effacé après le ${when}, une fois vos paris et vos groupes en cours terminés et votre solde retiré. Vos données financières sont conservées, sans votre nom, pendant cinq ans comme la loi l'exige.`,
      '',
      "Si vous n'avez pas fait cette demande, ou si vous avez changé d'avis, annulez-la dans votre profil (Vos données) avant cette date.",
    ],
  },
};

export function renderErasureRequestedMail(input: ErasureMailInput): { subject: string; text: string } {
  const language = verificationMailLanguage(input.language);
  const texts = TEXTS[language];
  return { subject: texts.subject, text: texts.lines(formatExpiry(input.effectiveAt, language, input.timeZone)).join('\n') };
}
