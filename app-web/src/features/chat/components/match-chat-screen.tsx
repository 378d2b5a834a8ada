import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, Badge, Card, Spinner } from '../../../components/ui/primitives';
import { paths } from '../../../config/paths';
import { errorStatus } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { useUser } from '../../auth';
import { betQueries, BetStatusBadge, ReportResultButton, ReportResultProvider } from '../../bets';
import { chatQueries, type ModerationChat } from '../api/chat-queries';
import { BetDetailsCard, ChatGuidelinesCard, CustomRulesCard, PlayersCard } from './bet-cards';
import { ChatPanel, JoinAsModeratorButton } from './chat-panel';
import { LiveMatchSection } from '../../live';

function BetNotFound() {
  const { t } = useTranslation();
  return (
    <Card className="page-center-card" data-testid="bet-not-found">
      <h1>{t('chat.betNotFoundTitle')}</h1>
      <p>{t('chat.betNotFoundText')}</p>
      <Link className="btn btn-primary btn-md" to={paths.dashboard.getHref()}>
        {t('common.backToDashboard')}
      </Link>
    </Card>
  );
}

/** A moderator reaches a chat that asked for one before they may read it: its bet in short, and Join. */
function ModerationRequestCard({ request }: { request: ModerationChat }) {
  const { t } = useTranslation();
  return (
    <Card className="chat-panel" data-testid="moderation-request">
      <div className="chat-panel-header">
        <h2 className="card-title">{t('chat.panelTitle')}</h2>
        <Badge tone="warning" data-testid="chat-moderator-requested">
          {t('chat.moderatorRequested')}
        </Badge>
      </div>
      <p>{t('chat.moderationRequestText', { game: t(`bets.games.${request.bet.gameType}`, { defaultValue: request.bet.gameType }), amount: formatMoney(request.bet.amount, request.bet.currency) })}</p>
      <JoinAsModeratorButton chatId={request.id} />
    </Card>
  );
}

function ChatPage({ bet, main }: { bet: Bet | undefined; main: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page chat-page">
      <header className="page-header chat-header">
        <h1>{t('chat.title')}</h1>
        {bet ? (
          <>
            <p className="chat-versus" data-testid="chat-versus">
              {bet.challenger?.username ?? '—'} {t('bets.vs')} {bet.opponent?.username ?? t('bets.openChallenge')}
            </p>
            <BetStatusBadge status={bet.status} />
            <ReportResultButton />
          </>
        ) : null}
      </header>
      <div className="chat-layout">
        <div className="chat-main">
          {main}
          {bet ? <LiveMatchSection bet={bet} /> : null}
        </div>
        <aside className="chat-side">
          {bet ? (
            <>
              <BetDetailsCard bet={bet} />
              <PlayersCard bet={bet} />
              <CustomRulesCard bet={bet} />
            </>
          ) : null}
          <ChatGuidelinesCard />
        </aside>
      </div>
    </div>
  );
}

/**
 * Spec "Match Chat" (/chat/:betId): the bet's title and status, the chat panel and the bet's cards.
 * Players read both; before acceptance the chat read is refused and the screen says chat is not
 * available. A moderator reads the chat but not the bet, and before joining not even the chat:
 * they find it in the moderators' queue and join from there. Nothing readable is 'Bet Not Found'.
 */
export function MatchChatScreen({ betId }: { betId: string }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const bet = useQuery({ ...betQueries.detail(betId), retry: false });
  const chat = useQuery(chatQueries.byBet(betId));
  const queue = useQuery({ ...chatQueries.moderationQueue(), enabled: Boolean(user?.isModerator) && bet.isError && chat.isError });

  if (bet.isPending || (bet.isError && chat.isPending)) return <Spinner label={t('chat.loading')} />;
  if (!bet.data) {
    if (chat.data) return <ChatPage bet={undefined} main={<ChatPanel chat={chat.data} user={user} />} />;
    if (queue.isFetching) return <Spinner label={t('chat.loading')} />;
    const request = queue.data?.find((item) => item.betId === betId);
    if (request) return <ChatPage bet={undefined} main={<ModerationRequestCard request={request} />} />;
    if ([403, 404].includes(errorStatus(bet.error) ?? 0)) return <BetNotFound />;
    return <Alert tone="danger">{t('common.error')}</Alert>;
  }
  // 400/404 for a player's chat: the bet is not accepted yet (the server says why in English).
  const chatUnavailable = chat.isError && [400, 404].includes(errorStatus(chat.error) ?? 0);
  const main = chat.data ? (
    <ChatPanel chat={chat.data} user={user} />
  ) : chat.isPending ? (
    <Spinner label={t('chat.loading')} />
  ) : (
    <Alert tone={chatUnavailable ? 'info' : 'danger'} data-testid="chat-unavailable">
      {chatUnavailable ? t('chat.notAvailable') : t('common.error')}
    </Alert>
  );
  return (
    <ReportResultProvider bet={bet.data}>
      <ChatPage bet={bet.data} main={main} />
    </ReportResultProvider>
  );
}
