// Proves the one date formatter shows moments in the player's profile time zone (issue 29), not the browser's, in the interface language; an unknown zone falls back to the browser's rather than throwing.
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, setDisplayTimeZone } from './date-time';
import { i18n } from './i18n';

afterEach(async () => {
  setDisplayTimeZone(null);
  await i18n.changeLanguage('en');
});

const moment = '2026-11-26T23:30:00Z';

describe('formatDateTime', () => {
  it('uses the profile zone: Lagos is an hour ahead of UTC, Los Angeles eight behind (another day)', () => {
    setDisplayTimeZone('Africa/Lagos');
    expect(formatTime(moment)).toBe(new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone: 'Africa/Lagos' }).format(new Date(moment)));
    expect(formatDate(moment)).toContain('27');
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatDate(moment)).toContain('26');
    expect(formatDateTime(moment)).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Los_Angeles' }).format(new Date(moment)));
  });

  it('writes the interface language’s format', async () => {
    setDisplayTimeZone('Europe/Paris');
    await i18n.changeLanguage('fr');
    expect(formatDateTime(moment)).toBe(new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(new Date(moment)));
    expect(formatTime(moment)).toBe('00:30');
  });

  it('ignores a zone Intl does not know, and shows a dash for no moment', () => {
    setDisplayTimeZone('Mars/Olympus');
    expect(formatDateTime(moment)).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(moment)));
    expect(formatDateTime(null)).toBe('—');
  });
});
