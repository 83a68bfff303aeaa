// National company identifiers of the five countries, recognised by their format and check digit.
//   NO organisasjonsnummer: 9 digits, modulus 11 with weights 3 2 7 6 5 4 3 2 (Brønnøysund).
//   DK CVR-nummer: 8 digits, modulus 11 with weights 2 7 6 5 4 3 2 1 (weighted sum divisible by 11).
//   FI Y-tunnus: 7 digits, hyphen, check digit; modulus 11 with weights 7 9 10 5 8 4 2
//     (remainder 0 gives 0, remainder 1 is never issued, otherwise 11 - remainder).
//   SE organisationsnummer: 10 digits (NNNNNN-NNNN), Luhn over all ten.
//   IS kennitala: 10 digits DDMMYY-RRCV; C is modulus 11 over the first eight with weights
//     3 2 7 6 5 4 3 2, V the century digit (9, 0 or 8); companies add 40 to DD.
// Ten digits can be both a valid Swedish and a valid Icelandic number: `country` settles it.
// The NO, DK and IS check digits are runtime/fields.ts's (the same checks the input fields use);
// this server adds what a company number also needs (DK: no leading 0; IS: a date and a century digit).
import { isValidCvr, isValidKennitala, isValidOrgnr } from '../../runtime/fields.js';

export type IdCountry = 'NO' | 'DK' | 'FI' | 'SE' | 'IS';
export type IdType = 'NO_ORGNR' | 'DK_CVR' | 'FI_YTUNNUS' | 'SE_ORGNR' | 'IS_KENNITALA';

export const ID_TYPES: Record<IdCountry, IdType> = {
  NO: 'NO_ORGNR',
  DK: 'DK_CVR',
  FI: 'FI_YTUNNUS',
  SE: 'SE_ORGNR',
  IS: 'IS_KENNITALA',
};

const COUNTRY_NAMES: Record<IdCountry, string> = {
  NO: 'Norwegian organisation number',
  DK: 'Danish CVR number',
  FI: 'Finnish business id (Y-tunnus)',
  SE: 'Swedish organisation number',
  IS: 'Icelandic kennitala',
};

const digits = (s: string) => [...s].map(Number);

function mod11(value: string, weights: number[]): number {
  return digits(value).reduce((acc, d, i) => acc + d * weights[i], 0) % 11;
}

export function isDkCvr(v: string): boolean {
  return /^[1-9]/.test(v) && isValidCvr(v);
}

export function isFiYtunnus(v: string): boolean {
  if (!/^\d{7}-\d$/.test(v)) return false;
  const r = mod11(v.slice(0, 7), [7, 9, 10, 5, 8, 4, 2]);
  if (r === 1) return false;
  return (r === 0 ? 0 : 11 - r) === Number(v[8]);
}

export function isSeOrgnr(v: string): boolean {
  if (!/^\d{10}$/.test(v)) return false;
  const sum = digits(v).reduce((acc, d, i) => {
    const x = i % 2 === 0 ? d * 2 : d;
    return acc + (x > 9 ? x - 9 : x);
  }, 0);
  return sum % 10 === 0;
}

export function isIsKennitala(v: string): boolean {
  if (!isValidKennitala(v)) return false;
  const day = Number(v.slice(0, 2));
  const month = Number(v.slice(2, 4));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71)) || month < 1 || month > 12) return false;
  return '098'.includes(v[9]);
}

const VALIDATORS: Record<IdCountry, (v: string) => boolean> = {
  NO: isValidOrgnr,
  DK: isDkCvr,
  FI: isFiYtunnus,
  SE: isSeOrgnr,
  IS: isIsKennitala,
};

/** The identifier as its register writes it: separators dropped, except the Y-tunnus hyphen. */
export function normaliseId(raw: string, country?: IdCountry): string {
  const compact = raw.trim().replace(/[\s.]/g, '');
  if (/^\d{7}-\d$/.test(compact) && country !== 'SE' && country !== 'IS') return compact;
  if (/^FI\d{8}$/i.test(compact)) return `${compact.slice(2, 9)}-${compact[9]}`;
  return compact.replace(/-/g, '');
}

export type Recognised = { ok: true; id: string; country: IdCountry; idType: IdType } | { ok: false; message: string };

/** Which register an identifier belongs to; `country` chooses where the format alone cannot. */
export function recognise(raw: string, country?: IdCountry): Recognised {
  const id = normaliseId(raw, country);
  if (country) {
    if (VALIDATORS[country](id)) return { ok: true, id, country, idType: ID_TYPES[country] };
    return { ok: false, message: `is not a valid ${COUNTRY_NAMES[country]} (${formatHint(country)}; got ${JSON.stringify(raw)})` };
  }
  if (/^\d{9}$/.test(id)) {
    return isValidOrgnr(id) ? { ok: true, id, country: 'NO', idType: 'NO_ORGNR' } : { ok: false, message: `fails the modulus-11 check digit of a Norwegian organisation number (got ${JSON.stringify(raw)})` };
  }
  if (/^\d{8}$/.test(id)) {
    return isDkCvr(id) ? { ok: true, id, country: 'DK', idType: 'DK_CVR' } : { ok: false, message: `fails the modulus-11 check of a Danish CVR number (got ${JSON.stringify(raw)})` };
  }
  if (/^\d{7}-\d$/.test(id)) {
    return isFiYtunnus(id) ? { ok: true, id, country: 'FI', idType: 'FI_YTUNNUS' } : { ok: false, message: `fails the check digit of a Finnish Y-tunnus (got ${JSON.stringify(raw)})` };
  }
  if (/^\d{10}$/.test(id)) {
    const se = isSeOrgnr(id);
    const is = isIsKennitala(id);
    if (se && is) {
      return { ok: false, message: `is both a valid Swedish organisation number and a valid Icelandic kennitala; say which with country=SE or country=IS (got ${JSON.stringify(raw)})` };
    }
    if (se) return { ok: true, id, country: 'SE', idType: 'SE_ORGNR' };
    if (is) return { ok: true, id, country: 'IS', idType: 'IS_KENNITALA' };
    return { ok: false, message: `has ten digits but is neither a Swedish organisation number (Luhn check) nor an Icelandic kennitala (modulus-11 check) (got ${JSON.stringify(raw)})` };
  }
  return {
    ok: false,
    message: `is not a company identifier of NO (9 digits), DK (8 digits), FI (NNNNNNN-C), SE or IS (10 digits) (got ${JSON.stringify(raw)})`,
  };
}

function formatHint(country: IdCountry): string {
  switch (country) {
    case 'NO':
      return '9 digits with a modulus-11 check digit';
    case 'DK':
      return '8 digits passing the modulus-11 check';
    case 'FI':
      return '7 digits, a hyphen and a check digit, e.g. 0112038-9';
    case 'SE':
      return '10 digits passing the Luhn check, e.g. 556016-0680';
    case 'IS':
      return '10 digits with a modulus-11 check digit and a century digit';
  }
}
