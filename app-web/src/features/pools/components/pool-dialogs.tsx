import { useQuery } from '@tanstack/react-query';
import { createPoolRequestSchema, fplTeamIdSchema, POOL_DEFAULTS } from '@wager/domain/pools/rules';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { Badge, Button, Checkbox, Field, Input, Spinner, Textarea } from '../../../components/ui/primitives';
import { toastProcessing } from '../../../components/ui/processing-toast';
import { toast } from '../../../components/ui/toast';
import { isProcessing } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { translateMessage } from '../../../lib/i18n';
import { WALLET_CURRENCY, currencySymbol, formatMoney } from '../../../lib/money';
import { copyText, formatDateTime, MoneyPanel } from '../../bets';
import { FrozenMoneyNotice, freezeInForce, useUser } from '../../auth';
import { poolLedgerQuery, poolQueries, useCancelPool, useCreatePool, useJoinPool, type Pool, type PoolDetail } from '../api/pool-queries';

/** Spec section 4 colours: open green, ongoing blue, completed purple, cancelled red. */
export function PoolStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = ['open', 'ongoing', 'completed', 'cancelled'].includes(status) ? status : 'open';
  return (
    <span className={`badge pool-status pool-status-${known}`} data-testid="pool-status" data-status={known}>
      {t(`pools.status.${known}`)}
    </span>
  );
}

/** The address a private pool's invite code opens: the pools page with the join dialog. */
export function inviteLink(inviteCode: string): string {
  return `${window.location.origin}/fpl-pools?join=${encodeURIComponent(inviteCode)}`;
}

