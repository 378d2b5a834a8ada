/**
 * Translations of the English messages the shared zod schemas and the server send, keyed by the
 * English text. English needs none: an unknown message is shown as it came.
 */
export const enMessages: Record<string, string> = {};
export const esMessages: Record<string, string> = {};
export const frMessages: Record<string, string> = {};
