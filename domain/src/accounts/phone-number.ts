/**
 * Phone numbers as the product stores them: E.164 (`+2348031234567`). A number typed the
 * Nigerian way (`0803 123 4567`, `2348031234567`, `8031234567`) is read as Nigerian; one that
 * starts with `+` keeps its own country. Only numbers that can receive an SMS pass: the full
 * metadata (`/max`) tells a mobile from a toll-free or fixed line, which the small default
 * metadata cannot.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export const PHONE_DEFAULT_COUNTRY = 'NG';

const SMS_CAPABLE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** The E.164 form of a typed mobile number, or null when it is not one. */
export function parseMobileNumber(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), PHONE_DEFAULT_COUNTRY);
  if (!parsed || !parsed.isValid()) return null;
  const type = parsed.getType();
  if (type === undefined || !SMS_CAPABLE_TYPES.has(type)) return null;
  return parsed.number;
}

/** `+2348031234567` → `+234 803 123 4567`, for messages and screens. */
export function formatInternational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
