/**
 * Test support: wait for what the app does in its own time (a sandbox's webhook, a reactor's
 * mail, a settlement) by polling the condition, never by a pause. The bound only lets a missing
 * outcome fail with its own message: it sits inside the integration project's 60 s test timeout,
 * far above what the condition takes on a loaded CI machine (seconds at load 20, where the specs'
 * own bounds of 5 to 15 s could run out).
 */
export const EVENTUALLY_TIMEOUT_MS = 45_000;
const POLL_MS = 50;

/** Reads until `ok` holds and answers that value; throws, naming `what` and the last value read, after EVENTUALLY_TIMEOUT_MS. */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, what = 'the awaited condition'): Promise<T> {
  const deadline = Date.now() + EVENTUALLY_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${EVENTUALLY_TIMEOUT_MS} ms; last read ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
