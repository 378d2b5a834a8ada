/**
 * The admin context's HTTP surface (admins only: a visitor gets 401, anyone else 403): the
 * dashboard's stats, users, the email test, the KYC rejection, ledger health and the dispute
 * trail. It owns no streams: each action is a command on the stream it touches, through that
 * context's public API (index.ts), with the admin as actor.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/admin';
import { DomainError, NotFoundError, formatPosition } from '@wager/domain';
import { deterministicId } from '@wager/domain/wallet/index';
import { formatAmount } from '@wager/domain/money/index';
import { adminStats, latestAuditRuns } from '@wager/projections/admin/queries';
import { trialBalance } from '@wager/projections/ledger/queries';
import { findCryptoWithdrawal } from '@wager/projections/wallet/queries';
import { enqueueEmail } from '../../adapters/email/outbox.js';
import { deliverQueuedEmail, emailSenderFor } from '../../adapters/email/sender-job.js';
import { executeWalletCommand } from '../wallet/index.js';
import { adminUserRecordRoutes, adminUserRoutes } from './users.js';
import { adminTrailRoutes } from './trail-routes.js';
import { operationsRoutes } from './operations.js';

/** Spec section 8. */
export const TEST_EMAIL_FAILED = 'Failed to send test email. Check SendGrid configuration.';
export const { EMAIL_REQUIRED } = contract;
export const { EMAIL_INVALID } = contract;

class TestEmailFailed extends DomainError {
  constructor(transport: string) {
    super(502, TEST_EMAIL_FAILED, { code: 'test_email_failed', params: { transport } });
  }
}

/** Weekly growth: this week's sign-ups as a percent of the users there were before them, one decimal. */
export function weeklyGrowthPercent(totalUsers: number, recentSignups: number): number {
  const before = totalUsers - recentSignups;
  if (before <= 0) return recentSignups > 0 ? 100 : 0;
  return Math.round((recentSignups / before) * 1000) / 10;
}


const adminCoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/stats', { onRequest: app.requireAdmin, schema: { response: { 200: contract.adminStats } } }, async () => {
    const s = await adminStats(app.deps.db, app.deps.clock.now());
    return { totalUsers: s.totalUsers, recentSignups: s.recentSignups, totalBets: s.totalBets, activeBets: s.activeBets, weeklyGrowth: weeklyGrowthPercent(s.totalUsers, s.recentSignups), disputedBets: s.disputedBets };
  });

  app.post(
    '/api/admin/test-email',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: contract.testEmailBody,
        response: { 200: contract.testEmailResponse },
      },
    },
    async (request) => {
      const { deps } = app;
      const now = deps.clock.now();
      const id = deps.ids.uuid();
      const sender = emailSenderFor(deps.config);
      await enqueueEmail(deps.db, { id, to: request.body.email, subject: 'Test email', text: `This is a test email sent from the admin panel at ${now.toISOString()}.`, kind: 'admin-test', userId: null }, now);
      // Sent now rather than by the outbox job, so the admin learns at once whether the transport works.
      const outcome = await deliverQueuedEmail(deps, sender, id, now);
      if (outcome === 'retry') throw new TestEmailFailed(sender.name);
      return { sent: true, transport: sender.name, id };
    },
  );

  app.post(
    '/api/admin/crypto/withdrawals/:id/reject',
    { onRequest: app.requireAdmin, schema: { params: contract.rejectWithdrawalParams, response: { 200: contract.rejectedWithdrawal } } },
    async (request) => {
      const row = await findCryptoWithdrawal(app.deps.db, request.params.id);
      if (!row) throw new NotFoundError('Withdrawal not found', { code: 'withdrawal_not_found' });
      const adminId = request.auth!.userId;
      const result = await executeWalletCommand(
        app.deps,
        { type: 'RejectWithdrawalKyc', data: { userId: row.user_id, withdrawalId: row.id, rejectedBy: adminId }, metadata: { now: app.deps.clock.now() } },
        deterministicId('withdrawal', row.id, 'kyc-rejected'),
        `admin:${adminId}`,
      );
      if (result.append) await app.deps.projections.waitFor(result.append.position);
      const after = (await findCryptoWithdrawal(app.deps.db, row.id))!;
      return { id: after.id, status: after.status, kycStatus: after.kyc_status };
    },
  );

  app.get(
    '/api/admin/ledger/health',
    {
      onRequest: app.requireAdmin,
      schema: {
        response: { 200: contract.ledgerHealth },
      },
    },
    async () => {
      const { db, store, projections } = app.deps;
      const [trial, head, status, audit] = await Promise.all([trialBalance(db), store.headPosition(), projections.status(), latestAuditRuns(db)]);
      const currencies = trial.byCurrency.map((c) => ({ currency: c.currency, total: formatAmount(c.total) }));
      const last = audit.last;
      return {
        trialBalance: { balanced: currencies.every((c) => c.total === '0.00'), currencies },
        eventStoreHead: head ? formatPosition(head) : null,
        projections: {
          running: status.running,
          ...(status.lastError ? { lastError: status.lastError } : {}),
          projectors: status.projectors.map((p) => ({ name: p.name, checkpoint: formatPosition(p.checkpoint), lag: p.lag })),
        },
        audit: {
          last: last ? { ranAt: last.ran_at.toISOString(), passed: last.passed, events: last.events, streams: last.streams, failureCount: last.failure_count, failures: last.failures } : null,
          lastPassedAt: audit.lastPassed ? audit.lastPassed.ran_at.toISOString() : null,
        },
      };
    },
  );
};

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminCoreRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminUserRecordRoutes);
  await app.register(adminTrailRoutes);
  await app.register(operationsRoutes);
};
