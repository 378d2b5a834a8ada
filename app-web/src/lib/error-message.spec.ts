// Proves server refusals are rendered from code + params in the user's language (amounts by the app's money formatter), falling back to the English-text map and then to the text itself.
import { afterEach, describe, expect, it } from 'vitest';
import { InsufficientBalanceError } from '@wager/domain/wallet/errors';
import { errorMessage, refusalOf } from './error-message';
import { i18n } from './i18n';

/** An error as the request helper raises it: `"<status>: <body>"`. */
function apiError(status: number, body: unknown): Error {
  return new Error(`${status}: ${JSON.stringify(body)}`);
}

const insufficient = apiError(400, {
  error: 'Insufficient Balance: You need ₦1,020.00 (including ₦20.00 fee) but only have ₦0.00.',
  code: 'insufficient_balance',
  params: { needed: '1020.00', fee: '20.00', balance: '0.00', currency: 'NGN' },
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('errorMessage', () => {
  it('given an English user, then the insufficient balance refusal reads as the server wrote it', () => {
    expect(errorMessage(insufficient)).toBe('Insufficient Balance: You need ₦1,020.00 (including ₦20.00 fee) but only have ₦0.00.');
  });

  it('given a Spanish user, then the insufficient balance refusal is in Spanish with the needed, fee and balance amounts', async () => {
    await i18n.changeLanguage('es');
    expect(errorMessage(insufficient)).toBe('Saldo insuficiente: necesitas 1020,00\u00a0₦ (incluida la comisión de 20,00\u00a0₦) pero solo tienes 0,00\u00a0₦.');
  });

  it('given a French user, then the insufficient balance refusal is in French with the needed, fee and balance amounts', async () => {
    await i18n.changeLanguage('fr');
    expect(errorMessage(insufficient)).toBe('Solde insuffisant : il vous faut 1\u202f020,00\u00a0₦ (dont 20,00\u00a0₦ de frais) mais vous n’avez que 0,00\u00a0₦.');
  });

  it('renders the other coded refusals with their params', async () => {
    await i18n.changeLanguage('fr');
    const limit = apiError(400, {
      error: 'Daily Limit Exceeded: This bet would exceed your daily limit of ₦50,000.00.',
      code: 'daily_limit_exceeded',
      params: { dailyLimit: '50000.00', dailySpent: '1200.00', currency: 'NGN' },
    });
    expect(errorMessage(limit)).toBe('Limite quotidienne dépassée : ce pari dépasserait votre limite quotidienne de 50\u202f000,00\u00a0₦.');
    await i18n.changeLanguage('es');
    const range = apiError(400, { error: 'Amount must be between 10 and 10000 USDT', code: 'crypto_amount_out_of_range', params: { min: '10', max: '10000', cryptocurrency: 'USDT' } });
    expect(errorMessage(range)).toBe('El importe debe estar entre 10 y 10000 USDT');
    const age = apiError(400, { error: 'You must be 18 or older to register (Current age: 17)', code: 'under_age', params: { age: 17 }, field: 'dateOfBirth' });
    expect(errorMessage(age)).toBe('Debes tener 18 años o más para registrarte (edad actual: 17)');
  });

  it('falls back to the English-text map for a code without its own translation, then to the text as it came', async () => {
    await i18n.changeLanguage('es');
    expect(errorMessage(apiError(409, { error: 'Username already taken', code: 'conflict' }))).toBe('El usuario ya está en uso');
    expect(errorMessage(apiError(404, { error: 'Bet Not Found', code: 'not_found' }))).toBe('Apuesta no encontrada');
    expect(errorMessage(apiError(404, { error: 'A text nobody translated', code: 'not_found' }))).toBe('A text nobody translated');
    expect(errorMessage(new Error('500: '), 'Login failed')).toBe('Login failed');
    expect(errorMessage('not an error', 'Fallback')).toBe('Fallback');
  });

  it('renders a typed refusal raised by the shared domain code in the browser the same way', async () => {
    await i18n.changeLanguage('es');
    const local = new InsufficientBalanceError({ needed: '102.00', fee: '2.00', balance: '50.00', currency: 'NGN' });
    expect(refusalOf(local)).toEqual({ error: 'Insufficient balance', code: 'insufficient_balance', params: { needed: '102.00', fee: '2.00', balance: '50.00', currency: 'NGN' } });
    expect(errorMessage(local)).toBe('Saldo insuficiente: necesitas 102,00\u00a0₦ (incluida la comisión de 2,00\u00a0₦) pero solo tienes 50,00\u00a0₦.');
  });
});
