/**
 * Reference data of the spec (section 3): the countries of the registration picker with their
 * currency and language, and the currencies offered on registration. Pure data, shared by the
 * server (location detection) and the web app (pickers).
 */

export interface CountryEntry {
  readonly code: string;
  readonly name: string;
  readonly currency: string;
  readonly language: string;
  readonly flag: string;
}

/** Regional-indicator flag emoji of an ISO 3166 alpha-2 code. */
export function flagOf(code: string): string {
  return [...code.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
}

const countryRows: readonly (readonly [code: string, name: string, currency: string, language: string])[] = [
  ['US', 'United States', 'USD', 'en'], ['CA', 'Canada', 'CAD', 'en'], ['MX', 'Mexico', 'MXN', 'es'],
  ['GB', 'United Kingdom', 'GBP', 'en'], ['DE', 'Germany', 'EUR', 'de'], ['FR', 'France', 'EUR', 'fr'],
  ['ES', 'Spain', 'EUR', 'es'], ['IT', 'Italy', 'EUR', 'it'], ['NL', 'Netherlands', 'EUR', 'nl'],
  ['SE', 'Sweden', 'SEK', 'sv'], ['NO', 'Norway', 'NOK', 'no'], ['DK', 'Denmark', 'DKK', 'da'],
  ['FI', 'Finland', 'EUR', 'fi'], ['CH', 'Switzerland', 'CHF', 'de'], ['AT', 'Austria', 'EUR', 'de'],
  ['BE', 'Belgium', 'EUR', 'nl'], ['IE', 'Ireland', 'EUR', 'en'], ['PT', 'Portugal', 'EUR', 'pt'],
  ['PL', 'Poland', 'PLN', 'pl'], ['CZ', 'Czech Republic', 'CZK', 'cs'], ['HU', 'Hungary', 'HUF', 'hu'],
  ['RO', 'Romania', 'RON', 'ro'], ['BG', 'Bulgaria', 'BGN', 'bg'], ['HR', 'Croatia', 'HRK', 'hr'],
  ['GR', 'Greece', 'EUR', 'el'], ['JP', 'Japan', 'JPY', 'ja'], ['KR', 'South Korea', 'KRW', 'ko'],
  ['CN', 'China', 'CNY', 'zh'], ['HK', 'Hong Kong', 'HKD', 'zh'], ['TW', 'Taiwan', 'TWD', 'zh'],
  ['SG', 'Singapore', 'SGD', 'en'], ['MY', 'Malaysia', 'MYR', 'ms'], ['TH', 'Thailand', 'THB', 'th'],
  ['VN', 'Vietnam', 'VND', 'vi'], ['ID', 'Indonesia', 'IDR', 'id'], ['PH', 'Philippines', 'PHP', 'en'],
  ['IN', 'India', 'INR', 'en'], ['AU', 'Australia', 'AUD', 'en'], ['NZ', 'New Zealand', 'NZD', 'en'],
  ['AE', 'United Arab Emirates', 'AED', 'ar'], ['SA', 'Saudi Arabia', 'SAR', 'ar'], ['IL', 'Israel', 'ILS', 'he'],
  ['TR', 'Turkey', 'TRY', 'tr'], ['ZA', 'South Africa', 'ZAR', 'en'], ['NG', 'Nigeria', 'NGN', 'en'],
  ['EG', 'Egypt', 'EGP', 'ar'], ['KE', 'Kenya', 'KES', 'en'], ['GH', 'Ghana', 'GHS', 'en'],
  ['BR', 'Brazil', 'BRL', 'pt'], ['AR', 'Argentina', 'ARS', 'es'], ['CL', 'Chile', 'CLP', 'es'],
  ['CO', 'Colombia', 'COP', 'es'], ['PE', 'Peru', 'PEN', 'es'], ['UY', 'Uruguay', 'UYU', 'es'],
  ['VE', 'Venezuela', 'VES', 'es'], ['RU', 'Russia', 'RUB', 'ru'], ['UA', 'Ukraine', 'UAH', 'uk'],
];

export const COUNTRIES: readonly CountryEntry[] = countryRows.map(([code, name, currency, language]) => ({ code, name, currency, language, flag: flagOf(code) }));

export function findCountry(code: string | null | undefined): CountryEntry | undefined {
  if (!code) return undefined;
  const upper = code.toUpperCase();
  return COUNTRIES.find((c) => c.code === upper);
}

export interface CurrencyEntry {
  readonly code: string;
  readonly name: string;
  readonly symbol: string;
}

/** The registration currency picker (the spec says 33 and lists these 34). */
export const REGISTRATION_CURRENCIES: readonly CurrencyEntry[] = [
  { code: 'USD', name: 'US Dollar', symbol: '$' }, { code: 'EUR', name: 'Euro', symbol: '€' },
  { code: 'GBP', name: 'British Pound', symbol: '£' }, { code: 'CAD', name: 'Canadian Dollar', symbol: 'C$' },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$' }, { code: 'JPY', name: 'Japanese Yen', symbol: '¥' },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF' }, { code: 'SEK', name: 'Swedish Krona', symbol: 'kr' },
  { code: 'NOK', name: 'Norwegian Krone', symbol: 'kr' }, { code: 'DKK', name: 'Danish Krone', symbol: 'kr' },
  { code: 'PLN', name: 'Polish Zloty', symbol: 'zł' }, { code: 'CZK', name: 'Czech Koruna', symbol: 'Kč' },
  { code: 'HUF', name: 'Hungarian Forint', symbol: 'Ft' }, { code: 'RON', name: 'Romanian Leu', symbol: 'lei' },
  { code: 'BGN', name: 'Bulgarian Lev', symbol: 'лв' }, { code: 'BRL', name: 'Brazilian Real', symbol: 'R$' },
  { code: 'MXN', name: 'Mexican Peso', symbol: 'Mex$' }, { code: 'ARS', name: 'Argentine Peso', symbol: 'AR$' },
  { code: 'CLP', name: 'Chilean Peso', symbol: 'CLP$' }, { code: 'COP', name: 'Colombian Peso', symbol: 'COL$' },
  { code: 'PEN', name: 'Peruvian Sol', symbol: 'S/' }, { code: 'INR', name: 'Indian Rupee', symbol: '₹' },
  { code: 'ZAR', name: 'South African Rand', symbol: 'R' }, { code: 'NGN', name: 'Nigerian Naira', symbol: '₦' },
  { code: 'KES', name: 'Kenyan Shilling', symbol: 'KSh' }, { code: 'GHS', name: 'Ghanaian Cedi', symbol: 'GH₵' },
  { code: 'EGP', name: 'Egyptian Pound', symbol: 'E£' }, { code: 'ILS', name: 'Israeli Shekel', symbol: '₪' },
  { code: 'RUB', name: 'Russian Ruble', symbol: '₽' }, { code: 'UAH', name: 'Ukrainian Hryvnia', symbol: '₴' },
  { code: 'KRW', name: 'South Korean Won', symbol: '₩' }, { code: 'SGD', name: 'Singapore Dollar', symbol: 'S$' },
  { code: 'HKD', name: 'Hong Kong Dollar', symbol: 'HK$' }, { code: 'NZD', name: 'New Zealand Dollar', symbol: 'NZ$' },
];

/** The 10 languages of the registration picker. */
export const REGISTRATION_LANGUAGES: readonly string[] = ['en', 'es', 'fr', 'de', 'pt', 'it', 'ru', 'ja', 'ko', 'zh'];
