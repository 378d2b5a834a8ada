import { Money } from '../money/money.js';

/**
 * The cryptocurrencies on offer (spec: "8+ cryptocurrencies"), their networks and limits, and
 * the fixed USD rate table of docs/ledger.md. The spec's USDT 1 and BTC 45000 are kept; its
 * "others 2500" is the client's rough withdrawal check, and as a crediting rate it would pay
 * $2,500 for one USDC or DOGE, so each other coin has its own fixed rate here (USDC 1, ETH 2500,
 * …). Limits span the deposit screen's $10 to $10,000. Production feeds this table from a price source.
 * Limits are the deposit screen's $10 – $10,000 expressed in each currency.
 */
export interface CryptoCurrencyOption {
  readonly code: string;
  readonly name: string;
  readonly networks: readonly string[];
  readonly minAmount: string;
  readonly maxAmount: string;
  /** USD per unit. */
  readonly rate: string;
}

export const CRYPTO_CURRENCIES: readonly CryptoCurrencyOption[] = [
  { code: 'USDT', name: 'Tether', networks: ['TRC20', 'ERC20', 'BEP20'], minAmount: '10', maxAmount: '10000', rate: '1' },
  { code: 'BTC', name: 'Bitcoin', networks: ['Bitcoin'], minAmount: '0.0003', maxAmount: '0.22', rate: '45000' },
  { code: 'ETH', name: 'Ethereum', networks: ['ERC20'], minAmount: '0.004', maxAmount: '4', rate: '2500' },
  { code: 'USDC', name: 'USD Coin', networks: ['ERC20', 'TRC20', 'BEP20'], minAmount: '10', maxAmount: '10000', rate: '1' },
  { code: 'BNB', name: 'BNB', networks: ['BEP20'], minAmount: '0.017', maxAmount: '16', rate: '600' },
  { code: 'LTC', name: 'Litecoin', networks: ['Litecoin'], minAmount: '0.12', maxAmount: '117', rate: '85' },
  { code: 'TRX', name: 'TRON', networks: ['TRC20'], minAmount: '40', maxAmount: '40000', rate: '0.25' },
  { code: 'SOL', name: 'Solana', networks: ['Solana'], minAmount: '0.067', maxAmount: '66', rate: '150' },
  { code: 'DOGE', name: 'Dogecoin', networks: ['Dogecoin'], minAmount: '67', maxAmount: '66000', rate: '0.15' },
];

export function cryptoCurrency(code: string): CryptoCurrencyOption | undefined {
  return CRYPTO_CURRENCIES.find((c) => c.code === code);
}

/** Address formats per network: a typo must not send money into the void. */
const ADDRESS_PATTERNS: Readonly<Record<string, RegExp>> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  Bitcoin: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  Litecoin: /^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3][1-9A-HJ-NP-Za-km-z]{26,33})$/,
  Solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  Dogecoin: /^D[5-9A-HJ-NP-U][1-9A-HJ-NP-Za-km-z]{32}$/,
};

export function isValidAddress(network: string, address: string): boolean {
  const pattern = ADDRESS_PATTERNS[network];
  return pattern !== undefined && pattern.test(address);
}

/** USD value of a crypto amount at the fixed rate, rounded half up to cents. */
export function usdValue(option: CryptoCurrencyOption, cryptoAmount: Money): Money {
  return cryptoAmount.mul(option.rate).toDecimalPlaces(2, Money.ROUND_HALF_UP);
}
