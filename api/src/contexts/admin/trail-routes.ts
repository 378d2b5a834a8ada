/**
 * GET /api/admin/bets/:betId/trail: everything about one bet as one timeline, in global log
 * order, each entry with its actor, time and source (bet events, ledger postings, chat, evidence,
 * admin actions, and whatever later contexts contribute), plus the hash-chain check of every
 * stream it came from. `?format=html` answers a printable page of the same.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '@wager/domain';
import { betMessages } from '@wager/domain/bets/index';
import { casebookPeople, renderCasebookLine } from '@wager/domain/bets/casebook';
import { findBet, userSummaries } from '@wager/projections/bets/queries';
import { collectTrail, positionText, type BetTrail } from '../../runtime/trail.js';
import { betView, participants, type BetJson } from '../bets/index.js';
import * as contract from '@wager/domain/contracts/admin';
import * as betsContract from '@wager/domain/contracts/bets';
import { UUID_PATTERN } from '@wager/domain/contracts/common';

const trailJson = contract.betTrail;
type TrailJson = contract.BetTrail;

const { betParams } = betsContract;


function peopleIn(bet: BetJson, trail: BetTrail): string[] {
  const ids = [bet.challengerId, bet.opponentId ?? ''];
  for (const e of trail.entries) {
    if (e.actor) ids.push(e.actor.replace(/^admin:/, ''));
    if (e.message) ids.push(e.message.senderId);
    if (e.summary) ids.push(...casebookPeople(e.summary));
  }
  return [...new Set(ids)].filter((id) => UUID_PATTERN.test(id));
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function describe(e: TrailJson['entries'][number]): string {
  if (e.summary) return e.text;
  if (e.message) return `${e.message.type}: ${e.message.content}`;
  if (e.evidence) return `${e.evidence.filename} (${e.evidence.contentType}, ${e.evidence.sizeBytes} bytes) sha256 ${e.evidence.sha256}`;
  if (e.postings.length > 0) return e.postings.map((p) => `${p.account} ${p.amount} ${p.currency}`).join('; ');
  const notes = typeof e.data.adminNotes === 'string' && e.data.adminNotes ? ` notes: ${e.data.adminNotes}` : '';
  return `${typeof e.data.reason === 'string' ? `reason: ${e.data.reason}` : ''}${notes}`;
}

/** A self-contained page meant for printing or filing: no scripts, no external resources. */
function printable(trail: TrailJson): string {
  const name = (actor: string | null) => (actor ? (trail.people[actor.replace(/^admin:/, '')] ?? actor) : '');
  const rows = trail.entries
    .map((e) => `<tr><td>${escapeHtml(e.at)}</td><td>${escapeHtml(e.source)}</td><td>${escapeHtml(e.type)}</td><td>${escapeHtml(name(e.actor))}</td><td>${escapeHtml(describe(e))}</td><td>${escapeHtml(`${e.streamId}@${e.streamRevision}`)}</td></tr>`)
    .join('\n');
  const chains = trail.chains
    .map((c) => `<li>${escapeHtml(c.streamId)}: ${c.intact ? 'chain intact' : `chain broken at revision ${c.brokenAt!.streamRevision} (${escapeHtml(c.brokenAt!.type)} ${escapeHtml(c.brokenAt!.eventId)})`} (${c.events} events)</li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bet ${escapeHtml(trail.bet.id)} trail</title>
<style>body{font-family:system-ui,sans-serif;font-size:12px;margin:24px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #999;padding:4px;text-align:left;vertical-align:top}.bad{color:#b00}</style></head>
<body><h1>Bet ${escapeHtml(trail.bet.id)}</h1>
<p>${escapeHtml(trail.bet.gameType)} · ${escapeHtml(trail.bet.amount)} ${escapeHtml(trail.bet.currency)} · status ${escapeHtml(trail.bet.status)} · generated ${escapeHtml(trail.generatedAt)}</p>
<h2 class="${trail.intact ? '' : 'bad'}">${trail.intact ? 'Chain intact' : 'Chain broken'}</h2><ul>${chains}</ul>
<table><thead><tr><th>Time</th><th>Source</th><th>Entry</th><th>Actor</th><th>Details</th><th>Stream</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}

export const adminTrailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/bets/:betId/trail',
    { onRequest: app.requireAdmin, schema: { params: betParams, querystring: contract.betTrailQuery } },
    async (request, reply) => {
      const row = await findBet(app.deps.db, request.params.betId);
      if (!row) throw new NotFoundError(betMessages.betNotFound);
      const trail = await collectTrail(app, row.id);
      const bet = betView(row, await userSummaries(app.deps.db, participants(row)), { showInviteLink: true, showAdminNotes: true });
      const people = await userSummaries(app.deps.db, peopleIn(bet, trail));
      const names = Object.fromEntries([...people].map(([id, u]) => [id, u.username]));
      const body: TrailJson = trailJson.parse({
        bet,
        entries: trail.entries.map(({ part: _part, position, ...e }) => ({
          ...e,
          position: positionText(position),
          text: e.summary ? renderCasebookLine(e.summary, { locale: 'en', names }) : e.type,
        })),
        chains: trail.chains,
        intact: trail.intact,
        people: names,
        generatedAt: app.deps.clock.now().toISOString(),
      });
      if (request.query.format === 'html') return reply.type('text/html; charset=utf-8').header('content-disposition', `inline; filename="bet-${row.id}-trail.html"`).send(printable(body));
      return body;
    },
  );
};
