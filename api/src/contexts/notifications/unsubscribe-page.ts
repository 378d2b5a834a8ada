/**
 * The pages an email's unsubscribe link opens, in the person's language (`readerLocale`: their
 * profile's, as their emails are written; else the browser's Accept-Language; else English). The
 * link needs no login, so these pages are rendered here rather than by the web app. Each language
 * is written as a native speaker would say it, not word for word.
 */
import type { NotificationCategory, NotificationLocale } from '@wager/domain/notifications/index';
import { escapeHtml } from './email.js';

interface PageWords {
  /** The category as it reads inside a sentence ("emails about …"). */
  readonly categories: Record<NotificationCategory, string>;
  readonly confirmTitle: string;
  readonly confirmBody: (category: string) => string;
  readonly confirmButton: string;
  readonly doneTitle: string;
  readonly doneBody: (category: string) => string;
}

const WORDS: Record<NotificationLocale, PageWords> = {
  en: {
    categories: {
      challenges: 'challenges',
      results: 'results and disputes',
      bets: 'bet settlements',
      payments: 'deposits and withdrawals',
      pools: 'FPL pools',
      moderation: 'moderator requests',
      account: 'your account and identity',
      safer_play: 'safer play reminders',
    },
    confirmTitle: 'Unsubscribe',
    confirmBody: (c) => `Stop emails about ${c}? You will still see them in the app, and you can switch them back on in your profile.`,
    confirmButton: 'Unsubscribe',
    doneTitle: 'Unsubscribed',
    doneBody: (c) => `You will no longer get emails about ${c}. You can switch them back on in your profile.`,
  },
  es: {
    categories: {
      challenges: 'desafíos',
      results: 'resultados y disputas',
      bets: 'liquidación de apuestas',
      payments: 'depósitos y retiros',
      pools: 'ligas FPL',
      moderation: 'solicitudes de moderador',
      account: 'tu cuenta e identidad',
      safer_play: 'recordatorios de juego seguro',
    },
    confirmTitle: 'Darse de baja',
    confirmBody: (c) => `¿Quieres dejar de recibir correos sobre ${c}? Los seguirás viendo en la aplicación y puedes volver a activarlos cuando quieras desde tu perfil.`,
    confirmButton: 'Darme de baja',
    doneTitle: 'Te has dado de baja',
    doneBody: (c) => `Ya no recibirás correos sobre ${c}. Puedes volver a activarlos cuando quieras desde tu perfil.`,
  },
  fr: {
    categories: {
      challenges: 'les défis',
      results: 'les résultats et les litiges',
      bets: 'le règlement des paris',
      payments: 'les dépôts et les retraits',
      pools: 'les ligues FPL',
      moderation: 'les demandes de modérateur',
      account: 'votre compte et votre identité',
      safer_play: 'les rappels de jeu responsable',
    },
    confirmTitle: 'Se désabonner',
    confirmBody: (c) => `Ne plus recevoir d’e-mails concernant ${c} ? Vous les verrez toujours dans l’application, et vous pourrez les réactiver à tout moment depuis votre profil.`,
    confirmButton: 'Me désabonner',
    doneTitle: 'Désabonnement confirmé',
    doneBody: (c) => `Vous ne recevrez plus d’e-mails concernant ${c}. Vous pouvez les réactiver à tout moment depuis votre profil.`,
  },
};

function page(locale: NotificationLocale, title: string, body: string, form?: { action: string; button: string }): string {
  return [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">`,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>`,
    form ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(form.button)}</button></form>` : '',
    '</body></html>',
  ].join('');
}

/** GET: asks before switching anything off (mail scanners follow links); the button posts to `action`. */
export function unsubscribeConfirmPage(locale: NotificationLocale, category: NotificationCategory, action: string): string {
  const words = WORDS[locale];
  return page(locale, words.confirmTitle, words.confirmBody(words.categories[category]), { action, button: words.confirmButton });
}

/** POST: the category's email is off. */
export function unsubscribedPage(locale: NotificationLocale, category: NotificationCategory): string {
  const words = WORDS[locale];
  return page(locale, words.doneTitle, words.doneBody(words.categories[category]));
}
