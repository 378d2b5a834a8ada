// Proves the reset link's form: the server's password messages and the confirmation check, then the token and new password are sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { NewPasswordForm } from './new-password-form';

afterEach(() => vi.unstubAllGlobals());

describe('NewPasswordForm', () => {
  it('given a weak or unconfirmed password, shows the messages and sends nothing', async () => {
    const { fetchFn, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<NewPasswordForm token="tok" onDone={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Str0ngPassw0rd');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Str0ngPassw0rX');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('given a strong confirmed password, sends the token and password and reports done', async () => {
    const { fetchFn, calls } = fakeFetch({ 'POST /api/auth/reset-password': () => ({ body: { success: true } }) });
    vi.stubGlobal('fetch', fetchFn);
    const onDone = vi.fn();
    renderWithApp(<NewPasswordForm token="reset-token-1" onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('New password'), 'Str0ngPassw0rd');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Str0ngPassw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([['POST', '/api/auth/reset-password', { token: 'reset-token-1', password: 'Str0ngPassw0rd' }]]);
  });
});
