/**
 * What a row of a person's transaction list is, as a code and parameters the apps say in the
 * reader's language, and as the English sentence the `transactions` read model stores (and API
 * clients show). The projector writes the sentence with `transactionDescriptionText`; the read
 * side gives the code back with `transactionDescriptionOf`, for the rows written before the code
 * existed as for new ones, so the table keeps its shape and needs no rebuild. The two are each
 * other's inverse for every code (tested); a text neither knows reads as no code (shown as stored).
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

export function transactionDescriptionText(code: TransactionDescriptionCode, params: TransactionDescriptionParams = {}): string {
  return TEMPLATES[code].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a pattern: a parameter is non-empty; the last one of a bank withdrawal (the masked number) has no space, so a bank's name may. */
const PATTERNS: readonly { code: TransactionDescriptionCode; names: string[]; pattern: RegExp }[] = TRANSACTION_DESCRIPTION_CODES.map((code) => {
  const names: string[] = [];
  const source = TEMPLATES[code]
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return name === 'accountNumberMasked' || name === 'cryptoAmount' || name === 'cryptocurrency' ? '(\\S+)' : '(.+)';
    })
    .join('');
  return { code, names, pattern: new RegExp(`^${source}$`) };
});

/** The code and parameters of a stored description, or null for a text no template wrote. */
export function transactionDescriptionOf(text: string): TransactionDescription | null {
  for (const { code, names, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    return { code, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return null;
}
