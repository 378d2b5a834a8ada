import { Money, fee, formatAmount } from '@wager/domain/money/money';
import { i18n } from './i18n';

/**
 * Display conversion only (spec section 9 of both documents): amounts arrive as decimal strings
 * in the wallet currency and are converted with the spec's fixed rates for showing them in the
 * user's preferred currency. Nothing here decides a balance; the API does.
 */
export const WALLET_CURRENCY = 'NGN';

/** Units of each currency per US dollar (wagering spec section 9); unknown codes fall back to USD. */
export const DISPLAY_RATES_PER_USD: Record<string, string> = { USD: '1', NGN: '1600', EUR: '0.85', GBP: '0.75' };
export const DISPLAY_CURRENCIES = ['USD', 'NGN', 'EUR', 'GBP'] as const;

export function displayCurrency(code: string | null | undefined): string {
  return code && DISPLAY_RATES_PER_USD[code] ? code : 'USD';
}

/** Converts an amount between two display currencies with the fixed rates, rounded to cents. */
export function convertForDisplay(amount: string | null | undefined, from: string, to: string): string {
  const value = new Money(amount || '0');
  if (displayCurrency(from) === displayCurrency(to)) return formatAmount(value);
  const usd = value.div(DISPLAY_RATES_PER_USD[displayCurrency(from)] ?? '1');
  return formatAmount(usd.mul(DISPLAY_RATES_PER_USD[displayCurrency(to)] ?? '1'));
}

/** "1,234.50" with thousands separators, from a decimal string (no float on the way): the fallback for a code Intl does not know. */
function groupDigits(decimalString: string): string {
  const negative = decimalString.startsWith('-');
  const [integer = '0', fraction] = decimalString.replace('-', '').split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/**
 * The one money format of every screen (issue 29): an amount with its currency in the interface
 * language's money format, as `Intl.NumberFormat` writes it with the currency's narrow symbol:
 * "₦1,020.00" in English, "1020,00 ₦" in Spanish, "1 020,00 ₦" in French. The decimal string goes
 * to Intl as a string, so no float rounds it. No conversion: see `formatConverted`.
 */
export function formatMoney(amount: string | null | undefined, currency: string = WALLET_CURRENCY): string {
  const value = formatAmount(new Money(amount || '0'));
  const code = (currency || WALLET_CURRENCY).toUpperCase();
  try {
    return moneyFormat(code).format(value as unknown as number);
  } catch {
    // Not an ISO 4217 code Intl knows: the amount and the code as they are.
    return `${groupDigits(value)} ${code}`;
  }
}

const formats = new Map<string, Intl.NumberFormat>();
function moneyFormat(code: string): Intl.NumberFormat {
  const language = (i18n.resolvedLanguage ?? 'en').split('-')[0] ?? 'en';
  const key = `${language}:${code}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format;
}

/** An amount in the wallet currency shown in `to` (the user's preferred currency). */
export function formatConverted(amount: string | null | undefined, to: string | null | undefined, from: string = WALLET_CURRENCY): string {
  const target = displayCurrency(to);
  return formatMoney(convertForDisplay(amount, from, target), target);
}

/** The fee and total lines of the create-challenge and accept screens (the domain's fee rule). */
export function stakeCost(stake: string): { fee: string; total: string } | null {
  if (!/^\d+(\.\d{1,2})?$/.test(stake.trim())) return null;
  const feeAmount = fee(stake.trim());
  return { fee: formatAmount(feeAmount), total: formatAmount(new Money(stake.trim()).plus(feeAmount)) };
}

/** True when `available` covers `required` (both decimal strings). */
export function covers(available: string | null | undefined, required: string): boolean {
  return new Money(available || '0').gte(required);
}

/** Sum of decimal strings, for display totals such as "total winnings". */
export function sumAmounts(amounts: (string | null | undefined)[]): string {
  return formatAmount(amounts.reduce<Money>((total, amount) => total.plus(amount || '0'), new Money(0)));
}

/**
 * One currency rule for every screen (issue 15): an amount is shown in the wallet currency with
 * its symbol; a figure converted to the player's display currency is only ever a secondary,
 * labelled hint ("≈ $3.10"), never the amount itself. Null when the display currency is the
 * wallet currency (nothing to convert).
 */
export function convertedHint(amount: string | null | undefined, displayCode: string | null | undefined): string | null {
  const target = displayCurrency(displayCode);
  if (target === WALLET_CURRENCY) return null;
  return `≈ ${formatConverted(amount, target)}`;
}

/** The symbol of a currency (`₦`), from the domain's one currency table. */
export { currencySymbol } from '@wager/domain/money/currency';
