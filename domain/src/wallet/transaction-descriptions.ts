/**
 * What a row of a person's transaction list is: a code and its parameters, which the
 * `transactions` read model stores as the projector decides them from the event and the apps say
 * in the reader's language, and the English sentence of each code (`transactionDescriptionText`),
 * which the API sends beside them for clients that show a text as it is.
 */

export const TRANSACTION_DESCRIPTION_CODES = [
  'card_deposit',
  'crypto_deposit',
  'crypto_withdrawal',
  'bank_withdrawal',
  'stake_held',
  'pool_entry_held',
  'platform_fee',
  'stake_returned',
  'winnings_paid',
  'appeal_taken_back',
  'appeal_taken_back_owed',
  'appeal_collected',
  'appeal_collected_still_owed',
  'appeal_collected_from_winnings',
  'appeal_collected_from_winnings_still_owed',
  'appeal_collected_from_appeal_credit',
  'appeal_collected_from_appeal_credit_still_owed',
  'appeal_paid',
] as const;
export type TransactionDescriptionCode = (typeof TRANSACTION_DESCRIPTION_CODES)[number];

export type TransactionDescriptionParams = Readonly<Record<string, string>>;

export interface TransactionDescription {
  readonly code: TransactionDescriptionCode;
  readonly params: TransactionDescriptionParams;
}

/** Each code's English sentence: `{name}` is a parameter (a value without line breaks). */
const TEMPLATES: Readonly<Record<TransactionDescriptionCode, string>> = {
  card_deposit: 'Card deposit (Paystack)',
  crypto_deposit: 'Crypto deposit {cryptoAmount} {cryptocurrency} ({network})',
  crypto_withdrawal: 'Crypto withdrawal {cryptoAmount} {cryptocurrency} ({network})',
  bank_withdrawal: 'Bank withdrawal to {bankName} {accountNumberMasked}',
  stake_held: 'Stake held in escrow',
  pool_entry_held: 'Pool entry held in escrow',
  platform_fee: 'Platform fee (2%)',
  stake_returned: 'Stake and fee returned ({reason})',
  winnings_paid: 'Winnings paid out',
  appeal_taken_back: 'Appeal correction taken back',
  appeal_taken_back_owed: 'Appeal correction taken back ({owed} owed)',
  appeal_collected: 'Owed appeal correction collected from a deposit',
  appeal_collected_still_owed: 'Owed appeal correction collected from a deposit ({stillOwed} still owed)',
  appeal_collected_from_winnings: 'Owed appeal correction collected from winnings',
  appeal_collected_from_winnings_still_owed: 'Owed appeal correction collected from winnings ({stillOwed} still owed)',
  appeal_collected_from_appeal_credit: 'Owed appeal correction collected from an appeal correction paid',
  appeal_collected_from_appeal_credit_still_owed: 'Owed appeal correction collected from an appeal correction paid ({stillOwed} still owed)',
  appeal_paid: 'Appeal correction paid',
};

/** A code's English sentence with its parameters filled in (a parameter not given reads as empty). */
export function transactionDescriptionText(code: TransactionDescriptionCode, params: TransactionDescriptionParams = {}): string {
  return TEMPLATES[code].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
