import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, Badge, Button, Card, Field, Spinner, Textarea } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/money';
import { useUser } from '../../auth';
import { AppealSlot, BetStatusBadge, disputeReasonText, formatDateTime, MoneyPanel, betLedgerQuery } from '../../bets';
import { adminQueries, useResolveDispute, type BetTrail, type TrailEntry } from '../api/admin-queries';
import { disputeAge } from './dispute-age';
import { UserLink } from './user-link';
import { EvidenceView } from './evidence-view';
import { entryText, TrailView } from './trail-view';
import { AdminAccessDenied } from './admin-access-denied';

const NOTES_MAX = 2000;
/** The notes templates, by the decision they fit: a win for a player, or a void. */
export const WIN_TEMPLATES = ['evidenceFor', 'trackerFor', 'noShow'] as const;
export const VOID_TEMPLATES = ['voidInconclusive', 'voidRules'] as const;

const byType = (trail: BetTrail, ...types: string[]) => trail.entries.filter((e) => types.includes(e.type));

/** One player's report: what they said, when, and their evidence inline. */
function ReportCard({ trail, playerId, title }: { trail: BetTrail; playerId: string | null | undefined; title: string }) {
  const { t } = useTranslation();
  const name = playerId ? (trail.people[playerId] ?? playerId) : '—';
  const report = byType(trail, 'BetResultReported').find((e) => e.data.reporterId === playerId);
  const files = trail.bet.resultEvidence.filter((f) => f.userId === playerId);
  const result = report ? t(`matches.${report.data.result === 'won' ? 'won' : 'lost'}`) : null;
  return (
    <Card data-testid="admin-report">
      {/* The card's own title is text only; this one links the player to their record. */}
      <h2 className="card-title">
        {title}: {playerId ? <UserLink userId={playerId} name={trail.people[playerId]} /> : name}
      </h2>
      <p>
        {result ? (
          <>
            <strong>{t('casebook.review.reported', { name, result })}</strong> <span className="muted">{t('casebook.review.reportedAt', { time: formatDateTime(report!.at) })}</span>
          </>
        ) : (
          t('casebook.review.notReported', { name })
        )}
      </p>
      <p className="muted">{files.length === 0 ? t('admin.disputes.noEvidence') : t('casebook.review.evidenceCount', { count: files.length })}</p>
      <div className="evidence-grid">
        {files.map((file) => (
          <EvidenceView key={file.sha256} file={file} />
        ))}
      </div>
    </Card>
  );
}

