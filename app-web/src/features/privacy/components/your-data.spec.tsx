// Proves the profile's "Your data" card: the button fetches GET /api/user/export and hands the browser a JSON file with the copy; a refusal (429) is shown in the player's language (French here); texts in Spanish; the erasure request needs the password (a wrong one is said), then shows when and what must happen first, and can be cancelled.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { i18n } from '../../../lib/i18n';
import { YourData } from './your-data';

const NONE = { effectiveAt: null, openBets: 0, openPools: 0, balances: [{ currency: 'NGN', amount: '0.00' }] };
const COPY = { format: 'wager-personal-data-export', version: 1, userId: 'u-1', profile: { username: 'kola' }, events: [], chatMessages: [{ content: 'kick-off at nine' }] };
let saved: { name: string; text: Promise<string> }[];

beforeEach(() => {
  saved = [];
  // jsdom has no object URLs: these stand in for the browser's, keeping what was saved.
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: (blob: Blob) => `blob:${saved.push({ name: '', text: blob.text() })}` });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved[saved.length - 1]!.name = this.download;
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('YourData', () => {
  it('downloads the copy the server built as a JSON file', async () => {
    const { fetchFn, calls } = fakeFetch({ 'GET /api/user/export': () => ({ body: COPY }), 'GET /api/user/erasure': () => ({ body: NONE }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<YourData />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(screen.getByTestId('download-my-data-status')).toHaveTextContent('Your copy is downloaded (wager-data-u-1.json).'));
    expect(calls.filter((c) => c.url === '/api/user/export').map((c) => c.method)).toEqual(['GET']);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('wager-data-u-1.json');
    expect(JSON.parse(await saved[0]!.text)).toEqual(COPY);
  });

  it('shows a refusal in French and saves nothing', async () => {
    await i18n.changeLanguage('fr');
    const { fetchFn } = fakeFetch({ 'GET /api/user/erasure': () => ({ body: NONE }), 'GET /api/user/export': () => ({ status: 429, body: { error: 'Too many data exports. Please try again later.', code: 'too_many_exports', retryAfter: 60 } }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<YourData />);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByTestId('download-my-data-error')).toHaveTextContent('Trop d’exportations de données. Veuillez réessayer plus tard.');
    expect(saved).toHaveLength(0);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user/erasure': () => ({ body: NONE }) }).fetchFn);
    renderWithApp(<YourData />);
    expect(screen.getByRole('heading', { name: 'Tus datos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar mis datos' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Borrar mi cuenta' })).toBeInTheDocument();
  });

  it('asks for erasure with the password, shows when and what must happen first, and cancels it', async () => {
    let pending = false;
    const scheduled = { effectiveAt: '2026-12-03T10:00:00.000Z', openBets: 1, openPools: 0, balances: [{ currency: 'NGN', amount: '250.00' }] };
    const { fetchFn, calls } = fakeFetch({
      'GET /api/user/erasure': () => ({ body: pending ? scheduled : NONE }),
      'POST /api/user/erasure': (body) => {
        if ((body as { password: string }).password !== 'Right-Passw0rd') return { status: 401, body: { error: 'Wrong password', code: 'wrong_password' } };
        pending = true;
        return { body: scheduled };
      },
      'DELETE /api/user/erasure': () => {
        pending = false;
        return { body: NONE };
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<YourData />);
    const password = await screen.findByLabelText('Your password');
    await userEvent.type(password, 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Erase my account' }));
    expect(await screen.findByTestId('erasure-error')).toHaveTextContent('Wrong password');
    await userEvent.clear(password);
    await userEvent.type(password, 'Right-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Erase my account' }));
    expect(await screen.findByTestId('erasure-scheduled')).toHaveTextContent('Your account will be erased after');
    expect(screen.getByTestId('erasure-blockers')).toHaveTextContent('Finish or cancel your open bet first');
    expect(screen.getByTestId('erasure-blockers')).toHaveTextContent('Withdraw your balance first (250.00 NGN)');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ password: 'wrong' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the erasure' }));
    expect(await screen.findByLabelText('Your password')).toBeInTheDocument();
    expect(screen.queryByTestId('erasure-scheduled')).toBeNull();
  });
});
