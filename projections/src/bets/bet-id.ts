const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Bet ids are UUIDs. A wallet hold of kind `bet` whose id is not one (another caller of the
 * wallet, a test) names no bet of ours: bet projectors skip it rather than fail on it, since a
 * projector that rejects a recorded event would stall every read model behind it.
 */
export function isBetId(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
