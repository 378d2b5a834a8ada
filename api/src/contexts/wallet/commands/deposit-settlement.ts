import { decidedAt, foldStream, type Command, type Decider, type Position } from '@wager/domain';
import { runCommand, runMultiStreamCommand } from '../../../runtime/command-pipeline.js';
import { deterministicId, walletDecider, walletStreamId, type DepositSettlement, type WalletEvent, type WalletState } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../../deps.js';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** A provider's answer about one deposit, and how to settle it (Paystack, crypto). */
export interface DepositSettlementRun<State, C extends Command, Event extends { type: string; data: unknown }> {
  readonly streamId: string;
  readonly decider: Decider<State, C, Event>;
  readonly command: C;
  /** Deterministic ids of the deposit's events (see docs/ledger.md: an id names an intent). */
  readonly depositEventIds: (events: Event[]) => string[];
  /** The credit's id: the same the earlier two-step path gave it, so a log it left half done is finished, never credited twice. */
  readonly creditId: string;
  /** The player whose wallet is credited, from the state the deposit's first event leaves (none: the deposit is unknown here). */
  readonly ownerOf: (state: State) => string | undefined;
  /** The pure decision over the deposit and the wallet (domain deposit-settlement.ts). */
  readonly decide: (command: C, states: { deposit: State; wallet: WalletState }) => DepositSettlement<Event>;
}

/**
 * Settles a deposit: the provider's answer recorded on the deposit's stream and, when it makes
 * the deposit good, the wallet credited, as one decision appended once. The wallet is the one
 * the deposit was opened for, fixed by the deposit's first event; a deposit not opened here is
 * refused by its decider on its own stream. Any number of repeats, in any order, credit once.
 */
export async function settleDeposit<State, C extends Command, Event extends { type: string; data: unknown }>(
  deps: Deps,
  run: DepositSettlementRun<State, C, Event>,
): Promise<{ state: State; position: Position | null }> {
  const userId = run.ownerOf(foldStream(run.decider, await deps.store.readStream(run.streamId, { maxCount: 1 })));
  if (!userId) {
    const recorded = await runCommand(deps, { streamId: run.streamId, decider: run.decider, command: run.command, eventIds: run.depositEventIds });
    return { state: recorded.state, position: decidedAt(recorded) };
  }
  const result = await runMultiStreamCommand(deps, {
    parts: {
      deposit: { streamId: run.streamId, decider: run.decider, eventIds: run.depositEventIds },
      wallet: { streamId: walletStreamId(userId), decider: walletDecider, eventIds: (events: WalletEvent[]) => events.map((_, i) => (i === 0 ? run.creditId : deterministicId(run.creditId, String(i)))) },
    },
    decide: (states) => run.decide(run.command, states),
    metadata: run.command.metadata,
  });
  return { state: result.states.deposit, position: decidedAt(result) };
}
