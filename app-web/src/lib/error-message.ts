import { errorBody, parseErrorMessage } from './api-client';
import { i18n, translateMessage } from './i18n';
import { formatMoney } from './money';
import { formatDateTime } from './date-time';

/**
 * The one place an error from the API (or a refusal the shared domain code raised in the browser)
 * becomes text for people. The body is `{ error, code, params? }` (docs/api.md): a code the
 * `errors` namespace knows is rendered in the user's language with its params; otherwise the
 * English `error` is looked up in `messages`, and otherwise shown as it came.
 */
export type ErrorParams = Record<string, string | number>;
export interface Refusal {
  readonly error: string;
  readonly code?: string;
  readonly params?: ErrorParams;
}

/** Params that are amounts (decimal strings in `params.currency`), shown by the app's money formatter. */
const MONEY_PARAMS = ['needed', 'fee', 'balance', 'dailyLimit', 'dailySpent', 'limitAmount', 'remaining', 'used', 'requested'] as const;
/** Params that are instants (ISO), shown as a date and time in the user's language. */
const TIME_PARAMS = ['until', 'effectiveAt'] as const;

export function formatInstant(iso: string): string {
  return formatDateTime(iso);
}

function paramsOf(value: unknown): ErrorParams | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const params: ErrorParams = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string' || typeof item === 'number') params[key] = item;
  return params;
}

/** The refusal an error carries: the API's JSON body of a `"<status>: <body>"` error, or a typed domain error's own fields. */
export function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof Error)) return undefined;
  const body = errorBody(error);
  const source: { error?: unknown; code?: unknown; params?: unknown } = body ?? { error: error.message, code: (error as { code?: unknown }).code, params: (error as { params?: unknown }).params };
  if (typeof source.code !== 'string') return undefined;
  return { error: typeof source.error === 'string' ? source.error : '', code: source.code, params: paramsOf(source.params) };
}

/** Params as people read them: amounts with their currency's symbol, the rest as they are. */
export function shownParams(params: ErrorParams | undefined): ErrorParams {
  const shown: ErrorParams = { ...params };
  const currency = typeof params?.currency === 'string' ? params.currency : undefined;
  if (currency) for (const key of MONEY_PARAMS) if (params?.[key] !== undefined) shown[key] = formatMoney(String(params[key]), currency);
  for (const key of TIME_PARAMS) if (typeof params?.[key] === 'string') shown[key] = formatInstant(String(params[key]));
  return shown;
}

/** A refusal in the user's language: by its code when translated, else by its English text. */
export function refusalText(refusal: Refusal): string {
  if (refusal.code && i18n.exists(refusal.code, { ns: 'errors' })) {
    // A variant per limit or action (`deposit_limit_exceeded_depositDaily`, `self_excluded_stake`) when one is written.
    const variant = refusal.params?.limit ?? refusal.params?.action;
    const context = typeof variant === 'string' && i18n.exists(`${refusal.code}_${variant}`, { ns: 'errors' }) ? variant : undefined;
    return i18n.t(refusal.code, { ns: 'errors', replace: shownParams(refusal.params), keySeparator: false, nsSeparator: false, ...(context ? { context } : {}) });
  }
  return translateMessage(refusal.error);
}

/** What a toast, form or page shows for a failed request; `fallback` when the error says nothing. */
export function errorMessage(error: unknown, fallback = ''): string {
  const refusal = refusalOf(error);
  if (refusal?.code && i18n.exists(refusal.code, { ns: 'errors' })) return refusalText(refusal);
  return translateMessage(parseErrorMessage(error, fallback));
}
