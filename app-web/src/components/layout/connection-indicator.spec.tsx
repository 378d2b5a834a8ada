// Proves the header's live-updates dot: hidden without a session, one accessible name and tooltip per state in English, Spanish and French, and a stable test id carrying the state.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from 'radix-ui';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { createStatusStore, LiveStatusContext } from '../../lib/live-updates-context';
import type { ConnectionStatus } from '../../lib/live-updates';
import { ConnectionIndicator } from './connection-indicator';

function renderDot(status: ConnectionStatus) {
  const store = createStatusStore(status);
  render(
    <I18nextProvider i18n={i18n}>
      <LiveStatusContext.Provider value={store}>
        <Tooltip.Provider delayDuration={0}>
          <ConnectionIndicator />
        </Tooltip.Provider>
      </LiveStatusContext.Provider>
    </I18nextProvider>,
  );
  return store;
}

describe('ConnectionIndicator', () => {
  it('given no session (idle), then nothing shows', () => {
    renderDot('idle');
    expect(screen.queryByTestId('connection-indicator')).toBeNull();
  });

  it.each([
    ['connected', 'Live updates: connected', 'Connected: balances, bets and challenges update as they change.'],
    ['reconnecting', 'Live updates: reconnecting', 'Connection lost. Reconnecting… changes will show once it is back.'],
    ['offline', 'Live updates: offline', 'Offline: live updates are paused. Still trying to reconnect.'],
  ] as const)('given %s, then the dot is named %j and its tooltip explains it', async (status, name, hint) => {
    renderDot(status);
    const dot = screen.getByRole('img', { name });
    expect(dot).toHaveAttribute('data-testid', 'connection-indicator');
    expect(dot).toHaveAttribute('data-status', status);
    expect(dot).toHaveClass(`live-dot-${status}`);
    await userEvent.tab();
    expect(dot).toHaveFocus();
    expect((await screen.findAllByText(hint)).length).toBeGreaterThan(0);
  });

  it('follows the status as it changes', () => {
    const store = renderDot('connected');
    act(() => store.set('reconnecting'));
    expect(screen.getByTestId('connection-indicator')).toHaveAttribute('data-status', 'reconnecting');
    act(() => store.set('idle'));
    expect(screen.queryByTestId('connection-indicator')).toBeNull();
  });

  it.each([
    ['es', 'Actualizaciones en directo: conectadas', 'Actualizaciones en directo: sin conexión'],
    ['fr', 'Mises à jour en direct : connectées', 'Mises à jour en direct : hors ligne'],
  ])('speaks %s', async (language, connected, offline) => {
    await i18n.changeLanguage(language);
    const store = renderDot('connected');
    expect(screen.getByRole('img', { name: connected })).toBeInTheDocument();
    act(() => store.set('offline'));
    expect(screen.getByRole('img', { name: offline })).toBeInTheDocument();
  });
});
