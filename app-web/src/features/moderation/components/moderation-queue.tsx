import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { escalationReasonSchema, moderationNoteSchema } from '@wager/domain/chat/rules';
import { Dialog } from '../../../components/ui/dialog';
import { Alert, Badge, Button, Card, Field, Spinner, Textarea } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/error-message';
import { translateMessage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { useUser } from '../../auth';
import { moderationQueries, useModerationAction, type ModerationRequest, type ModerationStatus, type QueueScope } from '../api/moderation-queries';

/** How often the waiting times move on while the page is open. */
export const WAITED_TICK_MS = 30_000;

/** A duration in the reader's language: minutes under an hour, hours under two days, then days. */
export function formatDuration(seconds: number, language: string): string {
  const [value, unit] = seconds < 3600 ? [Math.max(1, Math.floor(seconds / 60)), 'minute'] : seconds < 48 * 3600 ? [Math.floor(seconds / 3600), 'hour'] : [Math.floor(seconds / 86_400), 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

const STATUS_TONE: Record<ModerationStatus, 'warning' | 'info' | 'danger' | 'success'> = { open: 'warning', claimed: 'info', escalated: 'danger', resolved: 'success' };

/** Re-renders every WAITED_TICK_MS, so "waiting for" moves on without a refetch. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), WAITED_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type TextStep = 'resolve' | 'escalate';

/** The note (resolve) or reason (escalate) form, validated by the server's own schema. */
function TextStepDialog({ request, step, onClose }: { request: ModerationRequest; step: TextStep; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useModerationAction(step);
  const schema = step === 'resolve' ? moderationNoteSchema : escalationReasonSchema;
  const form = useForm<{ text: string }>({ defaultValues: { text: '' } });
  const onSubmit = form.handleSubmit(({ text }) => {
    const parsed = schema.safeParse(text);
    if (!parsed.success) return form.setError('text', { message: parsed.error.issues[0]?.message });
    action.mutate(
      { chatId: request.chatId, body: step === 'resolve' ? { note: parsed.data } : { reason: parsed.data } },
      {
        onSuccess: () => {
          toast({ title: t(step === 'resolve' ? 'moderation.resolvedToast' : 'moderation.escalatedToast'), type: 'success' });
          onClose();
        },
        onError: (error) => toast({ title: t('moderation.failed'), description: errorMessage(error, t('common.error')), type: 'error' }),
      },
    );
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(step === 'resolve' ? 'moderation.resolveTitle' : 'moderation.escalateTitle')}
      description={t(step === 'resolve' ? 'moderation.resolveText' : 'moderation.escalateText')}
      testId={`moderation-${step}-dialog`}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label={t(step === 'resolve' ? 'moderation.noteLabel' : 'moderation.reasonLabel')} error={translateMessage(form.formState.errors.text?.message)} required>
          {(control) => <Textarea {...control} rows={4} {...form.register('text')} />}
        </Field>
        <div className="dialog-actions">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={action.isPending}>
            {t(step === 'resolve' ? 'moderation.resolve' : 'moderation.escalate')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RequestActions({ request, user }: { request: ModerationRequest; user: User }) {
  const { t } = useTranslation();
  const claim = useModerationAction('claim');
  const [step, setStep] = useState<TextStep | null>(null);
  const isClaimant = request.claimedBy?.id === user.id;
  const mayResolve = (request.status === 'claimed' && (isClaimant || Boolean(user.isAdmin))) || (request.status === 'escalated' && Boolean(user.isAdmin));
  const onClaim = () =>
    claim.mutate(
      { chatId: request.chatId },
      {
        onSuccess: () => toast({ title: t('moderation.claimedToast'), description: t('moderation.claimedToastText'), type: 'success' }),
        onError: (error) => toast({ title: t('moderation.failed'), description: errorMessage(error, t('common.error')), type: 'error' }),
      },
    );
  return (
    <div className="moderation-actions">
      <Link className="btn btn-outline btn-sm" to={request.chatPath}>
        {t('moderation.openChat')}
      </Link>
      {request.status === 'open' ? (
        <Button size="sm" disabled={claim.isPending} onClick={onClaim}>
          {t('moderation.claim')}
        </Button>
      ) : null}
      {mayResolve ? (
        <Button size="sm" onClick={() => setStep('resolve')}>
          {t('moderation.resolve')}
        </Button>
      ) : null}
      {request.status === 'claimed' && isClaimant ? (
        <Button size="sm" variant="secondary" onClick={() => setStep('escalate')}>
          {t('moderation.escalate')}
        </Button>
      ) : null}
      {step ? <TextStepDialog request={request} step={step} onClose={() => setStep(null)} /> : null}
    </div>
  );
}

function RequestCard({ request, user, waitedSeconds }: { request: ModerationRequest; user: User; waitedSeconds: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const duration = formatDuration(waitedSeconds, language);
  return (
    <Card className="moderation-item" data-testid="moderation-item" data-chat-id={request.chatId} data-status={request.status}>
      <div className="moderation-item-header">
        <h2 className="card-title">
          {request.bet ? `${t(`bets.games.${request.bet.gameType}`, { defaultValue: request.bet.gameType })} · ${formatMoney(request.bet.amount, request.bet.currency)}` : request.betId}
        </h2>
        <Badge tone={STATUS_TONE[request.status]} data-testid="moderation-status">
          {t(`moderation.status.${request.status}`)}
        </Badge>
      </div>
      <p className="moderation-players" data-testid="moderation-players">
        {request.challenger?.username ?? '—'} {t('bets.vs')} {request.opponent?.username ?? '—'}
      </p>
      <p className="muted">
        {t('moderation.requestedBy', { username: request.requestedBy.username })} ·{' '}
        <span data-testid="moderation-waited">{t(request.status === 'open' ? 'moderation.waiting' : 'moderation.waited', { duration })}</span>
      </p>
      {request.claimedBy ? (
        <p data-testid="moderation-claimed-by">{request.claimedBy.id === user.id ? t('moderation.takenByYou') : t('moderation.takenBy', { username: request.claimedBy.username })}</p>
      ) : null}
      {request.escalatedBy ? <p data-testid="moderation-escalated-by">{t('moderation.escalatedBy', { username: request.escalatedBy.username, reason: request.escalationReason ?? '' })}</p> : null}
      {request.resolvedBy ? <p data-testid="moderation-resolved-by">{t('moderation.resolvedBy', { username: request.resolvedBy.username, note: request.resolutionNote ?? '' })}</p> : null}
      <RequestActions request={request} user={user} />
    </Card>
  );
}

/**
 * The moderation queue (/moderation), for moderators and admins: the chats that asked for a
 * moderator, the longest waiting first, each with its bet, players, time waited and who took it.
 * It follows the `moderation-queue` change over /ws, so a new request or a claim shows without a
 * reload.
 */
export function ModerationQueue() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [scope, setScope] = useState<QueueScope>('active');
  const allowed = Boolean(user && (user.isModerator || user.isAdmin));
  const queue = useQuery({ ...moderationQueries.queue(scope), enabled: allowed });
  const now = useNow();
  if (!user || !allowed) {
    return (
      <Alert tone="danger" data-testid="moderation-access-denied">
        {t('moderation.accessDenied')}
      </Alert>
    );
  }
  // The server's waited time, moved on by the time since it answered while a request still waits.
  const waited = (request: ModerationRequest) => request.waitedSeconds + (request.status === 'open' ? Math.max(0, Math.floor((now - queue.dataUpdatedAt) / 1000)) : 0);
  const requests = queue.data?.requests ?? [];
  return (
    <div className="page moderation-page">
      <header className="page-header">
        <h1>{t('moderation.title')}</h1>
        <p className="muted">{t('moderation.subtitle')}</p>
      </header>
      <div className="moderation-tabs" role="group">
        {(['active', 'resolved'] as const).map((item) => (
          <Button key={item} size="sm" variant={scope === item ? 'primary' : 'ghost'} aria-pressed={scope === item} onClick={() => setScope(item)}>
            {t(`moderation.tabs.${item}`)}
          </Button>
        ))}
      </div>
      {queue.isPending ? (
        <Spinner label={t('moderation.loading')} />
      ) : queue.isError ? (
        <Alert tone="danger">{errorMessage(queue.error, t('common.error'))}</Alert>
      ) : requests.length === 0 ? (
        <p className="muted" data-testid="moderation-empty">
          {t(scope === 'active' ? 'moderation.empty' : 'moderation.emptyResolved')}
        </p>
      ) : (
        <div className="moderation-list" data-testid="moderation-list">
          {requests.map((request) => (
            <RequestCard key={request.chatId} request={request} user={user} waitedSeconds={waited(request)} />
          ))}
        </div>
      )}
    </div>
  );
}
