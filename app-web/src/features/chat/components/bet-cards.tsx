import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/primitives';
import { formatMoney } from '../../../lib/money';
import type { BetView as Bet, UserSummary } from '@wager/domain/contracts/bets';
import { formatDateTime, isActive, MoneyPanel, betLedgerQuery } from '../../bets';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="detail-row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** "+2", "-1": a handicap with its sign (spec: + when positive). */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** Spec "Match Chat": ₦ amount, duration, a non-zero goal handicap, created, expiry only while accepted. */
export function BetDetailsCard({ bet }: { bet: Bet }) {
  const { t } = useTranslation();
  const handicap = bet.goalHandicap ?? 0;
  return (
    <Card title={t('chat.betDetails')} data-testid="bet-details-card">
      <dl className="detail-list">
        <Row label={t('chat.game')}>{t(`bets.games.${bet.gameType}`)}</Row>
        {/* Bet screens show ₦ unconverted (docs/web.md). */}
        <Row label={t('chat.amount')} testId="bet-amount">
          {formatMoney(bet.amount, 'NGN')}
        </Row>
        {bet.matchDuration ? <Row label={t('chat.matchDuration')}>{t('chat.minutes', { count: bet.matchDuration })}</Row> : null}
        {handicap !== 0 ? (
          <Row label={t('chat.goalHandicap')} testId="goal-handicap">
            {signed(handicap)}
          </Row>
        ) : null}
        <Row label={t('chat.created')}>{formatDateTime(bet.createdAt)}</Row>
        {isActive(bet) && bet.expiresAt ? (
          <Row label={t('chat.expires')} testId="bet-expires">
            {formatDateTime(bet.expiresAt)}
          </Row>
        ) : null}
      </dl>
      <MoneyPanel query={betLedgerQuery(bet.id)} />
    </Card>
  );
}

function PlayerRows({ role, player }: { role: string; player: UserSummary | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="chat-player">
      <h3>
        {role}: {player?.username ?? t('bets.openChallenge')}
      </h3>
      {player ? (
        <dl className="detail-list">
          <Row label={t('chat.psn')}>{player.psnUsername || t('chat.notSet')}</Row>
          <Row label={t('chat.activision')}>{player.activisionId || t('chat.notSet')}</Row>
        </dl>
      ) : null}
    </div>
  );
}

export function PlayersCard({ bet }: { bet: Bet }) {
  const { t } = useTranslation();
  return (
    <Card title={t('chat.players')} data-testid="players-card">
      <PlayerRows role={t('chat.challenger')} player={bet.challenger} />
      <PlayerRows role={t('chat.opponent')} player={bet.opponent} />
    </Card>
  );
}

function list(values: string[] | null | undefined): string | null {
  return values && values.length > 0 ? values.join(', ') : null;
}

/** Only when custom rules are enabled; each rule only when it was set. */
export function CustomRulesCard({ bet }: { bet: Bet }) {
  const { t } = useTranslation();
  if (!bet.customRulesEnabled) return null;
  const rows: [string, ReactNode][] = [
    [t('chat.allowedGameModes'), list(bet.allowedGameModes)],
    [t('chat.bannedTeams'), list(bet.bannedTeams)],
    [t('chat.gameMode'), bet.gameMode],
    [t('chat.timeLimit'), bet.timeLimit ? t('chat.minutes', { count: bet.timeLimit }) : null],
    [t('chat.roundLimit'), bet.roundLimit ?? null],
    [t('chat.killHandicap'), bet.killHandicap ? signed(bet.killHandicap) : null],
    [t('chat.bannedWeapons'), list(bet.bannedWeapons)],
    [t('chat.killstreaks'), bet.allowKillstreaks === null || bet.allowKillstreaks === undefined ? null : t(bet.allowKillstreaks ? 'common.yes' : 'common.no')],
    [t('chat.additionalTerms'), bet.additionalTerms || null],
  ];
  return (
    <Card title={t('chat.customRules')} data-testid="custom-rules-card">
      <dl className="detail-list">
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <Row key={label} label={label}>
              {value}
            </Row>
          ))}
      </dl>
    </Card>
  );
}

export function ChatGuidelinesCard() {
  const { t } = useTranslation();
  const keys = ['guidelineRespect', 'guidelineCoordinate', 'guidelineDisputes', 'guidelineLimit', 'guidelineSuspension'] as const;
  return (
    <Card title={t('chat.guidelines')} data-testid="chat-guidelines">
      <ul className="chat-guidelines">
        {keys.map((key) => (
          <li key={key}>{t(`chat.${key}`)}</li>
        ))}
      </ul>
    </Card>
  );
}
