// Proves variant B: every quick-signup message, the quick payload (lowercased email, detected fields), email sign-in sends the email as username, the reset view and no dead third-party sign-in buttons.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, fakeFetch } from '../../../testing/render';
import { QuickAuth, QuickSignupForm } from './quick-auth';

function yearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() - 1);
  return date.toISOString().slice(0, 10);
}

afterEach(() => vi.unstubAllGlobals());

describe('QuickSignupForm', () => {
  const setup = () => {
    const onSubmit = vi.fn();
    renderWithApp(<QuickSignupForm onSubmit={onSubmit} pending={false} />);
    return { onSubmit, submit: () => userEvent.click(screen.getByRole('button', { name: 'Create Account' })) };
  };

  it('given an empty form, then the username, email, password, date and terms messages show', async () => {
    const { onSubmit, submit } = setup();
    await submit();
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['a b c', 'Username cannot contain spaces'],
    ['ann!', 'Username can only contain letters, numbers, hyphens, and underscores'],
    ['a'.repeat(21), 'Username must be less than 20 characters'],
  ])('username %j gives %j', async (username, message) => {
    const { submit } = setup();
    await userEvent.type(screen.getByLabelText('Username'), username);
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('refuses weak, long passwords, a long email, a future date and an under-18 date with the spec messages', async () => {
    const { submit } = setup();
    await userEvent.type(screen.getByLabelText('Password'), 'alllowercase1');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: `${'a'.repeat(250)}@example.com` } });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: tomorrow } });
    await submit();
    expect(await screen.findByText('Password must contain at least one uppercase letter, one lowercase letter, and one number')).toBeInTheDocument();
    expect(screen.getByText('Email address too long')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Password'));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: `Aa1${'x'.repeat(130)}` } });
    await submit();
    expect(await screen.findByText('Password must be less than 128 characters')).toBeInTheDocument();
  });

  it('refuses a birth date in the future and one under 18 when the rest is valid', async () => {
    const { submit } = setup();
    await userEvent.type(screen.getByLabelText('Username'), 'young_one');
    await userEvent.type(screen.getByLabelText('Email'), 'young@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Password1');
    await userEvent.click(screen.getByLabelText('I agree to the Terms of Service and Privacy Policy'));
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10) } });
    await submit();
    expect(await screen.findByText('Birth date must be in the past')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: yearsAgo(17) } });
    await submit();
    expect(await screen.findByText('You must be at least 18 years old to create an account')).toBeInTheDocument();
  });

  it('given valid fields, then the payload carries the lowercased email and the detected fields', async () => {
    const { onSubmit, submit } = setup();
    const username = `q${crypto.randomUUID().slice(0, 8)}`;
    await userEvent.type(screen.getByLabelText('Username'), username);
    await userEvent.type(screen.getByLabelText('Email'), `  ${username.toUpperCase()}@Example.COM `);
    await userEvent.type(screen.getByLabelText('Password'), 'Password1');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: yearsAgo(22) } });
    await userEvent.click(screen.getByLabelText('I agree to the Terms of Service and Privacy Policy'));
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      username,
      email: `${username}@example.com`,
      agreeTerms: true,
      phoneNumber: '',
      psnUsername: '',
      activisionId: '',
      preferredCurrency: expect.any(String),
      country: expect.any(String),
      timezone: expect.any(String),
    });
  });
});

describe('QuickAuth', () => {
  it('offers only what works: no third-party sign-in buttons; Continue with Email opens the sign-up view', async () => {
    renderWithApp(<QuickAuth />);
    for (const provider of ['Google', 'GitHub', 'Twitter']) {
      expect(screen.queryByRole('button', { name: new RegExp(provider, 'i') })).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(screen.getByRole('form', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('email sign-in sends the email as the username; the reset view confirms a sent link', async () => {
    const { fetchFn, calls } = fakeFetch({
      'POST /api/auth/login': () => ({ status: 401, body: { error: 'Invalid username or password' } }),
      'POST /api/auth/request-reset': () => ({ body: { success: true } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<QuickAuth initialView="login" />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Password1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/login', body: { username: 'ann@example.com', password: 'Password1' } });

    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByTestId('reset-sent')).toHaveTextContent('ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: /Back to Login/ }));
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toBeInTheDocument();
  });
});
