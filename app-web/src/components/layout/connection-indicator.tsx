import { Tooltip } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useConnectionStatus } from '../../lib/live-updates-context';

/**
 * The header's quiet dot for the live-updates socket: green when changes arrive live, amber and
 * pulsing while (re)connecting, red when offline. Its accessible name says the state; the tooltip
 * says what it means. Nothing shows without a session.
 */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const status = useConnectionStatus();
  if (status === 'idle') return null;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <span
          className={`live-dot live-dot-${status}`}
          role="img"
          tabIndex={0}
          aria-label={t(`live.status.${status}`)}
          data-testid="connection-indicator"
          data-status={status}
        />
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tooltip" sideOffset={6} data-testid="connection-tooltip">
          {t(`live.hint.${status}`)}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
