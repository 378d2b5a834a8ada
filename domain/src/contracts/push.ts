/**
 * The push context's contract (docs/api/push.md): the server's VAPID public key and a player's
 * push devices, as zod schemas the API validates and serializes with and the web app's query
 * functions are typed by. The subscription body is the push rules' own schema, which depends on
 * the deployment (production accepts the known push services only): `pushContract(options)`.
 */
import { z } from 'zod';
import { PUSH_ENDPOINT_LENGTH_MAX, pushSubscriptionSchema } from '../push/index.js';

import { errorBody, refusals } from './common.js';

export const pushDeviceView = z.strictObject({ id: z.string(), label: z.string(), createdAt: z.string(), lastSuccessAt: z.string().nullable() });
export type PushDeviceView = z.infer<typeof pushDeviceView>;
export const vapidPublicKeyView = z.strictObject({ publicKey: z.string() });
export type VapidPublicKeyView = z.infer<typeof vapidPublicKeyView>;
export const pushDevicesView = z.strictObject({ devices: z.array(pushDeviceView) });
export type PushDevicesView = z.infer<typeof pushDevicesView>;
export const pushDeviceAnswer = z.strictObject({ device: pushDeviceView });
export type PushDeviceAnswer = z.infer<typeof pushDeviceAnswer>;
/** The browser's `PushSubscription.toJSON()`. */
export type PushSubscriptionBody = z.input<ReturnType<typeof pushSubscriptionSchema>>;
export const unsubscribeEndpointBody = z.object({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_LENGTH_MAX) });
export type UnsubscribeEndpointBody = z.infer<typeof unsubscribeEndpointBody>;

const documented = { tags: ['push'], security: [{ bearer: [] }] };
/** 503 `push_unavailable`: the server has no VAPID keys. */
const unavailable = { 503: errorBody };

/** Each route's schemas, as its fastify `schema` (the OpenAPI document is generated from them). */
export function pushContract(options: { knownServicesOnly: boolean }) {
  return {
    vapidPublicKey: { ...documented, summary: 'The VAPID public key a browser subscribes with (applicationServerKey)', response: { 200: vapidPublicKeyView, ...unavailable, ...refusals } },
    devices: { ...documented, summary: 'The devices the player has push on for', response: { 200: pushDevicesView, ...refusals } },
    subscribe: {
      ...documented,
      summary: "Turn push on for this device: the browser's PushSubscription (201 new, 200 already kept)",
      body: pushSubscriptionSchema(options),
      response: { 200: pushDeviceAnswer, 201: pushDeviceAnswer, ...unavailable, ...refusals },
    },
    unsubscribe: { ...documented, summary: 'Turn push off for this device (by its endpoint); nothing to do is fine', body: unsubscribeEndpointBody, response: { 204: z.null(), ...refusals } },
    removeDevice: { ...documented, summary: 'Turn push off for one of the player’s devices', params: z.object({ id: z.uuid() }), response: { 204: z.null(), ...refusals } },
  };
}
