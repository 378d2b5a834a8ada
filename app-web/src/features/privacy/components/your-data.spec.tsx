// Proves the profile's "Your data" card: the button fetches GET /api/user/export and hands the browser a JSON file with the copy; a refusal (429) is shown in the player's language (French here); texts in Spanish.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { i18n } from '../../../lib/i18n';
import { YourData } from './your-data';

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
    const { fetchFn, calls } = fakeFetch({ 'GET /api/user/export': () => ({ body: COPY }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<YourData />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(screen.getByTestId('download-my-data-status')).toHaveTextContent('Your copy is downloaded (wager-data-u-1.json).'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/user/export']);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('wager-data-u-1.json');
    expect(JSON.parse(await saved[0]!.text)).toEqual(COPY);
  });

  it('shows a refusal in French and saves nothing', async () => {
    await i18n.changeLanguage('fr');
    const { fetchFn } = fakeFetch({ 'GET /api/user/export': () => ({ status: 429, body: { error: 'Too many data exports. Please try again later.', code: 'too_many_exports', retryAfter: 60 } }) });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<YourData />);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByTestId('download-my-data-error')).toHaveTextContent('Trop d’exportations de données. Veuillez réessayer plus tard.');
    expect(saved).toHaveLength(0);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    vi.stubGlobal('fetch', fakeFetch({}).fetchFn);
    renderWithApp(<YourData />);
    expect(screen.getByRole('heading', { name: 'Tus datos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar mis datos' })).toBeInTheDocument();
  });
});
