// The organisation number of a lookup whose answer for "not in the register" is 404 ORG_NOT_FOUND
// (tool-server spec 4.1, brreg_konkurs_get: "404 ORG_NOT_FOUND only when the number is not in the
// register"; spec 7: "Entity not in register (bankruptcy check)"). A 9-digit number whose
// modulus-11 check digit fails is never issued, so it is not in the register either: such a tool
// answers it the same 404, saying why, without asking the register. The field checks the format
// only (9 digits, still refused as invalid input otherwise); tools that the spec gives no such rule
// keep runtime/fields.ts's orgnr(), which refuses a failing check digit as invalid input.
import { z } from 'zod';
import { fail } from '../../runtime/errors.js';
import { isValidOrgnr } from '../../runtime/fields.js';
import { quoted } from '../../runtime/validation.js';

export const registeredOrgnr = (
  description = 'Norwegian organisation number; one whose check digit fails is in no register and answers not_found.',
) =>
  z
    .string()
    .regex(/^\d{9}$/, { error: (iss) => `must be exactly 9 digits (got ${quoted(iss.input)})` })
    .describe(description);

/** 404 ORG_NOT_FOUND for a number the register does not have; the message says when the check digit is why. */
export function orgNotFound(orgnr: string, register = 'Enhetsregisteret') {
  const why = isValidOrgnr(orgnr) ? '' : ': its modulus-11 check digit fails, so no entity can have this number';
  return fail.notFound(`${orgnr} is not in ${register}${why}`, { detailCode: 'ORG_NOT_FOUND' });
}

/** Throws ORG_NOT_FOUND before any request when the check digit fails. */
export function requireIssuableOrgnr(orgnr: string, register?: string): void {
  if (!isValidOrgnr(orgnr)) throw orgNotFound(orgnr, register);
}
