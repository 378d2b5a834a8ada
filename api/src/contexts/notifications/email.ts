/**
 * A notification as an email, rendered in the recipient's language and time zone when it is
 * queued: plain text and HTML, a link to the screen it is about, and, for a category the person
 * may switch off, a one-click unsubscribe link (RFC 8058: List-Unsubscribe with an https URL and
 * List-Unsubscribe-Post). Money and security mails carry no unsubscribe link: they cannot be
 * switched off.
 */
import { notificationLocale, renderNotification, type NotificationLocale, type NotificationParams, type NotificationType } from '@wager/domain/notifications/index';

export interface NotificationEmailInput {
  readonly type: NotificationType;
  readonly params: NotificationParams;
  /** Absolute URL of the screen it is about. */
  readonly link: string;
  readonly language: string | null;
  readonly timeZone: string | null;
  readonly now: Date;
  /** Null for a category that cannot be switched off. */
  readonly unsubscribeUrl: string | null;
}

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: Record<string, string>;
}

const FOOTER: Record<NotificationLocale, { open: string; unsubscribe: string; locked: string }> = {
  en: { open: 'Open in Wager', unsubscribe: 'Stop emails like this one', locked: 'You get this email because it concerns your money or the security of your account.' },
  es: { open: 'Abrir en Wager', unsubscribe: 'Dejar de recibir correos como este', locked: 'Recibes este correo porque afecta a tu dinero o a la seguridad de tu cuenta.' },
  fr: { open: 'Ouvrir dans Wager', unsubscribe: 'Ne plus recevoir ce type d’e-mail', locked: 'Vous recevez cet e-mail car il concerne votre argent ou la sécurité de votre compte.' },
};

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function renderNotificationEmail(input: NotificationEmailInput): RenderedEmail {
  const locale = notificationLocale(input.language);
  const { title, body } = renderNotification(input.type, input.params, { locale, timeZone: input.timeZone, now: input.now });
  const words = FOOTER[locale];
  const text = [body, '', `${words.open}: ${input.link}`, '', input.unsubscribeUrl ? `${words.unsubscribe}: ${input.unsubscribeUrl}` : words.locked].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(body)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(words.open)}</a></p>`,
    `<hr><p style="font-size:12px;color:#555">${input.unsubscribeUrl ? `<a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(words.unsubscribe)}</a>` : escapeHtml(words.locked)}</p>`,
    '</body></html>',
  ].join('');
  const headers: Record<string, string> = input.unsubscribeUrl ? { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
  return { subject: title, text, html, headers };
}
