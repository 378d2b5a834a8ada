// Proves the phone verification form: the number goes as typed, the code is asked for the number the server stored, a refusal shows in the user's language beside its field, and a right code reads the user again.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { PhoneVerification } from './phone-verification';
import { aUser } from '@wager/domain/testing/contract-fixtures';

const user: User = aUser({ id: crypto.randomUUID(), username: 'ada', email: 'ada@example.com', phoneNumber: '', country: 'NG', timezone: 'Africa/Lagos', balance: '0.00', cryptoBalance: '0.00' });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('PhoneVerification', () => {
  it('sends the number as typed, then the code, and reads the user again', async () => {
    const { fetchFn, calls } = fakeFetch({
      'POST /api/user/phone': () => ({ body: { success: true, message: 'Verification code sent', phone: '+2348031234567', expiresAt: '2026-11-26T12:10:00.000Z', retryAfter: 60 } }),
      'POST /api/user/phone/verify': () => ({ body: { success: true, message: 'Phone verified', user: { ...user, isPhoneVerified: true } } }),
      'GET /api/user': () => ({ body: { ...user, isPhoneVerified: true } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<PhoneVerification user={user} />);
    await userEvent.type(screen.getByLabelText('Mobile number'), '0803 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByTestId('phone-sent-to')).toHaveTextContent('+2348031234567');
    expect(calls.find((c) => c.url.endsWith('/api/user/phone'))?.body).toEqual({ phone: '0803 123 4567' });
    const verify = screen.getByRole('button', { name: 'Verify phone' });
    expect(verify).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(verify);
    expect(await screen.findByText('Phone verified')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/verify'))?.body).toEqual({ code: '123456' });
  });

  it("shows the server's refusal by its code, in Spanish for a Spanish reader", async () => {
    await i18n.changeLanguage('es');
    const { fetchFn } = fakeFetch({ 'POST /api/user/phone': () => ({ status: 409, body: { error: 'This phone number is already verified on another account', code: 'phone_in_use' } }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<PhoneVerification user={{ ...user, phoneNumber: '+2348031234567' }} />);
    expect(screen.getByLabelText('Número de móvil')).toHaveValue('+2348031234567');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este número ya está verificado en otra cuenta');
    expect(screen.queryByTestId('phone-sent-to')).toBeNull();
  });
});
