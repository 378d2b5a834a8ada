// Proves phone verification in Chromium: a player whose email and age are verified types a Nigerian number as 0803… on the profile's Security tab, reads the SMS code from the dev mailbox (what the Termii sandbox received), verifies, and sees the phone marked Verified and the "Account Fully Verified" banner.
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../scripts/src/seed.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { api, apiRegisterVerified, closeLocationDialogIfOpen, eventually, freshPlayer, screenshotter, signIn, toastWith, visible } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

const ADMIN_EMAIL = `admin-${randomUUID().slice(0, 8)}@example.com`;
const ADMIN_PASSWORD = 'Admin-Passw0rd!';

interface SandboxSms {
  id: string;
  to: string;
  text: string;
  receivedAt: string;
}

suite('journey 19: phone verification by SMS', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('journey-phone');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a player types 0803…, enters the code the SMS carried, and sees Account Fully Verified', async () => {
    // Given a player with a verified email whose age an admin has verified
    const player = await apiRegisterVerified(env.baseUrl, freshPlayer('phone'));
    await seed({ ...env.config, ADMIN_EMAIL, ADMIN_PASSWORD }, () => undefined);
    const admin = await api<{ token: string }>(env.baseUrl, 'POST', '/api/auth/login', null, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await api(env.baseUrl, 'PATCH', `/api/admin/users/${player.id}`, admin.token, { isAgeVerified: true });
    const rest = String(randomInt(10_000_000)).padStart(7, '0');
    const typed = `0803 ${rest.slice(0, 3)} ${rest.slice(3)}`;
    const e164 = `+234803${rest}`;

    const { page, context } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    await signIn(page, player);
    await closeLocationDialogIfOpen(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('tab', { name: 'Security' }).click();
    const phoneRow = page.locator('.verification-row').filter({ hasText: 'Phone' });
    await visible(phoneRow.getByText('Not Verified', { exact: true }));
    expect(await page.getByTestId('fully-verified').count()).toBe(0);

    // When they type their number the Nigerian way and ask for a code
    await page.getByLabel('Mobile number').fill(typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await visible(page.getByTestId('phone-sent-to').filter({ hasText: e164 }));
    await shot('profile-phone-code-sent');

    // and read the code from the SMS the provider's sandbox received (the dev mailbox)
    const [sms] = await eventually(
      async () => (await fetch(`${env.baseUrl}/dev/mailbox/sms?to=${encodeURIComponent(e164)}`)).json() as Promise<SandboxSms[]>,
      (messages) => messages.length > 0,
      `an SMS to ${e164} in the dev mailbox`,
    );
    const code = /code is (\d{6})/.exec(sms!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Code', { exact: true }).fill(code!);
    await page.getByRole('button', { name: 'Verify phone' }).click();

    // Then the phone shows Verified and the green banner appears
    await visible(toastWith(page, 'Phone verified'));
    await visible(page.getByTestId('fully-verified').filter({ hasText: 'Account Fully Verified' }));
    await visible(phoneRow.getByText('Verified', { exact: true }));
    expect(await page.getByTestId('phone-verification').count()).toBe(0);
    await shot('profile-fully-verified');
    const me = await api<{ isPhoneVerified: boolean; phoneNumber: string }>(env.baseUrl, 'GET', '/api/user', player.token);
    expect(me).toMatchObject({ isPhoneVerified: true, phoneNumber: e164 });
    await context.close();
  });
});
