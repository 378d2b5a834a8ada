// Proves the "Push notifications on this device" card against a stand-in for the browser's push APIs: turning on asks for permission, subscribes with the server's VAPID key and hands the subscription to the server; a push service failure or a refusal says so and leaves push off; turning off tells the server, then the browser; texts in Spanish.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../../../testing/render';
import { i18n } from '../../../lib/i18n';
import { PushSettings } from './push-settings';

/** 65 bytes, 0x04 first: the shape of a VAPID public key. */
const VAPID_KEY_BYTES = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : i));
const VAPID_KEY = btoa(String.fromCharCode(...VAPID_KEY_BYTES)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } };
const DEVICE = { id: '4b1c2d3e-0000-4000-8000-000000000001', label: 'Chrome on Linux', createdAt: '2026-11-26T10:00:00.000Z', lastSuccessAt: null };

/** The browser's side: a service worker registration whose push manager subscribes (or fails), and the notification permission. */
function fakeBrowserPush(options: { permissionAnswer?: NotificationPermission; subscribeFails?: boolean } = {}) {
  let subscription: { endpoint: string; options: { applicationServerKey: ArrayBuffer }; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const subscribe = vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
    if (options.subscribeFails) throw new DOMException('Registration failed - push service error', 'AbortError');
    subscription = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: applicationServerKey.slice().buffer },
      toJSON: () => SUBSCRIPTION_JSON,
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    };
    return subscription;
  });
  const registration = { active: {}, pushManager: { subscribe, getSubscription: async () => subscription } };
  const notification = { permission: 'default' as NotificationPermission, requestPermission: vi.fn(async () => (notification.permission = options.permissionAnswer ?? 'granted')) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration, ready: Promise.resolve(registration) } });
  return { subscribe, notification, current: () => subscription };
}

beforeEach(() => localStorage.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  await i18n.changeLanguage('en');
});

function server(devices: (typeof DEVICE)[] = []) {
  return fakeFetch({
    'GET /api/user': () => ({ body: null, status: 401 }),
    'GET /api/push/vapid-public-key': () => ({ body: { publicKey: VAPID_KEY } }),
    'GET /api/user/push-subscriptions': () => ({ body: { devices } }),
    'POST /api/user/push-subscriptions': () => {
      devices = [DEVICE];
      return { status: 201, body: { device: DEVICE } };
    },
    'DELETE /api/user/push-subscriptions': () => {
      devices = [];
      return { body: {} };
    },
  });
}

describe('PushSettings', () => {
  it('given permission granted, when the player turns push on, then the browser subscribes with the server key and the server keeps the subscription', async () => {
    const browser = fakeBrowserPush();
    const { fetchFn, calls } = server();
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<PushSettings />);
    expect(await screen.findByText('Push notifications are off for this device.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Push notifications on this device'));
    expect(await screen.findByText('Push notifications are on for this device.')).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: VAPID_KEY_BYTES });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ url: '/api/user/push-subscriptions', body: SUBSCRIPTION_JSON })]);
    expect(screen.getByLabelText('Push notifications on this device')).toBeChecked();
    expect(await screen.findByText(/Chrome on Linux \(this device\)/)).toBeInTheDocument();
  });

  it('given the browser cannot reach its push service, when the player turns push on, then it says so and push stays off with nothing sent to the server', async () => {
    fakeBrowserPush({ subscribeFails: true });
    const { fetchFn, calls } = server();
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<PushSettings />);
    await userEvent.click(await screen.findByLabelText('Push notifications on this device'));
    expect(await screen.findByTestId('push-error')).toHaveTextContent('This browser could not reach its push service, so push is still off.');
    expect(screen.getByLabelText('Push notifications on this device')).not.toBeChecked();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('given the player blocks notifications, when asked, then push stays off and the toggle says where to allow them', async () => {
    const browser = fakeBrowserPush({ permissionAnswer: 'denied' });
    const { fetchFn } = server();
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<PushSettings />);
    await userEvent.click(await screen.findByLabelText('Push notifications on this device'));
    expect(await screen.findByTestId('push-error')).toHaveTextContent('Notifications are blocked for this site.');
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('given push on, when the player turns it off, then the server forgets the endpoint and the browser unsubscribes', async () => {
    const browser = fakeBrowserPush();
    const { fetchFn, calls } = server();
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<PushSettings />);
    const toggle = await screen.findByLabelText('Push notifications on this device');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    expect(await screen.findByText('Push notifications are off for this device.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([expect.objectContaining({ url: '/api/user/push-subscriptions', body: { endpoint: ENDPOINT } })]);
    expect(browser.current()).toBeNull();
    expect(await screen.findByText('No device has push on.')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    fakeBrowserPush();
    const { fetchFn } = server();
    vi.stubGlobal('fetch', fetchFn);
    await i18n.changeLanguage('es');
    renderWithApp(<PushSettings />);
    expect(await screen.findByLabelText('Notificaciones push en este dispositivo')).toBeInTheDocument();
    expect(await screen.findByText('Las notificaciones push están desactivadas en este dispositivo.')).toBeInTheDocument();
  });
});
