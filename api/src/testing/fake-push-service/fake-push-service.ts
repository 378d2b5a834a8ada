/**
 * Test support: a push service on 127.0.0.1 (HTTPS, with a certificate made for 127.0.0.1 that
 * only the tests trust), and devices with real P-256 keys. It answers each device's pushes with
 * the status the test sets (201 by default; 404/410 for a dead subscription, 5xx for an outage),
 * and decrypts every payload it receives (RFC 8291, aes128gcm) as the browser would, so a test
 * sees exactly what left the server.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

/** The certificate the service presents (for 127.0.0.1): a test trusts it through `agent`, or adds it to the CAs of the process. */
export const FAKE_PUSH_SERVICE_CERTIFICATE = readFileSync(new URL('./localhost-cert.pem', import.meta.url));
const certificate = FAKE_PUSH_SERVICE_CERTIFICATE;
const privateKey = readFileSync(new URL('./localhost-key.pem', import.meta.url));

export interface FakeDevice {
  readonly name: string;
  /** What `PushSubscription.toJSON()` gives the page. */
  readonly subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  readonly device: string;
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload, parsed as JSON. */
  readonly payload: unknown;
}

export interface FakePushService {
  /** An https.Agent that trusts this service's certificate (pass it to webPushSender). */
  readonly agent: Agent;
  device(name?: string): FakeDevice;
  /** The status this device's pushes get from now on. */
  answer(device: FakeDevice, status: number): void;
  received(device?: FakeDevice): ReceivedPush[];
  close(): Promise<void>;
}

interface DeviceState {
  readonly ecdh: ECDH;
  readonly auth: Buffer;
  status: number;
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, DeviceState>();
  const received: ReceivedPush[] = [];
  const server: Server = createServer({ cert: certificate, key: privateKey }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
      const state = devices.get(name);
      const status = state?.status ?? 404;
      received.push({ device: name, status, headers: request.headers, payload: state ? JSON.parse(decrypt(Buffer.concat(chunks), state).toString('utf8')) : null });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? '' : `answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: certificate, keepAlive: false });
  return {
    agent,
    device(name = randomBytes(8).toString('hex')) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const state: DeviceState = { ecdh, auth: randomBytes(16), status: 201 };
      devices.set(name, state);
      return { name, subscription: { endpoint: `${origin}/push/${encodeURIComponent(name)}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: state.auth.toString('base64url') } } };
    },
    answer(device, status) {
      devices.get(device.name)!.status = status;
    },
    received: (device) => received.filter((r) => !device || r.device === device.name),
    close: async () => {
      agent.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Clients that keep connections alive (Node's global agent) would hold close() open.
      server.closeAllConnections();
      await closed;
    },
  };
}

/** RFC 8291 / RFC 8188 aes128gcm, one record, as a browser decrypts a push message. */
function decrypt(body: Buffer, device: DeviceState): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const sharedSecret = device.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, device.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('push payload: no last-record delimiter');
  return padded.subarray(0, end);
}