function Stats({ pool }: { pool: Pool }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('pools.entryFee'), formatMoney(pool.entryFee, pool.currency)],
    [t('pools.fee'), formatMoney(pool.feeAmount, pool.currency)],
    [t('pools.pot'), formatMoney(pool.potAmount, pool.currency)],
    [t('pools.participants'), t('pools.participantsOf', { count: pool.participantCount, max: pool.maxParticipants })],
    [t('pools.gameweeks'), t('pools.gameweekRange', { start: pool.startGameweek, end: pool.endGameweek })],
    // Only while joining is open: a running or finished pool says its state (the badge), not a past deadline (issue #29).
    ...(pool.status === 'open' ? ([[t('pools.deadline'), formatDateTime(pool.firstDeadlineAt)]] as [string, string][]) : []),
  ];
  return (
    <dl className="readonly-list" data-testid="pool-stats">
      {rows.map(([label, value]) => (
        <div key={label} className="readonly-field">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * View: stats, the leaderboard by total points, the tie rule, the invite code and link, and for
 * those the API lets read it (participants, the creator, admins) the pool's Money panel.
 */
export function PoolDetailsDialog({ poolId, onClose }: { poolId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery(poolQueries.detail(poolId));
  const { data: user } = useUser();
  const cancel = useCancelPool();
  useEffect(() => {
    if (detail.isError) toast({ title: t('pools.loadDetailsFailed'), description: errorMessage(detail.error), type: 'error' });
  }, [detail.isError, detail.error, t]);
  const pool = detail.data?.pool;
  const copy = (text: string) => void copyText(text).then(() => toast({ title: t('pools.linkCopied'), type: 'success' }));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={pool?.name ?? t('pools.detailsTitle')} wide testId="pool-details">
      {detail.isPending ? <Spinner /> : null}
      {pool ? (
        <>
          <div className="row">
            <PoolStatusBadge status={pool.status} />
            {pool.isPrivate ? <Badge>{t('pools.private')}</Badge> : <Badge tone="info">{t('pools.public')}</Badge>}
          </div>
          {pool.description ? <p className="muted">{pool.description}</p> : null}
          <Stats pool={pool} />
          <p className="hint" data-testid="pool-tie-rule">{t('pools.tieRule')}</p>
          <h3>{t('pools.leaderboard')}</h3>
          <Leaderboard detail={detail.data!} />
          <h3>{t('pools.byGameweek')}</h3>
          <GameweekBreakdown detail={detail.data!} />
          {pool.isCreator || pool.hasJoined || user?.isAdmin ? (
            <div data-testid="pool-money">
              <MoneyPanel query={poolLedgerQuery(pool.id)} kind="pool" />
            </div>
          ) : null}
          {pool.inviteCode ? (
            <div className="invite-box" data-testid="pool-invite">
              <p>
                {t('pools.inviteCode')}: <strong data-testid="pool-invite-code">{pool.inviteCode}</strong>
              </p>
              <div className="row">
                <Input readOnly value={inviteLink(pool.inviteCode)} aria-label={t('pools.inviteLink')} data-testid="pool-invite-link" />
                <Button variant="outline" onClick={() => copy(inviteLink(pool.inviteCode!))}>
                  {t('pools.copyLink')}
                </Button>
              </div>
            </div>
          ) : null}
          {pool.isCreator && pool.status === 'open' ? (
            <Button
              variant="outline"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(pool.id, {
                  onSuccess: () => toast({ title: t('pools.cancelledTitle'), description: t('pools.cancelledText'), type: 'success' }),
                  onError: (error) => toast({ title: t('pools.cancelFailed'), description: errorMessage(error), type: 'error' }),
                })
              }
            >
              {t('pools.cancelPool')}
            </Button>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}

function Leaderboard({ detail }: { detail: PoolDetail }) {
  const { t } = useTranslation();
  if (detail.participants.length === 0) return <p className="muted">{t('pools.noParticipants')}</p>;
  return (
    <ScrollTable label={t('pools.leaderboard')} testId="pool-leaderboard-scroll">
      <table className="pool-leaderboard" data-testid="pool-leaderboard">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('pools.team')}</th>
            <th>{t('pools.manager')}</th>
            <th className="num">{t('pools.points')}</th>
            <th className="num">{t('pools.payout')}</th>
          </tr>
        </thead>
        <tbody>
          {detail.participants.map((p, i) => (
            <tr key={p.id} data-testid="pool-leaderboard-row" className={p.isMe ? 'row-me' : undefined}>
              <td>{i + 1}</td>
              <td>
                {p.fplTeamName} <span className="muted">({p.fplTeamId})</span>
              </td>
              <td>{p.username ?? '—'}</td>
              <td className="num" data-testid="pool-points">
                {p.totalPoints}
              </td>
              <td className="num" data-testid="pool-payout">
                {p.payout ? formatMoney(p.payout, detail.pool.currency) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** The gameweeks the breakdown shows: the whole window once settled, else start..the standings so far. */
export function breakdownGameweeks(pool: Pool): number[] {
  const last = pool.status === 'completed' ? pool.endGameweek : pool.standingsThrough;
  if (last === null || last < pool.startGameweek) return [];
  return Array.from({ length: Math.min(last, pool.endGameweek) - pool.startGameweek + 1 }, (_, i) => pool.startGameweek + i);
}

/**
 * Issue #29: each entrant's points per gameweek of the pool's window (gameweeks as columns, the
 * team in a column that stays put while the rest scrolls sideways), in leaderboard order.
 */
function GameweekBreakdown({ detail }: { detail: PoolDetail }) {
  const { t } = useTranslation();
  const gameweeks = breakdownGameweeks(detail.pool);
  if (detail.participants.length === 0) return null;
  if (gameweeks.length === 0) return <p className="muted" data-testid="pool-gameweeks-empty">{t('pools.noGameweeksYet')}</p>;
  return (
    <ScrollTable label={t('pools.byGameweek')} testId="pool-gameweeks-scroll">
      <table className="pool-leaderboard pool-gameweeks" data-testid="pool-gameweeks">
        <thead>
          <tr>
            <th className="sticky-col">{t('pools.team')}</th>
            {gameweeks.map((gw) => (
              <th key={gw} className="num" scope="col">
                <abbr title={t('pools.gameweekColumn', { gameweek: gw })}>{t('pools.gameweekShort', { gameweek: gw })}</abbr>
              </th>
            ))}
            <th className="num">{t('pools.points')}</th>
          </tr>
        </thead>
        <tbody>
          {detail.participants.map((p) => {
            const byGameweek = new Map(p.gameweekPoints.map((g) => [g.gameweek, g.points]));
            return (
              <tr key={p.id} data-testid="pool-gameweeks-row" className={p.isMe ? 'row-me' : undefined}>
                <th scope="row" className="sticky-col">
                  {p.fplTeamName}
                </th>
                {gameweeks.map((gw) => (
                  <td key={gw} className="num" data-testid={`pool-gw-${gw}`}>
                    {byGameweek.get(gw) ?? '—'}
                  </td>
                ))}
                <td className="num">{p.totalPoints}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Join: the pool's details and cost (entry + fee), asking for the FPL Team ID (spec sections 2 and 5). */
export function JoinPoolDialog({ pool, inviteCode, onClose, onJoined }: { pool: Pool; inviteCode?: string; onClose: () => void; onJoined: (poolId: string) => void }) {
  const { t } = useTranslation();
  const join = useJoinPool();
  const frozen = freezeInForce(useUser().data);
  const [teamId, setTeamId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = fplTeamIdSchema.safeParse(teamId);
    if (!parsed.success) return setError(translateMessage(parsed.error.issues[0]?.message));
    setError(undefined);
    join.mutate(
      { poolId: pool.id, inviteCode, fplTeamId: String(parsed.data) },
      {
        onSuccess: (answer) => {
          if (isProcessing(answer)) toastProcessing();
          else toast({ title: t('pools.joinedTitle'), description: t('pools.joinedText', { name: pool.name }), type: 'success' });
          onJoined(pool.id);
        },
        onError: (failure) => toast({ title: t('pools.joinFailedTitle'), description: errorMessage(failure) || t('pools.joinFailedDefault'), type: 'error' }),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('pools.joinTitle', { name: pool.name })} testId="pool-join">
      <Stats pool={pool} />
      <p data-testid="pool-join-cost">{t('pools.cost', { entry: formatMoney(pool.entryFee, pool.currency), fee: formatMoney(pool.feeAmount, pool.currency), total: formatMoney(pool.totalCost, pool.currency) })}</p>
      <form onSubmit={submit} noValidate>
        <Field label={t('pools.fplTeamId')} error={error} hint={t('pools.fplTeamIdHint')} required>
          {(control) => <Input {...control} inputMode="numeric" value={teamId} onChange={(e) => setTeamId(e.target.value)} data-testid="pool-join-team-id" />}
        </Field>
        <FrozenMoneyNotice reason={frozen} />
        <Button type="submit" disabled={join.isPending || frozen !== null} data-testid="pool-join-submit">
          {join.isPending ? t('pools.joining') : t('pools.joinFor', { total: formatMoney(pool.totalCost, pool.currency) })}
        </Button>
      </form>
    </Dialog>
  );
}

type Form = { name: string; description: string; entryFee: string; maxParticipants: string; durationWeeks: string; startGameweek: string; isPrivate: boolean; fplTeamId: string };
const INITIAL: Form = {
  name: '',
  description: '',
  entryFee: String(Number(POOL_DEFAULTS.entryFee)),
  maxParticipants: String(POOL_DEFAULTS.maxParticipants),
  durationWeeks: String(POOL_DEFAULTS.durationWeeks),
  startGameweek: String(POOL_DEFAULTS.startGameweek),
  isPrivate: POOL_DEFAULTS.isPrivate,
  fplTeamId: '',
};

/** Create Pool: the spec's validation (shared schema) and defaults; an FPL Team ID enters the creator at once. */
export function CreatePoolDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (poolId: string) => void }) {
  const { t } = useTranslation();
  const create = useCreatePool();
  const frozen = freezeInForce(useUser().data);
  const [form, setForm] = useState<Form>(INITIAL);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...form, description: form.description || undefined, fplTeamId: form.fplTeamId || undefined };
    const parsed = createPoolRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<keyof Form, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Form;
        found[key] ??= translateMessage(issue.message);
      }
      return setErrors(found);
    }
    setErrors({});
    create.mutate(
      { ...parsed.data, description: parsed.data.description ?? undefined },
      {
        onSuccess: (answer) => {
          if (isProcessing(answer)) toastProcessing();
          else toast({ title: t('pools.createdTitle'), description: t('pools.createdText', { name: parsed.data.name }), type: 'success' });
          if (!isProcessing(answer)) onCreated(answer.pool.id);
          else onClose();
        },
        onError: (failure) => toast({ title: t('pools.createFailedTitle'), description: errorMessage(failure) || t('pools.createFailedDefault'), type: 'error' }),
      },
    );
  };
  const numberField = (key: 'entryFee' | 'maxParticipants' | 'durationWeeks' | 'startGameweek', label: string, hint?: string) => (
    <Field label={label} error={errors[key]} hint={hint} required>
      {(control) => <Input {...control} inputMode="decimal" value={form[key]} onChange={(e) => set({ [key]: e.target.value })} data-testid={`pool-create-${key}`} />}
    </Field>
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('pools.createTitle')} wide testId="pool-create">
      {/* Issue #29: labels above inputs; two columns for the short numbers on a wide screen, one on a phone. */}
      <form onSubmit={submit} noValidate className="pool-create-form">
        <div className="span-all">
          <Field label={t('pools.name')} error={errors.name} required>
            {(control) => <Input {...control} value={form.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} data-testid="pool-create-name" />}
          </Field>
        </div>
        <div className="span-all">
          <Field label={t('pools.description')} error={errors.description}>
            {({ invalid: _invalid, ...control }) => <Textarea {...control} value={form.description} maxLength={500} onChange={(e) => set({ description: e.target.value })} />}
          </Field>
        </div>
        {/* The label names the currency the fee is paid in (issue #29): pools are in the wallet's currency. */}
        {numberField('entryFee', `${t('pools.entryFee')} (${currencySymbol(WALLET_CURRENCY)}, ${WALLET_CURRENCY})`, t('pools.entryFeeHint'))}
        {numberField('maxParticipants', t('pools.maxParticipants'), t('pools.maxParticipantsHint'))}
        {numberField('durationWeeks', t('pools.durationWeeks'), t('pools.durationWeeksHint'))}
        {numberField('startGameweek', t('pools.startGameweek'), t('pools.startGameweekHint'))}
        <div className="span-all">
          <Checkbox label={t('pools.isPrivate')} checked={form.isPrivate} onChange={(e) => set({ isPrivate: e.target.checked })} data-testid="pool-create-private" />
        </div>
        <div className="span-all">
          <Field label={t('pools.creatorTeamId')} error={errors.fplTeamId} hint={t('pools.creatorTeamIdHint')}>
            {(control) => <Input {...control} inputMode="numeric" value={form.fplTeamId} onChange={(e) => set({ fplTeamId: e.target.value })} data-testid="pool-create-team-id" />}
          </Field>
        </div>
        <div className="span-all">
          <FrozenMoneyNotice reason={frozen} />
          <Button type="submit" disabled={create.isPending || frozen !== null} data-testid="pool-create-submit">
            {create.isPending ? t('pools.creating') : t('pools.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
