import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ProjectionCheckpointsTable } from './checkpoints/checkpoints.table.js';
import type { AccountBalancesTable, LedgerEntriesTable } from './ledger/ledger.table.js';
import type { CryptoDepositsTable, CryptoWithdrawalsTable, PaystackDepositsTable, TransactionsTable, WalletsTable } from './wallet/wallet.table.js';
import type { UsersTable } from './users/users.table.js';
import type { AccountClaimsTable, AppSecretsTable, CredentialsTable, PasswordResetTokensTable, RateLimitCountersTable, SessionsTable } from './credentials/credentials.table.js';
import type { EmailOutboxTable } from './email-outbox/email-outbox.table.js';
import type { SmsOutboxTable } from './sms-outbox/sms-outbox.table.js';
import type { ChatMessagesTable, ChatsTable } from './chat/chat.table.js';
import type { ModerationRequestsTable } from './chat/moderation-requests.table.js';
import type { LiveMatchesTable } from './live/live.table.js';
import type { AuditRunsTable } from './admin/audit-runs.table.js';
import type { FplPoolParticipantsTable, FplPoolsTable } from './pools/pools.table.js';
import type { SupportMessagesTable } from './support/support.table.js';
import type { WalletSaferPlayTable } from './wallet/safer-play.table.js';
import type { StakeHoldsTable } from './holds/stake-holds.table.js';
import type { BankAccountsTable, BankWithdrawalsTable } from './wallet/bank-payouts.table.js';
import type { NotificationPreferencesTable, NotificationsTable } from './notifications/notifications.table.js';
import type { PersonDataKeysTable } from './personal-data/person-data-keys.table.js';
import type { ErasureRequestsTable } from './privacy/erasure-requests.table.js';
import type { PushDeliveriesTable, PushOutboxTable, PushSubscriptionsTable } from './push/push.table.js';
import type { BetDeadlinesTable, BetTrailTable, BetsTable, UserStatsOverturnsTable, UserStatsSettlementsTable, UserStatsTable } from './bets/bets.table.js';

/**
 * The read schema: one entry per read table, each table's interface in its read model's
 * `<name>.table.ts`. Add a line here with each new table.
 */
export interface Database {
  projection_checkpoints: ProjectionCheckpointsTable;
  ledger_entries: LedgerEntriesTable; account_balances: AccountBalancesTable;
  wallets: WalletsTable; transactions: TransactionsTable; paystack_deposits: PaystackDepositsTable; crypto_deposits: CryptoDepositsTable; crypto_withdrawals: CryptoWithdrawalsTable;
  users: UsersTable;
  credentials: CredentialsTable; sessions: SessionsTable; account_claims: AccountClaimsTable; password_reset_tokens: PasswordResetTokensTable; rate_limit_counters: RateLimitCountersTable; app_secrets: AppSecretsTable;
  email_outbox: EmailOutboxTable;
  sms_outbox: SmsOutboxTable;
  bets: BetsTable; bet_deadlines: BetDeadlinesTable; bet_trail: BetTrailTable; user_stats: UserStatsTable; user_stats_settlements: UserStatsSettlementsTable; user_stats_overturns: UserStatsOverturnsTable;
  chats: ChatsTable; chat_messages: ChatMessagesTable; moderation_requests: ModerationRequestsTable;
  live_matches: LiveMatchesTable;
  audit_runs: AuditRunsTable;
  fpl_pools: FplPoolsTable; fpl_pool_participants: FplPoolParticipantsTable;
  stake_holds: StakeHoldsTable;
  support_messages: SupportMessagesTable;
  wallet_safer_play: WalletSaferPlayTable;
  bank_accounts: BankAccountsTable; bank_withdrawals: BankWithdrawalsTable;
  notifications: NotificationsTable; notification_preferences: NotificationPreferencesTable;
  person_data_keys: PersonDataKeysTable; erasure_requests: ErasureRequestsTable;
  push_subscriptions: PushSubscriptionsTable; push_outbox: PushOutboxTable; push_deliveries: PushDeliveriesTable;
}

export const DATABASE_POOL_SIZE_DEFAULT = 10;

/** A connection pool's occupancy, for metrics: clients open, idle among them, and requests queued for one. */
export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The occupancy of the pool under a database `createDatabase` made (undefined for any other). */
export function databasePoolStats(db: Kysely<Database>): PoolStats | undefined {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
}

export function createDatabase(connectionString: string, options: { poolSize?: number } = {}): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? DATABASE_POOL_SIZE_DEFAULT });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // The pool listens on idle clients only. A client checked out between two queries (a
  // transaction, an advisory lock held across a job's work) that the server ends, 57P01 when
  // PostgreSQL shuts down, would emit 'error' with no listener and crash the process. Its next
  // query fails instead, and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}
