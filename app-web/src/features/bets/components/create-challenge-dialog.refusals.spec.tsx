// Proves a Spanish or French player whose challenge the server refuses for insufficient balance sees the refusal in their language, with the needed total, the fee and the balance.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { es } from '../../../locales/es';
import { fr } from '../../../locales/fr';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { CreateChallengeDialog } from './create-challenge-dialog';
import { aUser } from '@wager/domain/testing/contract-fixtures';

afterEach(() => vi.unstubAllGlobals());

/** The balance the screen last read covers the stake; the server's (newer) balance does not. */
function staleUser(): User {
  return aUser({ id: crypto.randomUUID(), username: 'ann', email: 'ann@example.com', balance: '5000.00', cryptoBalance: '0.00', dailyLimit: '50000.00', dailySpent: '0.00' });
}

const refusal = {
  error: 'Insufficient Balance: You need ₦1,020.00 (including ₦20.00 fee) but only have ₦300.00.',
  code: 'insufficient_balance',
  params: { needed: '1020.00', fee: '20.00', balance: '300.00', currency: 'NGN' },
};

describe('CreateChallengeDialog, refused by the server', () => {
  it.each([
    ['es', es, 'Saldo insuficiente: necesitas 1020,00 ₦ (incluida la comisión de 20,00 ₦) pero solo tienes 300,00 ₦.'],
    ['fr', fr, 'Solde insuffisant : il vous faut 1 020,00 ₦ (dont 20,00 ₦ de frais) mais vous n’avez que 300,00 ₦.'],
  ] as const)('given a %s player, then the insufficient balance refusal is shown translated with its amounts', async (language, texts, expected) => {
    await i18n.changeLanguage(language);
    const { fetchFn, calls } = fakeFetch({ 'POST /api/bets': () => ({ status: 400, body: refusal }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<CreateChallengeDialog user={staleUser()} open onOpenChange={() => undefined} />);
    const amount = screen.getByLabelText(texts.createChallenge.amount);
    await userEvent.clear(amount);
    await userEvent.type(amount, '1000');
    await userEvent.click(screen.getByRole('button', { name: texts.createChallenge.create }));
    const shown = await screen.findAllByText(expected);
    expect(shown.length).toBeGreaterThan(0);
    expect(screen.queryByText(refusal.error)).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
