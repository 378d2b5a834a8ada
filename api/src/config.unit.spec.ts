// Proves configuration parsing: embedded defaults when nothing is set, and one clear line naming the variable for a bad value.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicBaseUrl } from './config.js';

describe('loadConfig', () => {
  it('selects every embedded default when no service variable is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, ROLE: 'both', DATA_DIR: './.data', WALLET_CURRENCY: 'NGN', DAILY_LIMIT_DEFAULT: '50000', TRUST_PROXY: false });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.EVENTSTORE_URL).toBeUndefined();
    expect(config.NATS_URL).toBeUndefined();
  });

  it('treats an empty service variable as unset', () => {
    expect(loadConfig({ NATS_URL: '' }).NATS_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT="eighty": /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL="mysql:\/\/x": must be a URL starting with postgres:\/\//],
    [{ NATS_URL: 'http://localhost:4222' }, /^Invalid configuration: NATS_URL=/],
    [{ ROLE: 'everything' }, /^Invalid configuration: ROLE="everything"/],
    [{ EVENTSTORE_URL: 'localhost:2113' }, /^Invalid configuration: EVENTSTORE_URL=/],
    [{ PUBLIC_URL: 'javascript:alert(1)' }, /^Invalid configuration: PUBLIC_URL=.*must be a URL starting with http:\/\/ or https:\/\//],
    [{ PUBLIC_URL: 'https://' }, /^Invalid configuration: PUBLIC_URL="https:\/\/": must be a URL/],
    [{ VAPID_PUBLIC_KEY: 'not-a-key' }, /^Invalid configuration: VAPID_PUBLIC_KEY="not-a-key": must be 65 bytes in unpadded base64url/],
    [{ VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url') }, /^Invalid configuration: VAPID_PRIVATE_KEY="": VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all/],
    [{ VAPID_PRIVATE_KEY: Buffer.alloc(32, 1).toString('base64url') }, /^Invalid configuration: VAPID_PUBLIC_KEY="": VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together/],
    [{ VAPID_SUBJECT: 'ops@example.com' }, /^Invalid configuration: VAPID_SUBJECT=.*must be a mailto: or https:\/\/ URL/],
  ])('stops on %j with one line naming the variable', (env, pattern) => {
    let message = '';
    try {
      loadConfig(env as NodeJS.ProcessEnv);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(pattern);
    expect(message).not.toContain('\n');
  });

  it('leaves /metrics off without METRICS_TOKEN, and refuses a short one naming the variable', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({}).METRICS_PORT).toBe(9464);
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token', METRICS_PORT: '9100' })).toMatchObject({ METRICS_TOKEN: 'a-long-enough-token', METRICS_PORT: 9100 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(new ConfigError('Invalid configuration: METRICS_TOKEN="short": must be at least 16 characters'));
  });

  it('accepts the real services', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/wager', EVENTSTORE_URL: 'esdb://es:2113?tls=false', NATS_URL: 'nats://nats:4222', ROLE: 'serve' });
    expect(config).toMatchObject({ ROLE: 'serve', NATS_URL: 'nats://nats:4222' });
  });

  it('gives links the PUBLIC_URL without a trailing slash, and treats an empty one as unset', () => {
    expect(publicBaseUrl(loadConfig({ PUBLIC_URL: 'https://wager.example.com/' }))).toBe('https://wager.example.com');
    expect(loadConfig({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
    // startServer fills it in before serving: a route reaching an unset one is a wiring bug.
    expect(() => publicBaseUrl(loadConfig({}))).toThrow(/PUBLIC_URL is unset/);
  });
});
