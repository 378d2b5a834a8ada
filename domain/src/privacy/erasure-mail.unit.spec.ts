// Proves the erasure confirmation mail: in the player's language (en, es, fr; anything else English), its date in the player's own zone, named; an unknown zone falls back to UTC.
import { describe, expect, it } from 'vitest';
import { renderErasureRequestedMail } from './erasure-mail.js';

const effectiveAt = '2026-11-22T12:00:00.000Z';

describe('renderErasureRequestedMail', () => {
  it.each([
    ['en', 'Africa/Lagos', 'Your account will be erased', 'It will be erased after Nov 22, 2026, 13:00 (Africa/Lagos)'],
    ['es', 'America/Mexico_City', 'Tu cuenta será borrada', 'Se borrará después del 22 nov 2026, 6:00 (America/Mexico_City)'],
    ['fr', 'Europe/Paris', 'Votre compte va être effacé', 'Il sera effacé après le 22 nov. 2026, 13:00 (Europe/Paris)'],
    ['de', 'Not/AZone', 'Your account will be erased', 'It will be erased after Nov 22, 2026, 12:00 (UTC)'],
    [null, null, 'Your account will be erased', 'It will be erased after Nov 22, 2026, 12:00 (UTC)'],
  ])('language %s, zone %s', (language, timeZone, subject, sentence) => {
    const mail = renderErasureRequestedMail({ effectiveAt, language, timeZone });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(sentence);
  });
});
