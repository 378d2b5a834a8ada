/**
 * The admin panel's Operations tab and overview charts (admins only). Operations: what is stuck
 * and why, each with its action: bank withdrawals waiting for a person (retry / return), those
 * still retried on the backoff, transfers made with no outcome long after; projectors and
 * reactors behind the log; stake locks (sagas) open past their time; the audit (run now, and
 * its last outcome). Charts: stakes and fees, active players, disputes, payout times per day.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/admin';
import { formatPosition, type Position } from '@wager/domain';
import { latestAuditRuns } from '@wager/projections/admin/queries';
import { CHART_DAYS_DEFAULT, CHART_DAYS_MAX, dailyDisputes, dailyMoney, dailyPayoutTimes, openDisputeAges } from '@wager/projections/admin/charts.queries';
import { listBankWithdrawalsBackingOff, listBankWithdrawalsNeedingAttention, listBankWithdrawalsSentLongAgo } from '@wager/projections/wallet/bank-payouts.queries';
import { reactorCheckpoints } from '@wager/projections/checkpoints/queries';
import { betHoldsLockedSince } from '@wager/projections/holds/queries';
import { betIdsInPlay } from '@wager/projections/bets/queries';
import { toAttentionJson } from '../wallet/index.js';
import type { AppDeps } from '../../deps.js';
import { auditRunning, startAuditRun } from './audit.js';

/** A transfer made with no outcome after this long is past every webhook retry and verify poll. */
export const SENT_WITHOUT_OUTCOME_AFTER_MS = 60 * 60_000;
/**
 * A stake lock on a finished bet open this long was left by the saga era (before every refund
 * and payout was appended with its bet's transition): shown so an operator can close it.
 */
export const SAGA_OVERDUE_MS = 2 * 60_000;
/** Events behind the head counted at most this far (a lag above it reads "1000+"). */
export const LAG_COUNT_MAX = 1000;
export const OPERATIONS_LIST_MAX = 50;


/** Events after `after` in the log, counted up to LAG_COUNT_MAX: works with either event store. */
async function eventsAfter(deps: AppDeps, after: Position): Promise<number> {
  return (await deps.store.readAll({ after, maxCount: LAG_COUNT_MAX })).length;
}

async function reactorLags(deps: AppDeps): Promise<contract.Operations['reactors']> {
  const checkpoints = await reactorCheckpoints(deps.db);
  return Promise.all(checkpoints.map(async ({ reactor, position }) => ({ name: reactor, checkpoint: formatPosition(position), lag: await eventsAfter(deps, position) })));
}

/**
 * Stake locks on bets open past SAGA_OVERDUE_MS whose bet is over or was never created: the
 * follow-up (refund, payout, release) the reconciler owes has not happened. A lock on a bet still
 * in play is its stake at work, not a saga in flight.
 */
async function overdueSagas(deps: AppDeps, now: Date) {
  const rows = await betHoldsLockedSince(deps.db, new Date(now.getTime() - SAGA_OVERDUE_MS), OPERATIONS_LIST_MAX);
  if (rows.length === 0) return [];
  const live = await betIdsInPlay(deps.db, rows.map((r) => r.hold_id));
  return rows
    .filter((r) => !live.has(r.hold_id))
    .map((r) => ({ holdKind: r.hold_kind, holdId: r.hold_id, userId: r.user_id, total: r.total, currency: r.currency, lockedAt: new Date(r.locked_at).toISOString(), minutesOpen: Math.floor((now.getTime() - new Date(r.locked_at).getTime()) / 60_000) }));
}


export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/admin/operations', { onRequest: app.requireAdmin, schema: { response: { 200: contract.operations } } }, async () => {
    const now = deps.clock.now();
    const [needs, retrying, sentLong, status, reactors, sagas, audit, running] = await Promise.all([
      listBankWithdrawalsNeedingAttention(deps.db, OPERATIONS_LIST_MAX),
      listBankWithdrawalsBackingOff(deps.db, OPERATIONS_LIST_MAX),
      listBankWithdrawalsSentLongAgo(deps.db, new Date(now.getTime() - SENT_WITHOUT_OUTCOME_AFTER_MS), OPERATIONS_LIST_MAX),
      deps.projections.status(),
      reactorLags(deps),
      overdueSagas(deps, now),
      latestAuditRuns(deps.db),
      auditRunning(deps.db),
    ]);
    const last = audit.last;
    return {
      generatedAt: now.toISOString(),
      withdrawals: { needsAttention: needs.map(toAttentionJson), retrying: retrying.map(toAttentionJson), sentWithoutOutcome: sentLong.map(toAttentionJson) },
      projections: { running: status.running, lastError: status.lastError ?? null, projectors: status.projectors.map((p) => ({ name: p.name, checkpoint: formatPosition(p.checkpoint), lag: p.lag })) },
      reactors,
      sagas,
      audit: {
        running,
        last: last ? { ranAt: last.ran_at.toISOString(), passed: last.passed, events: last.events, streams: last.streams, failureCount: last.failure_count, failures: last.failures } : null,
        lastPassedAt: audit.lastPassed ? audit.lastPassed.ran_at.toISOString() : null,
        intervalMinutes: deps.config.AUDIT_INTERVAL_MINUTES,
      },
    };
  });

  /** Starts the audit as a background job; its result is recorded in audit_runs (GET /api/admin/operations shows it). */
  app.post('/api/admin/audit/runs', { onRequest: app.requireAdmin, schema: { response: { 202: contract.auditRunStarted } } }, async (request, reply) => {
    const { started } = await startAuditRun(deps, (m) => request.log.error(m));
    return reply.status(202).send({ started, running: true });
  });

  app.get(
    '/api/admin/charts',
    { onRequest: app.requireAdmin, schema: { querystring: contract.chartsQuery(CHART_DAYS_MAX, CHART_DAYS_DEFAULT), response: { 200: contract.charts } } },
    async (request) => {
      const now = deps.clock.now();
      const days = request.query.days;
      const currency = deps.config.WALLET_CURRENCY;
      const [moneyRows, disputes, open, payouts] = await Promise.all([dailyMoney(deps.db, now, days, currency), dailyDisputes(deps.db, now, days), openDisputeAges(deps.db, now), dailyPayoutTimes(deps.db, now, days)]);
      return { days, currency, money: moneyRows, disputes, openDisputes: open.map((d) => ({ betId: d.betId, openedAt: d.openedAt.toISOString(), hours: d.hours })), payoutTimes: payouts };
    },
  );
};
