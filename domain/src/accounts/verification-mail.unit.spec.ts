// Proves the verification mail names its expiry in the player's language and time zone (never a raw UTC timestamp), falls back to English and UTC for what it does not know, and keeps the code in the subject in every language.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderVerificationMail, verificationMailLanguage } from './verification-mail.js';

const expiresAt = '2026-11-26T13:35:00.000Z';

describe('renderVerificationMail', () => {
  it('gives a Lagos player the expiry in Lagos time, in English', () => {
    const mail = renderVerificationMail({ code: '123456', expiresAt, language: 'en', timeZone: 'Africa/Lagos', lifetimeMinutes: 15 });
    expect(mail.subject).toBe('Your verification code: 123456');
    expect(mail.text).toContain('Your Wager verification code is 123456.');
    expect(mail.text).toContain('It expires at Nov 26, 2026, 14:35 (Africa/Lagos), 15 minutes after it was sent.');
    expect(mail.text).not.toContain(expiresAt);
  });

  it('speaks Spanish and French, in the player zone', () => {
    const es = renderVerificationMail({ code: '123456', expiresAt, language: 'es', timeZone: 'Europe/Madrid', lifetimeMinutes: 15 });
    expect(es.subject).toBe('Tu código de verificación: 123456');
    expect(es.text).toMatch(/Caduca el 26 nov 2026, 14:35 \(Europe\/Madrid\)/);
    const fr = renderVerificationMail({ code: '123456', expiresAt, language: 'fr', timeZone: 'Europe/Paris', lifetimeMinutes: 15 });
    expect(fr.subject).toBe('Votre code de vérification : 123456');
    expect(fr.text).toMatch(/Il expire le 26 nov\. 2026, 14:35 \(Europe\/Paris\)/);
  });

  it('falls back to English and UTC for an unknown language or zone', () => {
    const mail = renderVerificationMail({ code: '654321', expiresAt, language: 'de', timeZone: 'Not/AZone', lifetimeMinutes: 15 });
    expect(mail.text).toContain('It expires at Nov 26, 2026, 13:35 (UTC)');
    expect(verificationMailLanguage(null)).toBe('en');
  });

  it('keeps the six-digit code in the subject and never shows the ISO timestamp, whatever the language and zone', () => {
    fc.assert(
      fc.property(fc.constantFrom('en', 'es', 'fr', 'pt', null), fc.constantFrom('UTC', 'Africa/Lagos', 'America/New_York', 'Asia/Tokyo', null), fc.integer({ min: 0, max: 999_999 }), (language, timeZone, n) => {
        const code = String(n).padStart(6, '0');
        const mail = renderVerificationMail({ code, expiresAt, language, timeZone, lifetimeMinutes: 15 });
        expect(/\b(\d{6})\b/.exec(mail.subject)?.[1]).toBe(code);
        expect(mail.text).toContain(code);
        expect(mail.text).not.toContain('2026-11-26T');
      }),
    );
  });
});
