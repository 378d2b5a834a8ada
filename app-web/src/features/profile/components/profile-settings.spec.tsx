// Proves Profile Settings: edit/cancel resets, "No Changes" when nothing differs, only changed fields are sent, the username/email messages, and the security badges.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { ProfileSettings } from './profile-settings';
import { aUser } from '@wager/domain/testing/contract-fixtures';

function makeUser(overrides: Partial<User> = {}): User {
  return aUser({ id: crypto.randomUUID(), username: 'ann_player', email: 'ann@example.com', phoneNumber: '+2348000000000', country: 'NG', timezone: 'Africa/Lagos', balance: '0.00', cryptoBalance: '0.00', ...overrides });
}

afterEach(() => vi.unstubAllGlobals());

describe('ProfileSettings', () => {
  it('saving without changes says "No Changes" and leaves edit mode without a request', async () => {
    const { fetchFn, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<ProfileSettings user={makeUser()} />);
    await userEvent.click(screen.getAllByRole('button', { name: 'Edit Profile' })[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('No Changes')).toBeInTheDocument();
    expect(screen.getByText('No changes were made to your profile.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Edit Profile' }).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('cancel resets the form; a short username and a bad email show their messages', async () => {
    renderWithApp(<ProfileSettings user={makeUser()} />);
    await userEvent.click(screen.getAllByRole('button', { name: 'Edit Profile' })[0]!);
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'ab');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Edit Profile' })[0]!);
    expect(screen.getByLabelText('Username')).toHaveValue('ann_player');
  });

  it('sends only the changed fields and says "Profile Updated"', async () => {
    const { fetchFn, calls } = fakeFetch({ 'PATCH /api/user/profile': (body) => ({ body: { ...makeUser(), ...(body as object) } }), 'GET /api/user': () => ({ body: makeUser() }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<ProfileSettings user={makeUser()} />);
    await userEvent.click(screen.getAllByRole('button', { name: 'Edit Profile' })[0]!);
    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.type(screen.getByLabelText('Phone number'), '+447700900123');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ phoneNumber: '+447700900123' });
  });

  it('shows "Account Fully Verified" only when email, phone and age are verified', async () => {
    renderWithApp(<ProfileSettings user={makeUser({ isEmailVerified: true, isPhoneVerified: true, isAgeVerified: true, isPsnVerified: false })} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByTestId('fully-verified')).toHaveTextContent('Account Fully Verified');
    expect(screen.getByText('Not Linked')).toBeInTheDocument();
  });
});
