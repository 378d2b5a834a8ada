// Proves the email-code form: digits only up to 6, the button disabled until 6 digits, the server's error shown inline and as a toast, and the resend countdown from retryAfter.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { VerifyEmailForm } from './verify-email-form';

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailForm', () => {
  it('keeps digits only, enables Verify at 6, and shows the server error inline and in a "Verification Failed" toast', async () => {
    const userId = crypto.randomUUID();
    const { fetchFn, calls } = fakeFetch({ 'POST /api/auth/verify-email': () => ({ status: 400, body: { error: 'Invalid verification code' } }) });
    vi.stubGlobal('fetch', fetchFn);
    const onVerified = vi.fn();
    renderWithApp(<VerifyEmailForm userId={userId} email="ann@example.com" onVerified={onVerified} />);
    const input = screen.getByLabelText('Verification code');
    const verify = screen.getByRole('button', { name: 'Verify Email' });
    await userEvent.type(input, '12ab3');
    expect(input).toHaveValue('123');
    expect(verify).toBeDisabled();
    await userEvent.type(input, '4567');
    expect(input).toHaveValue('123456');
    expect(verify).toBeEnabled();
    await userEvent.type(input, '{Enter}');
    expect(await screen.findByText('Verification Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Invalid verification code').length).toBeGreaterThan(0);
    expect(calls[0]?.body).toEqual({ code: '123456', userId });
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('on a refused resend, counts down from the server retryAfter', async () => {
    const { fetchFn } = fakeFetch({ 'POST /api/auth/resend-code': () => ({ status: 429, body: { error: 'Please wait before requesting another code', retryAfter: 42 } }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<VerifyEmailForm userId={crypto.randomUUID()} email="ann@example.com" onVerified={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('Resend Failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Code (42s)' })).toBeDisabled();
  });

  it('on a successful resend, says "Code Sent!" and waits 60 s', async () => {
    const { fetchFn } = fakeFetch({ 'POST /api/auth/resend-code': () => ({ body: { success: true } }) });
    vi.stubGlobal('fetch', fetchFn);
    const onVerified = vi.fn();
    renderWithApp(<VerifyEmailForm userId={crypto.randomUUID()} email="ann@example.com" onVerified={onVerified} />);
    await userEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('Code Sent!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Code (60s)' })).toBeDisabled();
  });
});
