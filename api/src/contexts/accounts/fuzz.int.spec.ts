// Proves no accounts route answers 5xx to any JSON body: random values, random objects with the routes' own field names, with and without a session.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, fullSignupPayload, signUpUser } from '../../testing/users.js';

let h: TestHarness;
let token: string;
beforeAll(async () => {
  h = await createTestHarness({ label: 'accounts_fuzz' });
  const signedUp = await signUpUser(h);
  token = signedUp.token;
});
afterAll(async () => {
  await h.close();
});

const routes: { method: 'POST' | 'PATCH' | 'PUT' | 'GET'; url: string }[] = [
  { method: 'POST', url: '/api/auth/signup' },
  { method: 'POST', url: '/api/auth/login' },
  { method: 'POST', url: '/api/auth/logout' },
  { method: 'GET', url: '/api/user' },
  { method: 'POST', url: '/api/auth/verify-email' },
  { method: 'POST', url: '/api/auth/resend-code' },
  { method: 'POST', url: '/api/auth/request-reset' },
  { method: 'POST', url: '/api/auth/reset-password' },
  { method: 'PATCH', url: '/api/user/profile' },
  { method: 'PUT', url: '/api/user/currency' },
  { method: 'POST', url: '/api/location/detect' },
  { method: 'POST', url: '/api/location/confirm' },
];

const fieldNames = [
  'username', 'email', 'password', 'dateOfBirth', 'phoneNumber', 'psnUsername', 'activisionId', 'country', 'timezone', 'preferredCurrency',
  'preferredLanguage', 'agreeTerms', 'code', 'userId', 'token', 'currency', 'setByUser', 'acceptLocation', 'detectedLocation', 'city', '__proto__', 'constructor',
];
const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', 'Passw0rd-Test', '1990-01-01', '2030-02-30', '123456', 'USD', 'a@b.co', '00000000-0000-4000-8000-000000000000', '\u0000', 'x'.repeat(300)),
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...fieldNames), fieldValue, { maxKeys: 8 }),
  fc.record({ detectedLocation: fc.dictionary(fc.constantFrom('country', 'city', 'currency'), fieldValue) }),
  // A valid sign-up payload with one field replaced: reaches the deeper paths (claims, events, sessions).
  fc.tuple(fc.constantFrom(...fieldNames), fieldValue).map(([field, value]) => ({ ...fullSignupPayload(h), [field]: value })),
);

describe('accounts routes under random JSON', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url} answers only 2xx/4xx`, async () => {
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (payload, signedIn) => {
          const response = await h.app.inject({
            method: route.method,
            url: route.url,
            headers: { 'content-type': 'application/json', ...(signedIn ? authHeader(token) : {}) },
            ...(route.method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
          });
          expect(response.statusCode, `${route.method} ${route.url} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(500);
          // Logging out would end the fuzzing session; sign in again through the real path.
          if (route.url === '/api/auth/logout' && response.statusCode === 200) token = (await signUpUser(h)).token;
        }),
        { numRuns: 60 },
      );
    });
  }
});
