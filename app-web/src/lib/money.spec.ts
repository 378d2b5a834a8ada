// Proves the one money formatter writes each amount in the interface language's money format (issue 29) from the decimal string, with no float on the way, and the converted hint in the same format.
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { convertedHint, formatConverted, formatMoney } from './money';

afterEach(() => i18n.changeLanguage('en'));

describe('formatMoney', () => {
  it('writes naira as Intl does in en, es and fr', async () => {
    expect(formatMoney('1020')).toBe('₦1,020.00');
    await i18n.changeLanguage('es');
    expect(formatMoney('1020.5')).toBe('1020,50\u00a0₦');
    expect(formatMoney('1234567.89')).toBe('1.234.567,89\u00a0₦');
    await i18n.changeLanguage('fr');
    expect(formatMoney('1020')).toBe('1\u202f020,00\u00a0₦');
  });

  it('keeps every digit of a large amount and writes a negative and another currency', () => {
    expect(formatMoney('90071992547409931.07')).toBe('₦90,071,992,547,409,931.07');
    expect(formatMoney('-5.5', 'USD')).toBe('-$5.50');
    expect(formatMoney(null)).toBe('₦0.00');
  });

  it('writes a code Intl does not know as the amount and the code', () => {
    expect(formatMoney('12.5', 'XYZ1')).toBe('12.50 XYZ1');
  });

  it('converts a hint in the same format', async () => {
    expect(formatConverted('1600', 'USD')).toBe('$1.00');
    await i18n.changeLanguage('fr');
    expect(convertedHint('4960', 'EUR')).toBe('≈ 2,64\u00a0€');
  });
});
