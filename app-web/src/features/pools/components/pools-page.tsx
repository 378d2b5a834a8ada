import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge, Button, Card, Spinner } from '../../../components/ui/primitives';
import { Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/money';
import { FrozenMoneyNotice, freezeInForce, useUser } from '../../auth';
import { poolQueries, type Pool } from '../api/pool-queries';
import { CreatePoolDialog, JoinPoolDialog, PoolDetailsDialog, PoolStatusBadge } from './pool-dialogs';

function PoolCard({ pool, onView, onJoin, closed }: { pool: Pool; onView: () => void; onJoin: (() => void) | null; closed: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="card pool-card" data-testid="pool-card" data-pool-id={pool.id}>
      <div className="row-between">
        <strong>{pool.name}</strong>
        <PoolStatusBadge status={pool.status} />
      </div>
      <p className="muted">{t('pools.gameweekRange', { start: pool.startGameweek, end: pool.endGameweek })}</p>
      <div className="chips">
        <Badge>{t('pools.entryChip', { amount: formatMoney(pool.entryFee, pool.currency) })}</Badge>
        <Badge tone="info">{t('pools.potChip', { amount: formatMoney(pool.potAmount, pool.currency) })}</Badge>
        <Badge>{t('pools.participantsOf', { count: pool.participantCount, max: pool.maxParticipants })}</Badge>
        {pool.hasJoined ? <Badge tone="success">{t('pools.joined')}</Badge> : null}
      </div>
      <div className="row">
        <Button variant="outline" onClick={onView} data-testid="pool-view">
          {t('pools.view')}
        </Button>
        {onJoin ? (
          <Button onClick={onJoin} disabled={closed} data-testid="pool-join-open">
            {t('pools.join')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function PoolList({ pools, empty, onView, onJoin, closed = false }: { pools: Pool[]; empty: string; onView: (p: Pool) => void; onJoin: (p: Pool) => void; closed?: boolean }) {
  if (pools.length === 0) return <p className="muted empty-state">{empty}</p>;
  return (
    <ul className="cards-grid">
      {pools.map((pool) => (
        <PoolCard key={pool.id} pool={pool} onView={() => onView(pool)} onJoin={pool.status === 'open' && !pool.hasJoined && pool.participantCount < pool.maxParticipants ? () => onJoin(pool) : null} closed={closed} />
      ))}
    </ul>
  );
}

/** The invite link `/fpl-pools?join=<code>`: loads the pool behind the code and opens Join. */
function JoinByCode({ code, onDone, onJoined }: { code: string; onDone: () => void; onJoined: (poolId: string) => void }) {
  const { t } = useTranslation();
  const pool = useQuery(poolQueries.byCode(code));
  useEffect(() => {
    if (pool.isError) {
      toast({ title: t('pools.loadDetailsFailed'), description: errorMessage(pool.error), type: 'error' });
      onDone();
    }
  }, [pool.isError, pool.error, onDone, t]);
  // Only a pool already joined when the link was opened skips Join: after joining here, the refetch
  // (hasJoined: true) must not close the dialog before its own success toast.
  const joinedAtOpen = useRef<boolean | null>(null);
  if (pool.data && joinedAtOpen.current === null) joinedAtOpen.current = pool.data.pool.hasJoined;
  const alreadyIn = pool.data && joinedAtOpen.current ? pool.data.pool.id : null;
  useEffect(() => {
    if (alreadyIn) onJoined(alreadyIn);
  }, [alreadyIn, onJoined]);
  if (!pool.data) return pool.isPending ? <Spinner /> : null;
  if (alreadyIn) return null;
  return <JoinPoolDialog pool={pool.data.pool} inviteCode={code} onClose={onDone} onJoined={onJoined} />;
}

/** /fpl-pools: My Pools and Public Pools, Create, View and Join (spec section 2). */
export function PoolsPage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  // A freeze closes Create and Join up front (the server refuses them anyway: account_frozen).
  const frozen = freezeInForce(user);
  const [searchParams, setSearchParams] = useSearchParams();
  const [tab, setTab] = useState('mine');
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [joining, setJoining] = useState<Pool | null>(null);
  const mine = useQuery({ ...poolQueries.mine(), enabled: !!user });
  const open = useQuery({ ...poolQueries.public(), enabled: !!user });
  const joinCode = searchParams.get('join');
  useEffect(() => {
    if (mine.isError || open.isError) toast({ title: t('pools.loadFailed'), description: errorMessage(mine.error ?? open.error), type: 'error' });
  }, [mine.isError, open.isError, mine.error, open.error, t]);

  if (isPending) return <Spinner />;
  if (!user) {
    return (
      <div className="page">
        <Card className="empty-state" data-testid="pools-login">
          <h1>{t('pools.title')}</h1>
          <p>{t('pools.loginRequired')}</p>
          <Link className="btn btn-primary" to={paths.auth.getHref(`/fpl-pools${joinCode ? `?join=${encodeURIComponent(joinCode)}` : ''}`)}>
            {t('pools.logIn')}
          </Link>
        </Card>
      </div>
    );
  }
  const closeJoinLink = () => setSearchParams({}, { replace: true });
  const afterJoin = (poolId: string) => {
    setJoining(null);
    if (joinCode) closeJoinLink();
    setTab('mine');
    setViewing(poolId);
  };
  return (
    <div className="page" data-testid="pools-page">
      <header className="page-header row-between">
        <div>
          <h1>{t('pools.title')}</h1>
          <p className="muted">{t('pools.subtitle')}</p>
        </div>
        <Button onClick={() => setCreating(true)} disabled={frozen !== null} data-testid="pool-create-open">
          {t('pools.createPool')}
        </Button>
      </header>
      <FrozenMoneyNotice reason={frozen} />
      <Tabs
        label={t('pools.title')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'mine',
            label: t('pools.myPools'),
            testId: 'pools-tab-mine',
            content: mine.isPending ? <Spinner /> : <PoolList pools={mine.data?.pools ?? []} empty={t('pools.noMyPools')} onView={(p) => setViewing(p.id)} onJoin={setJoining} closed={frozen !== null} />,
          },
          {
            value: 'public',
            label: t('pools.publicPools'),
            testId: 'pools-tab-public',
            content: open.isPending ? <Spinner /> : <PoolList pools={open.data?.pools ?? []} empty={t('pools.noPublicPools')} onView={(p) => setViewing(p.id)} onJoin={setJoining} closed={frozen !== null} />,
          },
        ]}
      />
      {creating ? (
        <CreatePoolDialog
          onClose={() => setCreating(false)}
          onCreated={(poolId) => {
            setCreating(false);
            setTab('mine');
            setViewing(poolId);
          }}
        />
      ) : null}
      {viewing ? <PoolDetailsDialog poolId={viewing} onClose={() => setViewing(null)} /> : null}
      {joining ? <JoinPoolDialog pool={joining} onClose={() => setJoining(null)} onJoined={afterJoin} /> : null}
      {joinCode && !joining ? <JoinByCode code={joinCode} onDone={closeJoinLink} onJoined={afterJoin} /> : null}
    </div>
  );
}
