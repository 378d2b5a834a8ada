/**
 * A provider's answer about a deposit and the wallet credit it causes, as one decision over the
 * deposit's stream and the player's wallet (docs/architecture.md, "One command, one transaction"):
 * a Paystack success and its credit, the crypto confirmation that confirms a deposit and its
 * credit, are appended together or not at all. The provider answering later is why a process
 * manager waits for it; what it does with the answer is one append.
 *
 * Pure: a function of the two states read. Deciding it again credits nothing more (the wallet
 * keeps every deposit id); on a log written by the earlier two-step path (outcome recorded, the
 * credit never written) the same decision writes only the missing credit.
 */
import type { WalletEvent } from './events.js';
import type { WalletState } from './state.js';
import { walletDecider } from './decider.js';
import { decidePaystackDeposit, evolvePaystackDeposit, type PaystackDepositCommand, type PaystackDepositEvent, type PaystackDepositState } from './paystack-deposit.js';
import { decideCryptoDeposit, evolveCryptoDeposit, type CryptoDepositCommand, type CryptoDepositEvent, type CryptoDepositState } from './crypto-deposit.js';

export interface DepositSettlement<E> {
  readonly deposit: E[];
  readonly wallet: WalletEvent[];
}

/** Paystack's outcome recorded on `paystack-<reference>`; on success, the wallet credited in the same decision. */
export function decidePaystackSettlement(
  command: Extract<PaystackDepositCommand, { type: 'RecordPaystackOutcome' }>,
  states: { deposit: PaystackDepositState; wallet: WalletState },
): DepositSettlement<PaystackDepositEvent> {
  const deposit = decidePaystackDeposit(command, states.deposit);
  const after = deposit.reduce(evolvePaystackDeposit, states.deposit);
  const init = after.initialized;
  if (after.status !== 'success' || !init) return { deposit, wallet: [] };
  const wallet = walletDecider.decide(
    { type: 'CreditDeposit', data: { userId: init.userId, depositId: init.depositId, provider: 'paystack', reference: init.reference, amount: init.amount, currency: init.currency }, metadata: { now: command.metadata.now } },
    states.wallet,
  );
  return { deposit, wallet };
}

/** A confirmations report recorded on `cryptodeposit-<id>`; once confirmed, the crypto balance credited in the same decision. */
export function decideCryptoSettlement(
  command: Extract<CryptoDepositCommand, { type: 'RecordConfirmations' }>,
  states: { deposit: CryptoDepositState; wallet: WalletState },
): DepositSettlement<CryptoDepositEvent> {
  const deposit = decideCryptoDeposit(command, states.deposit);
  const after = deposit.reduce(evolveCryptoDeposit, states.deposit);
  const created = after.created;
  if (after.status !== 'confirmed' || !created) return { deposit, wallet: [] };
  const wallet = walletDecider.decide(
    {
      type: 'CreditCryptoDeposit',
      data: { userId: created.userId, depositId: created.depositId, cryptocurrency: created.cryptocurrency, network: created.network, cryptoAmount: created.cryptoAmount, rate: created.rate, usdAmount: created.usdAmount },
      metadata: { now: command.metadata.now },
    },
    states.wallet,
  );
  return { deposit, wallet };
}
