// Proves the create-challenge dialog: the spec's amount and platform-username messages, the fee and total lines, the balance refusal, the share link after success, and a 202 "processing" answer that keeps the share link.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { CreateChallengeDialog } from './create-challenge-dialog';
import { aUser } from '@wager/domain/testing/contract-fixtures';

function user(balance: string): User {
  return aUser({ id: crypto.randomUUID(), username: 'ann', email: 'ann@example.com', balance, cryptoBalance: '0.00', dailyLimit: '50000.00', dailySpent: '0.00' });
}

afterEach(() => vi.unstubAllGlobals());

async function typeAmount(value: string) {
  const amount = screen.getByLabelText('Bet amount (₦)');
  await userEvent.clear(amount);
  if (value) await userEvent.type(amount, value);
}

describe('CreateChallengeDialog', () => {
  it.each([
    ['', 'Bet amount is required'],
    ['5', 'Minimum bet amount is 10'],
    ['10000001', 'Maximum bet amount is 10,000,000'],
    ['10.123', 'Amount can have maximum 2 decimal places'],
  ])('amount %j shows %j', async (value, message) => {
    renderWithApp(<CreateChallengeDialog user={user('1000.00')} open onOpenChange={() => undefined} />);
    await typeAmount(value);
    await userEvent.click(screen.getByRole('button', { name: 'Create Challenge' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('refuses a platform username with bad characters or over 50 characters', async () => {
    renderWithApp(<CreateChallengeDialog user={user('1000.00')} open onOpenChange={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Your PSN / Activision username'), 'bad name!');
    await userEvent.click(screen.getByRole('button', { name: 'Create Challenge' }));
    expect(await screen.findByText('Invalid characters in platform username')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Your PSN / Activision username'));
    await userEvent.type(screen.getByLabelText('Your PSN / Activision username'), 'a'.repeat(51));
    await userEvent.click(screen.getByRole('button', { name: 'Create Challenge' }));
    expect(await screen.findByText('Platform username too long')).toBeInTheDocument();
  });

  it('shows the 2% fee and total, and refuses a stake the balance does not cover with the spec toast', async () => {
    const { fetchFn, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<CreateChallengeDialog user={user('100.00')} open onOpenChange={() => undefined} />);
    await typeAmount('1000');
    expect(screen.getByTestId('platform-fee')).toHaveTextContent('₦20.00');
    expect(screen.getByTestId('total-cost')).toHaveTextContent('₦1,020.00');
    await userEvent.click(screen.getByRole('button', { name: 'Create Challenge' }));
    expect(await screen.findByText('Insufficient Balance')).toBeInTheDocument();
    expect(screen.getByText('You need ₦1,020.00 (including ₦20.00 fee) but only have ₦100.00.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts the challenge and shows the share link, which copies with "Link Copied"', async () => {
    const link = `http://localhost/challenge/accept/${crypto.randomUUID()}`;
    const { fetchFn, calls } = fakeFetch({ 'POST /api/bets': () => ({ status: 201, body: { bet: { id: crypto.randomUUID() }, shareableLink: link } }) });
    vi.stubGlobal('fetch', fetchFn);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<CreateChallengeDialog user={user('5000.00')} open onOpenChange={() => undefined} />);
    await typeAmount('250.50');
    await userEvent.click(screen.getByLabelText('Public (listed in the marketplace)'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Challenge' }));
    expect(await screen.findByTestId('share-link')).toHaveValue(link);
    expect(calls[0]?.body).toMatchObject({ gameType: 'fc25', amount: '250.50', visibility: 'public', matchRules: { noAiAssistance: true, standardLength: true, allowReplays: false }, customRulesEnabled: false });
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Link Copied' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('given the API answers 202 (still processing), then the share link is kept, the dialog says so, and the toast is information, not an error', async () => {
    const betId = crypto.randomUUID();
    const link = `http://localhost/challenge/accept/${crypto.randomUUID()}`;
    const { fetchFn } = fakeFetch({
      'POST /api/bets': () => ({ status: 202, body: { status: 'processing', message: 'Your request was recorded and is being processed. It will appear in a moment.', betId, inviteLinkId: 'x', shareableLink: link } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<CreateChallengeDialog user={user('5000.00')} open onOpenChange={() => undefined} />);
    await typeAmount('100');
    await userEvent.click(screen.getByRole('button', { name: 'Create Challenge' }));
    expect(await screen.findByTestId('share-link')).toHaveValue(link);
    expect(screen.getByTestId('processing-notice')).toHaveTextContent('Your challenge was recorded and will appear in your lists in a moment. You can share the link now.');
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-type', 'info');
    expect(toast).toHaveTextContent('Processing');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "processing" in Spanish and French too', async () => {
    for (const [language, title] of [['es', 'Procesando'], ['fr', 'Traitement en cours']] as const) {
      await i18n.changeLanguage(language);
      const { fetchFn } = fakeFetch({ 'POST /api/bets': () => ({ status: 202, body: { status: 'processing', message: 'x', betId: crypto.randomUUID(), shareableLink: 'http://localhost/l' } }) });
      vi.stubGlobal('fetch', fetchFn);
      const view = renderWithApp(<CreateChallengeDialog user={user('5000.00')} open onOpenChange={() => undefined} />);
      await userEvent.click(screen.getByRole('button', { name: language === 'es' ? 'Crear desafío' : 'Créer le défi' }));
      expect(await screen.findByText(title, { selector: '[data-testid="toast"] *' })).toBeInTheDocument();
      view.unmount();
    }
  });
});

