// Proves a notification email in en, es and fr: the deadline said in the recipient's zone and language, plain text and HTML (escaped), and the one-click unsubscribe headers only where the category can be switched off; and the language an unsubscribe page is written in.
import { describe, expect, it } from 'vitest';
import { readerLocale } from '@wager/domain/notifications/index';
import { renderNotificationEmail } from './email.js';
import { unsubscribeSignature, verifyUnsubscribe } from './unsubscribe.js';

const now = new Date('2026-11-26T12:00:00.000Z');
const params = { betId: 'b1', reporter: 'bayo<script>', result: 'won', deadlineAt: '2026-11-27T21:35:00.000Z' };
const base = { type: 'result_reported' as const, params, link: 'https://wager.example/matches/b1', timeZone: 'Africa/Lagos', now, unsubscribeUrl: 'https://wager.example/api/notifications/unsubscribe?u=1&c=results&s=x' };

describe('notification email', () => {
  it.each([
    ['en', 'If you do nothing, the bet settles for bayo<script> at 22:35 tomorrow.', 'Stop emails like this one'],
    ['es', 'Si no haces nada, la apuesta se liquida a favor de bayo<script> mañana a las 22:35.', 'Dejar de recibir correos como este'],
    ['fr', 'Sans réaction de votre part, le pari sera réglé en faveur de bayo<script> demain à 22:35.', 'Ne plus recevoir ce type d’e-mail'],
  ])('in %s says the deadline in the reader’s zone, with text, HTML and RFC 8058 headers', (language, sentence, unsubscribe) => {
    const mail = renderNotificationEmail({ ...base, language });
    expect(mail.text).toContain(sentence);
    expect(mail.text).toContain(`${unsubscribe}: ${base.unsubscribeUrl}`);
    expect(mail.html).toContain(`lang="${language}"`);
    expect(mail.html).toContain('bayo&lt;script&gt;');
    expect(mail.html).not.toContain('bayo<script>');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${base.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('a money mail has no unsubscribe link or header and says why', () => {
    const mail = renderNotificationEmail({ ...base, type: 'withdrawal_paid', params: { amount: '5000.00', currency: 'NGN' }, language: 'en', unsubscribeUrl: null });
    expect(mail.subject).toBe('Withdrawal paid');
    expect(mail.headers).toEqual({});
    expect(mail.text).toContain('it concerns your money');
  });

  it('the unsubscribe signature binds the person and the category', () => {
    const key = Buffer.from('k'.repeat(32));
    const s = unsubscribeSignature(key, 'user-1', 'results');
    expect(verifyUnsubscribe(key, { u: 'user-1', c: 'results', s })).toEqual({ userId: 'user-1', category: 'results' });
    expect(() => verifyUnsubscribe(key, { u: 'user-2', c: 'results', s })).toThrow('This unsubscribe link is not valid');
    expect(() => verifyUnsubscribe(key, { u: 'user-1', c: 'bets', s })).toThrow('This unsubscribe link is not valid');
    expect(() => verifyUnsubscribe(Buffer.from('j'.repeat(32)), { u: 'user-1', c: 'results', s })).toThrow('This unsubscribe link is not valid');
  });
});

describe('readerLocale: the language of a page reached from an email link', () => {
  it.each([
    ['es', undefined, 'es'],
    ['fr-CA', 'es', 'fr'],
    ['en', 'fr', 'en'],
    ['de', 'de-DE,es;q=0.4,fr;q=0.7', 'fr'],
    [null, 'estonian, es-MX', 'es'],
    [null, '*, fr;q=0', 'en'],
    [null, 'fr;q=abc, es', 'fr'],
    [undefined, undefined, 'en'],
  ] as const)('profile %s, Accept-Language %s → %s', (profile, accept, expected) => {
    expect(readerLocale(profile, accept)).toBe(expected);
  });
});
