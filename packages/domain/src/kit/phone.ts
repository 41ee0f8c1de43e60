// The one rule for mobile numbers, used by every mobile field on the server and in the console. Where the
// record's country is China a mobile is a mainland number (11 digits from 13 to 19, optionally after +86);
// elsewhere, or when the country is not known, an international number of 7 to 15 digits is accepted too.
// Spaces, hyphens, dots and brackets are written for reading and ignored.

/** A mainland China mobile number, separators removed. */
export const MAINLAND_MOBILE = /^(?:(?:\+|00)?86)?1[3-9]\d{9}$/;
/** An international number (E.164: at most 15 digits), separators removed. */
const INTERNATIONAL_MOBILE = /^(?:\+|00)?[1-9]\d{6,14}$/;

const SEPARATORS = /[\s().-]/g;

/** True for the country codes and names that mean China (the mainland pattern applies). */
export function isChina(country: unknown): boolean {
  if (typeof country !== 'string') return false;
  return ['cn', 'chn', 'china', '中国', '中国大陆'].includes(country.trim().toLowerCase());
}

/** Whether `value` is a mobile number for a record of `country` (unknown country: either form). */
export function isValidMobile(value: string, country?: unknown): boolean {
  const compact = value.replace(SEPARATORS, '');
  if (MAINLAND_MOBILE.test(compact)) return true;
  return !isChina(country) && INTERNATIONAL_MOBILE.test(compact);
}
