// Norwegian counties (fylker) of the structure in force since 1 January 2024, keyed by the first two
// digits of a municipality number (kommunenummer). Enhetsregisteret has no county filter, so the
// bankruptcy statistics place each estate by the municipality of its business address.
// Source of the table: SSB's standard for county division (fylkesinndeling) valid from 2024-01-01,
// after Viken, Vestfold og Telemark and Troms og Finnmark were split. Svalbard (21) is not a county
// but carries its own two-digit prefix in municipality numbers.

export interface County {
  /** Two-digit county number, or null for the unknown buckets. */
  fylkesnummer: string | null;
  fylke: string;
}

export const COUNTIES_2024: Readonly<Record<string, string>> = {
  '03': 'Oslo',
  '11': 'Rogaland',
  '15': 'Møre og Romsdal',
  '18': 'Nordland',
  '31': 'Østfold',
  '32': 'Akershus',
  '33': 'Buskerud',
  '34': 'Innlandet',
  '39': 'Vestfold',
  '40': 'Telemark',
  '42': 'Agder',
  '46': 'Vestland',
  '50': 'Trøndelag',
  '55': 'Troms',
  '56': 'Finnmark',
  '21': 'Svalbard',
};

/**
 * Prefixes of the 2020-2023 and pre-2020 structures that are gone since 2024 (Viken 30, Vestfold og
 * Telemark 38, Troms og Finnmark 54; Østfold 01 ... Finnmark 20 before 2020).
 */
const PRE_2024_PREFIXES = new Set(['01', '02', '04', '05', '06', '07', '08', '09', '10', '12', '14', '16', '17', '19', '20', '30', '38', '54']);

export const UNKNOWN_PRE_2024 = 'unknown (pre-2024 municipality number)';
export const UNKNOWN_NO_ADDRESS = 'unknown (no business address municipality)';
export const UNKNOWN_UNRECOGNISED = 'unknown (unrecognised municipality number)';

/** The county of a municipality number under the 2024 structure; unknown buckets otherwise. */
export function countyOf(kommunenummer: string | undefined | null): County {
  if (!kommunenummer || !/^\d{4}$/.test(kommunenummer)) return { fylkesnummer: null, fylke: UNKNOWN_NO_ADDRESS };
  const prefix = kommunenummer.slice(0, 2);
  const name = COUNTIES_2024[prefix];
  if (name) return { fylkesnummer: prefix, fylke: name };
  if (PRE_2024_PREFIXES.has(prefix)) return { fylkesnummer: null, fylke: UNKNOWN_PRE_2024 };
  return { fylkesnummer: null, fylke: UNKNOWN_UNRECOGNISED };
}
