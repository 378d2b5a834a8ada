// Proves the full registration form shows every message of spec section 5, the 12-field progress panel, the error summary, live age feedback, and sends the spec's payload.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWithApp } from '../../../testing/render';
import { RegisterForm } from './register-form';

function yearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() - 1);
  return date.toISOString().slice(0, 10);
}

async function fillValid(username: string) {
  await userEvent.type(screen.getByLabelText(/^Username/), username);
  await userEvent.type(screen.getByLabelText(/^Email/), `${username}@example.com`);
  await userEvent.type(screen.getByLabelText(/^Password/), 'Password1');
  await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Password1');
  await userEvent.type(screen.getByLabelText(/^Phone number/), '+2348012345678');
  fireEvent.change(screen.getByLabelText(/^Date of birth/), { target: { value: yearsAgo(25) } });
  await userEvent.selectOptions(screen.getByLabelText(/^Country/), 'NG');
  await userEvent.click(screen.getByLabelText('I agree to the Terms of Service and Privacy Policy'));
}

function setup() {
  const onSubmit = vi.fn();
  renderWithApp(<RegisterForm onSubmit={onSubmit} pending={false} />);
  return { onSubmit, submit: () => userEvent.click(screen.getByRole('button', { name: 'Create Account' })) };
}

describe('RegisterForm', () => {
  it('given an empty form, when submitted, then every required message shows, in the fields and in the summary', async () => {
    const { onSubmit, submit } = setup();
    await submit();
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByText('Please fix the following errors:')).toBeInTheDocument();
    for (const message of [
      'Username must be at least 3 characters',
      'Invalid email address',
      'Password must be at least 8 characters',
      'Phone number is required',
      'Date of birth is required',
      'Country is required',
      'You must agree to the terms',
      'You must confirm you are 18 or older',
    ]) {
      expect(within(summary).getByText(message, { exact: false })).toBeInTheDocument();
    }
    expect(within(summary).getByText('Scroll up to the fields with a red border to correct them.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('given a 21-character username, then the maximum-length message shows', async () => {
    const { submit } = setup();
    await userEvent.type(screen.getByLabelText(/^Username/), 'a'.repeat(21));
    await submit();
    expect((await screen.findAllByText('Username must be less than 20 characters')).length).toBeGreaterThan(0);
  });

  it('given otherwise valid fields and mismatched passwords, then "Passwords don\'t match" shows on confirmPassword', async () => {
    const { onSubmit, submit } = setup();
    await fillValid(`m${crypto.randomUUID().slice(0, 8)}`);
    await userEvent.clear(screen.getByLabelText(/^Confirm password/));
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Different1');
    await submit();
    expect((await screen.findAllByText("Passwords don't match")).length).toBe(2);
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reports the timezone, currency and language messages when those are cleared', async () => {
    const { submit } = setup();
    const timezone = screen.getByLabelText(/^Time zone/) as HTMLSelectElement;
    // The pickers always hold a value in the browser; an emptied option proves the schema's messages.
    for (const select of [timezone, screen.getByLabelText(/^Preferred currency/), screen.getByLabelText(/^Preferred language/)] as HTMLSelectElement[]) {
      const empty = document.createElement('option');
      empty.value = '';
      select.appendChild(empty);
      fireEvent.change(select, { target: { value: '' } });
    }
    await submit();
    expect((await screen.findAllByText('Timezone is required')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Currency preference is required').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Language preference is required').length).toBeGreaterThan(0);
    await i18n.changeLanguage('en');
  });

  it('gives live age feedback and ticks the age box from the date; under 18 is refused with the age', async () => {
    const { submit, onSubmit } = setup();
    await fillValid(`y${crypto.randomUUID().slice(0, 8)}`);
    const dateOfBirth = screen.getByLabelText(/^Date of birth/);
    fireEvent.change(dateOfBirth, { target: { value: yearsAgo(30) } });
    expect(await screen.findByText('Age verified: 30 years old')).toBeInTheDocument();
    expect(screen.getByLabelText('I confirm I am 18 or older')).toBeChecked();
    fireEvent.change(dateOfBirth, { target: { value: yearsAgo(16) } });
    expect(await screen.findByText('You must be 18 or older to register (Current age: 16)')).toBeInTheDocument();
    expect(screen.getByLabelText('I confirm I am 18 or older')).not.toBeChecked();
    await submit();
    // The age box follows the date, so an under-18 date is refused by the age confirmation.
    expect((await screen.findAllByText('You must confirm you are 18 or older')).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('given every field, then the panel reads 100% and the payload drops confirmPassword, agreeTerms and confirmAge', async () => {
    const { onSubmit, submit } = setup();
    const username = `p${crypto.randomUUID().slice(0, 8)}`;
    await fillValid(username);
    expect(screen.getByTestId('username-counter')).toHaveTextContent(`${username.length}/20`);
    // Choosing Nigeria suggests its currency.
    expect(screen.getByLabelText(/^Preferred currency/)).toHaveValue('NGN');
    await userEvent.selectOptions(screen.getByLabelText(/^Time zone/), 'Africa/Lagos');
    expect(screen.getByTestId('timezone-local-time')).toHaveTextContent('Local time:');
    expect(screen.getByTestId('progress-message')).toHaveTextContent('Ready to create account!');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const payload = onSubmit.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(payload).toMatchObject({ username, email: `${username}@example.com`, phoneNumber: '+2348012345678', country: 'NG', timezone: 'Africa/Lagos', preferredCurrency: 'NGN', preferredLanguage: 'en' });
    expect(payload).not.toHaveProperty('confirmPassword');
    expect(payload).not.toHaveProperty('agreeTerms');
    expect(payload).not.toHaveProperty('confirmAge');
  });

  it('the progress panel tracks 12 fields and starts incomplete', () => {
    setup();
    const panel = screen.getByTestId('registration-progress');
    expect(panel.querySelectorAll('[data-field]')).toHaveLength(12);
    expect(screen.getByTestId('progress-message')).toHaveTextContent('Complete all fields marked with * to continue.');
  });
});
