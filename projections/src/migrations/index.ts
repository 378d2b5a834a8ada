import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as createProjectionCheckpoints from './2026_11_21_120000_create_projection_checkpoints.js';
import * as createLedgerAndWallet from './2026_11_21_140000_create_ledger_and_wallet.js';
import * as createUsers from './2026_11_21_130000_create_users.js';
import * as createAccountTables from './2026_11_21_130100_create_account_tables.js';
import * as createBets from './2026_11_21_150000_create_bets.js';
import * as createChatMessages from './2026_11_23_120000_create_chat_messages.js';
import * as chatMessageNotices from './2026_11_27_010000_chat_message_notices_ui.js';
import * as createLiveMatches from './2026_11_24_100000_create_live_matches.js';
import * as createAuditRuns from './2026_11_24_110000_create_audit_runs.js';
import * as createFplPools from './2026_11_24_120000_create_fpl_pools.js';
import * as createSupportMessages from './2026_11_24_130000_create_support_messages.js';
import * as createWalletSaferPlay from './2026_11_24_140000_create_wallet_safer_play.js';
import * as createBankPayouts from './2026_11_24_150000_create_bank_payouts.js';
import * as createStakeHolds from './2026_11_25_110000_create_stake_holds.js';
import * as createNotifications from './2026_11_26_150000_create_notifications.js';
import * as createPush from './2026_11_26_160000_create_push.js';
import * as createSmsOutbox from './2026_11_26_130000_create_sms_outbox.js';
import * as createModerationRequests from './2026_11_26_170000_create_moderation_requests.js';
import * as bankWithdrawalReviewReasons from './2026_11_26_140000_bank_withdrawal_review_reasons.js';
import * as cryptoWithdrawalsKycRejected from './2026_11_26_110000_crypto_withdrawals_kyc_rejected.js';
import * as bankWithdrawalAttention from './2026_11_26_200000_bank_withdrawal_attention.js';
import * as addBetAppeals from './2026_11_26_190000_add_bet_appeals.js';
import * as bankAccountIdScheme from './2026_11_26_230000_bank_account_id_scheme.js';
import * as createPersonDataKeys from './2026_11_26_230100_create_person_data_keys.js';
import * as createErasureRequests from './2026_11_26_230200_create_erasure_requests.js';
import * as createUserStatsOverturns from './2026_11_27_010000_create_user_stats_overturns_settle.js';
import * as chatRetentionErasure from './2026_11_27_020000_chat_retention_erasure.js';
import * as accountRestrictions from './2026_11_27_010000_account_restrictions.js';
import * as poolGameweekPoints from './2026_11_27_030000_pool_gameweek_points_poolsui.js';
import * as userStatsPayout from './2026_11_27_030000_user_stats_payout_home.js';
import * as notificationsNamesById from './2026_11_27_045000_notifications_names_by_id.js';
import * as outboxNamedUsers from './2026_11_27_046000_outbox_named_users.js';
import * as outboxClaims from './2026_11_27_100000_outbox_claims.js';
import * as transactionsDescriptionCodes from './2026_11_27_090000_transactions_description_codes.js';

/**
 * Every read-table migration, by name; names sort in the order they run and are frozen once
 * merged. Add a new file and a line here; never edit an old one (version the table instead).
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_120000_create_projection_checkpoints': createProjectionCheckpoints,
  '2026_11_21_130000_create_users': createUsers,
  '2026_11_21_130100_create_account_tables': createAccountTables,
  '2026_11_21_140000_create_ledger_and_wallet': createLedgerAndWallet,
  '2026_11_21_150000_create_bets': createBets,
  '2026_11_23_120000_create_chat_messages': createChatMessages,
  '2026_11_24_100000_create_live_matches': createLiveMatches,
  '2026_11_24_110000_create_audit_runs': createAuditRuns,
  '2026_11_24_120000_create_fpl_pools': createFplPools,
  '2026_11_24_130000_create_support_messages': createSupportMessages,
  '2026_11_24_140000_create_wallet_safer_play': createWalletSaferPlay,
  '2026_11_24_150000_create_bank_payouts': createBankPayouts,
  '2026_11_25_110000_create_stake_holds': createStakeHolds,
  '2026_11_26_150000_create_notifications': createNotifications,
  '2026_11_26_160000_create_push': createPush,
  '2026_11_26_130000_create_sms_outbox': createSmsOutbox,
  '2026_11_26_170000_create_moderation_requests': createModerationRequests,
  '2026_11_26_140000_bank_withdrawal_review_reasons': bankWithdrawalReviewReasons,
  '2026_11_26_110000_crypto_withdrawals_kyc_rejected': cryptoWithdrawalsKycRejected,
  '2026_11_26_200000_bank_withdrawal_attention': bankWithdrawalAttention,
  '2026_11_26_190000_add_bet_appeals': addBetAppeals,
  '2026_11_26_230000_bank_account_id_scheme': bankAccountIdScheme,
  '2026_11_26_230100_create_person_data_keys': createPersonDataKeys,
  '2026_11_26_230200_create_erasure_requests': createErasureRequests,
  '2026_11_27_010000_create_user_stats_overturns_settle': createUserStatsOverturns,
  '2026_11_27_020000_chat_retention_erasure': chatRetentionErasure,
  '2026_11_27_010000_chat_message_notices_ui': chatMessageNotices,
  '2026_11_27_010000_account_restrictions': accountRestrictions,
  '2026_11_27_030000_pool_gameweek_points_poolsui': poolGameweekPoints,
  '2026_11_27_030000_user_stats_payout_home': userStatsPayout,
  '2026_11_27_045000_notifications_names_by_id': notificationsNamesById,
  '2026_11_27_046000_outbox_named_users': outboxNamedUsers,
  '2026_11_27_090000_transactions_description_codes': transactionsDescriptionCodes,
  '2026_11_27_100000_outbox_claims': outboxClaims,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
