import { REGISTRATION_CURRENCIES } from '../accounts/reference-data.js';
import { formatAmount } from './money.js';

const SYMBOLS: ReadonlyMap<string, string> = new Map(REGISTRATION_CURRENCIES.map((c) => [c.code, c.symbol]));

/** The symbol of a currency (`₦` for NGN), from the one currency table (`accounts/reference-data.ts`); the code itself when it has none. */
export function currencySymbol(code: string): string {
  return SYMBOLS.get(code) ?? code;
}

/**
 * `₦1,234.50`: money in the server's English texts (toasts, refusal messages, mails in English).
 * Clients render a refusal's code and params in the player's language instead.
 */
export function shownMoney(currency: string, amount: string): string {
  const [whole = '0', fraction = '00'] = formatAmount(amount).split('.');
  const symbol = SYMBOLS.get(currency);
  const digits = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
  return symbol ? `${symbol}${digits}` : `${currency} ${digits}`;
}