/** The tracker's verdict: the tracked score, its suggestion, and each report that contradicts it. */
function TrackerCard({ trail }: { trail: BetTrail }) {
  const { t, i18n } = useTranslation();
  const say = (e: TrailEntry) => entryText(e, trail, i18n.language);
  const ended = byType(trail, 'MatchEnded').at(-1);
  const suggested = byType(trail, 'ResultSuggested').at(-1);
  const contradictions = byType(trail, 'ReportContradictsTracker');
  return (
    <Card title={t('casebook.review.tracker')} data-testid="admin-tracker">
      {!ended && !suggested ? <p className="muted">{t('casebook.review.trackerNone')}</p> : null}
      {ended ? <p data-testid="admin-tracker-score">{say(ended)}</p> : null}
      {suggested ? (
        <p data-testid="admin-tracker-suggestion">
          <strong>{say(suggested)}</strong>
        </p>
      ) : null}
      <h3>{t('casebook.review.contradictions')}</h3>
      {contradictions.length === 0 ? (
        <p className="muted">{t('casebook.review.noContradictions')}</p>
      ) : (
        <ul>
          {contradictions.map((e) => (
            <li key={e.eventId} data-testid="admin-tracker-contradiction">
              {say(e)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ChatCard({ trail }: { trail: BetTrail }) {
  const { t } = useTranslation();
  const messages = trail.entries.filter((e) => e.kind === 'chat' && e.message);
  return (
    <Card title={t('casebook.review.chat')} data-testid="admin-chat">
      {messages.length === 0 ? (
        <p className="muted">{t('casebook.review.noChat')}</p>
      ) : (
        <ol className="review-chat">
          {messages.map((e) => (
            <li key={e.eventId}>
              <time className="muted">{formatDateTime(e.at)}</time> <strong>{trail.people[e.message!.senderId] ?? t('admin.disputes.system')}</strong>: {e.message!.content}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** The money: each stake, refund, payout and fee as the ledger recorded it, in words, then the escrow proof. */
function MoneyCard({ trail }: { trail: BetTrail }) {
  const { t, i18n } = useTranslation();
  const moves = trail.entries.filter((e) => e.kind === 'posting' || e.type === 'BetSettled');
  return (
    <Card title={t('casebook.review.money')} data-testid="admin-money">
      <ul>
        {moves.map((e) => (
          <li key={e.eventId} data-testid="admin-money-line">
            {entryText(e, trail, i18n.language)}
          </li>
        ))}
      </ul>
      <MoneyPanel query={betLedgerQuery(trail.bet.id)} />
    </Card>
  );
}

/** The decision: a winner or a void, notes (required, shown to both players) with templates to start from. */
function ResolveForm({ trail }: { trail: BetTrail }) {
  const { t } = useTranslation();
  const bet = trail.bet;
  const resolve = useResolveDispute();
  const [decision, setDecision] = useState('');
  const [template, setTemplate] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | undefined>();
  const name = (id: string | null | undefined) => (id ? (trail.people[id] ?? id) : '—');
  const templates = decision === 'void' ? VOID_TEMPLATES : decision ? WIN_TEMPLATES : [];
  const choose = (value: string) => {
    setTemplate(value);
    if (value) setNotes(t(`casebook.review.templates.${value}`, { name: name(decision) }));
  };
  const pick = (value: string) => {
    setDecision(value);
    setTemplate('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!decision) return setError(t('admin.disputes.decisionRequired'));
    if (!notes.trim()) return setError(t('admin.disputes.notesRequired'));
    setError(undefined);
    // mutateAsync, not mutate's callbacks: the refetch the mutation waits for turns the bet
    // `completed`, which unmounts this form, and an unmounted mutate() drops its callbacks.
    const voiding = decision === 'void';
    resolve
      .mutateAsync({ betId: bet.id, winnerId: voiding ? null : decision, adminNotes: notes.trim() })
      .then(
        () => toast({ title: voiding ? t('admin.disputes.voided') : t('admin.disputes.resolved'), type: 'success' }),
        (e: unknown) => toast({ title: t('common.error'), description: errorMessage(e), type: 'error' }),
      );
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-resolve-form" aria-labelledby="resolve-title">
      <h2 id="resolve-title" className="card-title">
        {t('casebook.review.resolution')}
      </h2>
      <fieldset className="stack">
        <legend>{t('admin.disputes.decision')}</legend>
        {[bet.challengerId, bet.opponentId].filter((id): id is string => Boolean(id)).map((id) => (
          <label key={id} className="row">
            <input type="radio" name="decision" value={id} checked={decision === id} onChange={() => pick(id)} />
            {t('admin.disputes.awardTo', { name: name(id) })}
          </label>
        ))}
        <label className="row">
          <input type="radio" name="decision" value="void" checked={decision === 'void'} onChange={() => pick('void')} />
          {t('admin.disputes.void')}
        </label>
      </fieldset>
      <label className="stack">
        <span>{t('casebook.review.template')}</span>
        <select className="input" value={template} onChange={(e) => choose(e.target.value)} disabled={templates.length === 0} data-testid="admin-resolve-template">
          <option value="">{t('casebook.review.templateNone')}</option>
          {templates.map((key) => (
            <option key={key} value={key}>
              {t(`casebook.review.templates.${key}`, { name: name(decision) })}
            </option>
          ))}
        </select>
      </label>
      <Field label={t('admin.disputes.notes')} required error={error} hint={t('casebook.review.notesVisible')}>
        {({ invalid: _invalid, ...control }) => <Textarea {...control} rows={4} maxLength={NOTES_MAX} value={notes} onChange={(e) => setNotes(e.target.value)} data-testid="admin-resolve-notes" />}
      </Field>
      <div className="row">
        <Button type="submit" variant="danger" disabled={resolve.isPending} data-testid="admin-resolve-submit">
          {t('admin.disputes.resolve')}
        </Button>
      </div>
    </form>
  );
}

/** What was decided, once the bet left `disputed`. */
function Decided({ trail }: { trail: BetTrail }) {
  const { t, i18n } = useTranslation();
  const resolved = byType(trail, 'DisputeResolved').at(-1);
  return (
    <Card title={t('casebook.review.resolution')} data-testid="admin-resolved">
      <p>{t('casebook.review.closed', { status: t(`bets.status.${trail.bet.status}`, { defaultValue: trail.bet.status }) })}</p>
      {resolved ? <p>{entryText(resolved, trail, i18n.language)}</p> : null}
    </Card>
  );
}

function ReviewBody({ trail }: { trail: BetTrail }) {
  const { t, i18n } = useTranslation();
  const bet = trail.bet;
  const disputedAt = byType(trail, 'BetDisputed').at(-1);
  const openedAt = typeof disputedAt?.data.disputedAt === 'string' ? disputedAt.data.disputedAt : (disputedAt?.at ?? null);
  const isOpen = bet.status === 'disputed';
  return (
    <>
      <header className="page-header row-between">
        <div>
          <h1>{t('casebook.review.title')}</h1>
          <p data-testid="dispute-summary">
            <strong>
              <UserLink userId={bet.challengerId} name={bet.challenger?.username ?? trail.people[bet.challengerId]} />
            </strong>{' '}
            {t('bets.vs')} <strong>{bet.opponentId ? <UserLink userId={bet.opponentId} name={bet.opponent?.username ?? trail.people[bet.opponentId]} /> : '—'}</strong> · {t(`bets.games.${bet.gameType}`)} ·{' '}
            {formatMoney(bet.amount, bet.currency)}
          </p>
          <p className="muted">
            {isOpen && openedAt ? (
              <Badge tone="danger" data-testid="dispute-age">
                {t('casebook.review.openFor', { duration: disputeAge(openedAt, new Date(), i18n.language) })}
              </Badge>
            ) : null}{' '}
            {openedAt ? t('casebook.review.since', { time: formatDateTime(openedAt) }) : null}
            {bet.disputeReason ? ` · ${disputeReasonText(bet, t)}` : ''}
          </p>
        </div>
        <div className="row">
          <BetStatusBadge status={bet.status} />
          <Link className="btn btn-outline btn-sm" to={paths.adminDisputes.getHref()}>
            ← {t('casebook.review.backToQueue')}
          </Link>
        </div>
      </header>
      <section aria-label={t('casebook.review.reports')} className="grid-2">
        <ReportCard trail={trail} playerId={bet.challengerId} title={t('admin.disputes.challenger')} />
        <ReportCard trail={trail} playerId={bet.opponentId} title={t('admin.disputes.opponent')} />
      </section>
      <div className="grid-2">
        <TrackerCard trail={trail} />
        <ChatCard trail={trail} />
      </div>
      <div className="grid-2">
        <MoneyCard trail={trail} />
        <div className="stack">
          {isOpen ? <ResolveForm trail={trail} /> : <Decided trail={trail} />}
          <AppealSlot betId={bet.id} audience="admin" />
        </div>
      </div>
      <TrailView trail={trail} />
    </>
  );
}

/**
 * /admin/disputes/:betId (issue 23): a wide review page. Both reports side by side with their
 * evidence, the tracker's verdict, the chat, the money, the decision with notes templates, the
 * time since the dispute opened, and the whole casebook. It follows the bet live: an admin's
 * socket hears every stream, and every admin read refreshes on a change.
 */
export function DisputeReview({ betId }: { betId: string }) {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const trail = useQuery({ ...adminQueries.trail(betId), enabled: Boolean(user?.isAdmin), retry: false });
  if (isPending) return <Spinner />;
  if (!user?.isAdmin) return <AdminAccessDenied />;
  return (
    <div className="page page-wide dispute-review" data-testid="dispute-review">
      {trail.data ? <ReviewBody trail={trail.data} /> : trail.isError ? <Alert tone="danger">{errorMessage(trail.error)}</Alert> : <Spinner />}
    </div>
  );
}
