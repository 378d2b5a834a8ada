/**
 * Erasing a person (docs/architecture.md, "Personal data and erasure"): once nothing of theirs is
 * in play (no open bet or pool) and nothing is left to pay out (every balance zero), a
 * `PersonErased` event on their stream (their verified phone number released just before), then their data key is destroyed (every sealed field of
 * theirs reads "[erased]" for good), then what is kept outside the log goes (`deleteKeptOutsideLog`):
 * sessions (the login record, with IP addresses and devices), credentials (no login is possible),
 * the username and email claims, mail, texts and pushes waiting in the outboxes (and the admins'
 * mail quoting their support messages), push subscriptions, and the
 * evidence files they uploaded (recorded as EvidencePurged). Balances, postings, bets and the hash
 * chains are untouched. Safe to repeat: each step is idempotent, so an erasure interrupted after
 * the event is finished by running it again.
 */
import { formatAmount } from '@wager/domain/money/index';
import { userDecider, userStreamId, type ErasureFacts, type UserCommand } from '@wager/domain/accounts/index';
import type { AppDeps } from '../../deps.js';
import { PersonalDataEventStore } from '../../adapters/personal-data/store.js';
import { releasePhone, runUserCommand, userStateOf } from '../accounts/index.js';
import { DomainError } from '@wager/domain';
import { erasureRequestsDue } from '@wager/projections/privacy/erasure-requests';
import { betsWithChatOf, countOpenBetsOf } from '@wager/projections/bets/queries';
import { countOpenPoolsOf } from '@wager/projections/pools/queries';
import { walletBalancesOf } from '@wager/projections/wallet/queries';
import { findUserById } from '@wager/projections/users/queries';
import { IntervalJob } from '../../runtime/jobs.js';
import { endSessions } from '../../plugins/sessions.js';
import { EvidenceStore } from '../bets/index.js';
import { purgeEvidence } from '../chat/index.js';
import { deleteEvidenceFiles, evidenceOf } from './retention.js';
import { deleteKeptOutsideLog } from './store.js';

export const ERASURE_JOB_INTERVAL_MS = 60_000;

export async function erasureFacts(deps: Pick<AppDeps, 'db'>, userId: string): Promise<ErasureFacts> {
  const [openBets, openPools, wallet] = await Promise.all([countOpenBetsOf(deps.db, userId), countOpenPoolsOf(deps.db, userId), walletBalancesOf(deps.db, userId)]);
  const balances = wallet.flatMap((w) => [
    { currency: w.currency ?? 'NGN', amount: formatAmount(w.balance) },
    { currency: 'USD (crypto)', amount: formatAmount(w.crypto_balance) },
  ]);
  return { openBets, openPools, balances };
}

export async function erasePerson(deps: AppDeps, userId: string, by: string): Promise<void> {
  if (!(deps.store instanceof PersonalDataEventStore)) throw new Error('Erasure needs the personal-data event store');
  const cipher = deps.store.cipher;
  const user = await findUserById(deps.db, userId);
  const command: UserCommand = { type: 'ErasePerson', data: { by, facts: await erasureFacts(deps, userId) }, metadata: { now: deps.clock.now() } };
  // The verified number is given back first (another account may verify it): decided on the
  // account's stream as it stands, so a refused erasure (409) releases nothing, and a release
  // interrupted before the event is simply done again.
  const before = await userStateOf(deps, userId);
  if (userDecider.decide(command, before).length > 0 && before.verifiedPhone) await releasePhone(deps, userId, before.verifiedPhone);
  await runUserCommand(deps, userId, command, by === 'self' ? userId : by);
  await cipher.destroy(userId);
  await deleteKeptOutsideLog(deps.db, userId, user ? { email: user.email, phoneNumber: user.phone_number } : undefined);
  // Every process forgets the person's sessions now, not when its cache would expire them.
  await endSessions(deps.bus, { userId });
  await eraseEvidenceOf(deps, userId);
}

/**
 * The evidence files the person uploaded leave the disk (unless another bet still holds the same
 * bytes), recorded as `EvidencePurged` (reason `erasure`) on each bet's chat stream. Their bets
 * are over by now (erasure waits for them), so no open dispute needs them.
 */
async function eraseEvidenceOf(deps: AppDeps, userId: string): Promise<void> {
  const store = new EvidenceStore(deps.config.DATA_DIR);
  for (const bet of await betsWithChatOf(deps.db, userId)) {
    const theirs = evidenceOf(bet).filter((f) => f.reporterId === userId);
    if (theirs.length === 0) continue;
    await deleteEvidenceFiles(deps, store, bet.betId, theirs);
    await purgeEvidence(deps, bet.chatId, 'erasure', theirs);
  }
}

/**
 * Carries out the players' erasure requests whose cooling period is over. One still blocked (an
 * open bet or pool, a balance left) stays pending and is tried again on the next pass; the
 * player sees why at GET /api/user/erasure. Several processes may run it: erasure is idempotent.
 */
export class ErasureJob extends IntervalJob {
  readonly name = 'privacy-erasure';

  constructor(private readonly deps: AppDeps, intervalMs = ERASURE_JOB_INTERVAL_MS) {
    super(intervalMs);
  }

  /** One pass; returns the ids it erased. */
  async tick(): Promise<string[]> {
    const erased: string[] = [];
    for (const row of await erasureRequestsDue(this.deps.db, this.deps.clock.now())) {
      try {
        await erasePerson(this.deps, row.user_id, 'self');
        erased.push(row.user_id);
      } catch (error) {
        if (!(error instanceof DomainError && error.status === 409)) throw error;
      }
    }
    return erased;
  }
}
