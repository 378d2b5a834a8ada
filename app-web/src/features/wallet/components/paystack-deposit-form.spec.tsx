// Proves the Paystack form refuses amounts and emails with the spec's messages, requires a session, opens the checkout with the stored reference, and says how the payment ended once the checkout window settles it.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { PaystackDepositForm } from './paystack-deposit-form';
import { PAYSTACK_OUTCOME_KEY, PAYSTACK_REFERENCE_KEY } from '../api/paystack-reference';
import { aUser } from '@wager/domain/testing/contract-fixtures';

const user: User = aUser({ id: 'u1', username: 'ann', email: 'ann@example.com', balance: '0.00', cryptoBalance: '0.00' });

afterEach(() => vi.unstubAllGlobals());

describe('PaystackDepositForm', () => {
  it('without a session, says so and disables the button', () => {
    renderWithApp(<PaystackDepositForm user={null} />);
    expect(screen.getByText('You must be logged in to make a deposit. Please log in first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with Paystack' })).toBeDisabled();
  });

  it.each([
    ['50', 'ann@example.com', 'Minimum deposit amount is ₦100', 'Invalid Amount'],
    ['10000001', 'ann@example.com', 'Maximum deposit amount is ₦10,000,000', 'Amount Too High'],
    ['500', 'not-an-email', 'Please enter a valid email address', 'Invalid Email'],
  ])('amount %j and email %j give %j', async (amount, email, message, title) => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    renderWithApp(<PaystackDepositForm user={user} />);
    await userEvent.type(screen.getByLabelText('Amount (₦)'), amount);
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), email);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Paystack' }));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.getByText(title)).toBeInTheDocument();
  });

  it('initializes, stores the reference and opens the checkout in a new window', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    const reference = `ref_${crypto.randomUUID()}`;
    const { fetchFn, calls } = fakeFetch({
      'POST /api/paystack/deposits/initialize': () => ({ body: { status: true, message: 'ok', data: { authorization_url: `/sandbox/paystack/checkout/${reference}`, reference } } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderWithApp(<PaystackDepositForm user={user} />);
    await userEvent.type(screen.getByLabelText('Amount (₦)'), '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Paystack' }));
    expect(await screen.findByTestId('paystack-checkout-opened')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ amount: '5000', email: 'ann@example.com' });
    expect(open).toHaveBeenCalledWith(`/sandbox/paystack/checkout/${reference}`, '_blank');
    expect(window.localStorage.getItem('paystack_reference')).toBe(reference);
  });

  it.each([
    [{ status: 'success', amount: '5000', reason: null }, 'success', 'Payment received: ₦5,000.00 was added to your balance.'],
    [{ status: 'failed', amount: '5000', reason: 'Declined' }, 'failed', 'The payment did not go through: Declined. Nothing was charged to your balance.'],
  ] as const)('when the checkout window settles the payment (%j), this window says how it ended instead of "complete the payment"', async (ending, status, text) => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    const reference = `ref_${crypto.randomUUID()}`;
    const { fetchFn } = fakeFetch({
      'POST /api/paystack/deposits/initialize': () => ({ body: { status: true, message: 'ok', data: { authorization_url: `/sandbox/paystack/checkout/${reference}`, reference } } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderWithApp(<PaystackDepositForm user={user} />);
    await userEvent.type(screen.getByLabelText('Amount (₦)'), '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Paystack' }));
    expect(await screen.findByTestId('paystack-checkout-opened')).toHaveTextContent('Complete the payment in the new window');
    // The checkout window records the outcome and clears the reference; this window hears the storage event.
    act(() => {
      window.localStorage.setItem(PAYSTACK_OUTCOME_KEY, JSON.stringify({ reference, ...ending }));
      window.localStorage.removeItem(PAYSTACK_REFERENCE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: PAYSTACK_REFERENCE_KEY, oldValue: reference, newValue: null }));
    });
    const outcome = await screen.findByTestId('paystack-outcome');
    expect(outcome).toHaveAttribute('data-status', status);
    expect(outcome).toHaveTextContent(text);
    expect(screen.queryByTestId('paystack-checkout-opened')).not.toBeInTheDocument();
  });
});
