import { ValidationError } from '../shared/errors.js';
import { CRYPTO_DECIMALS, Money } from '../money/money.js';
import { readAmount } from '../money/amount.js';
import { cryptoCurrency, isValidAddress, type CryptoCurrencyOption } from './crypto-currencies.js';

/** Spec section 5 and 9: Paystack deposits are ₦100 – ₦10,000,000. */
export const PAYSTACK_DEPOSIT_MIN = new Money(100);
export const PAYSTACK_DEPOSIT_MAX = new Money(10_000_000);
export const PAYSTACK_MESSAGES = {
  minimum: 'Minimum deposit amount is ₦100',
  maximum: 'Maximum deposit amount is ₦10,000,000',
  email: 'Please enter a valid email address',
} as const;
export const EMAIL_LENGTH_MAX = 254;

export function parsePaystackDeposit(input: { amount?: unknown; email?: unknown }): { amount: Money; email: string } {
  const amount = readAmount(input.amount, { min: { amount: PAYSTACK_DEPOSIT_MIN, refusal: { message: PAYSTACK_MESSAGES.minimum } }, max: { amount: PAYSTACK_DEPOSIT_MAX, refusal: { message: PAYSTACK_MESSAGES.maximum } } });
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  if (!email.includes('@') || email.length > EMAIL_LENGTH_MAX) throw new ValidationError(PAYSTACK_MESSAGES.email);
  return { amount, email };
}

function optionFor(code: unknown): CryptoCurrencyOption {
  if (typeof code !== 'string' || code === '') throw new ValidationError('Cryptocurrency is required');
  const option = cryptoCurrency(code);
  if (!option) throw new ValidationError(`Unsupported cryptocurrency ${code}`, { code: 'unsupported_cryptocurrency', params: { cryptocurrency: code } });
  return option;
}

function networkFor(option: CryptoCurrencyOption, network: unknown): string {
  // The client shows a network picker only for currencies with several networks.
  if ((network === undefined || network === null || network === '') && option.networks.length === 1) return option.networks[0]!;
  if (typeof network !== 'string' || network === '') throw new ValidationError('Network is required');
  if (!option.networks.includes(network)) throw new ValidationError(`${option.code} is not available on ${network}`, { code: 'network_not_available', params: { cryptocurrency: option.code, network } });
  return network;
}

function cryptoAmountFor(option: CryptoCurrencyOption, amount: unknown): Money {
  const outOfRange = {
    message: `Amount must be between ${option.minAmount} and ${option.maxAmount} ${option.code}`,
    code: 'crypto_amount_out_of_range',
    params: { min: option.minAmount, max: option.maxAmount, cryptocurrency: option.code },
  };
  return readAmount(amount, { decimals: CRYPTO_DECIMALS, min: { amount: option.minAmount, refusal: outOfRange }, max: { amount: option.maxAmount, refusal: outOfRange } });
}

export function parseCryptoDeposit(input: { cryptocurrency?: unknown; cryptoAmount?: unknown; network?: unknown }) {
  const option = optionFor(input.cryptocurrency);
  const network = networkFor(option, input.network);
  const cryptoAmount = cryptoAmountFor(option, input.cryptoAmount);
  return { option, network, cryptoAmount };
}

export const ADDRESS_LENGTH_MAX = 128;

export function parseCryptoWithdrawal(input: { cryptocurrency?: unknown; cryptoAmount?: unknown; network?: unknown; withdrawalAddress?: unknown }) {
  const option = optionFor(input.cryptocurrency);
  const network = networkFor(option, input.network);
  const cryptoAmount = cryptoAmountFor(option, input.cryptoAmount);
  const address = typeof input.withdrawalAddress === 'string' ? input.withdrawalAddress.trim() : '';
  if (address === '') throw new ValidationError('Withdrawal address is required');
  if (address.length > ADDRESS_LENGTH_MAX || !isValidAddress(network, address)) throw new ValidationError(`Invalid ${network} address`, { code: 'invalid_address', params: { network } });
  return { option, network, cryptoAmount, address };
}
