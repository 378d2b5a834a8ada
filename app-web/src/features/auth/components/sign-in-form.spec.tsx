// Proves variant A's Login form shows the spec's sign-in messages and hands over exactly username and password.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { SignInForm } from './sign-in-form';

describe('SignInForm', () => {
  it('given empty fields, when submitted, then both required messages show and nothing is sent', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<SignInForm onSubmit={onSubmit} pending={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('given a username and password, when submitted, then they are handed over; the eye toggles visibility', async () => {
    const onSubmit = vi.fn();
    const username = `ann_${crypto.randomUUID().slice(0, 6)}`;
    renderWithApp(<SignInForm onSubmit={onSubmit} pending={false} />);
    await userEvent.type(screen.getByLabelText('Username or email'), username);
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'Secret123');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onSubmit).toHaveBeenCalledWith({ username, password: 'Secret123' }, expect.anything());
  });
});
