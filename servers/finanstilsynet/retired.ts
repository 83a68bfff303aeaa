// revisor.lookup, revisor.search and rundskriv.lookup: deprecated in the tool-server spec (4.2), so
// they always answer HTTP 410 api_sunset with an expiry message and no data. Their parameters are
// declared with the spec's bounds so that clients see what they once took.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { konsesjonFields } from './konsesjon.js';
import { HOUR, coverage } from './registry.js';
import { quoted } from '../../runtime/validation.js';

export const revisorLookup = defineTool({
  name: 'revisor.lookup',
  title: 'Look up an auditor by auditor number (retired)',
  description:
    'Retired: looked up a state-authorised or registered auditor by auditor number (revisornr). It answers HTTP 410 api_sunset with no data. ' +
    "Auditors and audit firms are still in Finanstilsynet's register with their licences: use finanstilsynet.konsesjon.search with navn (or orgnr for an audit firm).",
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'finanstilsynet.revisor.lookup is retired: auditors are no longer looked up by auditor number here. No data is returned.',
    alternative: 'finanstilsynet.konsesjon.search (navn of the auditor, or orgnr of the audit firm) lists auditors and audit firms with their licences.',
  },
  input: {
    revisornr: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,20}$/, { error: (iss) => `must be an auditor number of 1 to 20 letters, digits or - (got ${quoted(iss.input)})` })
      .describe('Auditor number (revisornummer) given by Finanstilsynet at registration.'),
  },
  coverage: coverage(['auditor']),
  cacheTtlSeconds: HOUR,
  route: '/revisorer/:revisornr',
});

export const revisorSearch = defineTool({
  name: 'revisor.search',
  title: 'Search auditors (retired)',
  description:
    'Retired: searched auditors and audit firms by name, organisation number, status (aktiv, tilbakekalt, utløpt) and type. It answers HTTP 410 api_sunset with no data. ' +
    "Use finanstilsynet.konsesjon.search, which searches the same register (auditors included) with the same filters.",
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'finanstilsynet.revisor.search is retired. No data is returned.',
    alternative: 'finanstilsynet.konsesjon.search searches the same register, auditors and audit firms included, with navn, orgnr, status and type.',
  },
  input: {
    navn: konsesjonFields.navn.optional(),
    orgnr: konsesjonFields.orgnr.optional(),
    status: konsesjonFields.status.optional(),
    type: konsesjonFields.type.optional(),
  },
  coverage: coverage(['auditor']),
  cacheTtlSeconds: HOUR,
  route: '/revisorer',
});

export const rundskrivLookup = defineTool({
  name: 'rundskriv.lookup',
  title: 'Look up a Finanstilsynet circular (retired)',
  description:
    'Retired: looked up one of Finanstilsynet\'s circulars (rundskriv) by its number N/YYYY, for example 3/2024. It answers HTTP 410 api_sunset with no data: circulars have no open API. ' +
    'Read them on finanstilsynet.no, where each circular is published as a document under its number.',
  status: 'deprecated',
  retired: {
    code: 'api_sunset',
    message: 'finanstilsynet.rundskriv.lookup is retired: Finanstilsynet publishes its circulars as documents on finanstilsynet.no, without an API. No data is returned.',
    alternative: 'https://www.finanstilsynet.no (search for "rundskriv" and the number, e.g. 3/2024).',
  },
  input: {
    nummer: z
      .string()
      .regex(/^\d{1,3}\/\d{4}$/, { error: (iss) => `must be a circular number N/YYYY such as 3/2024 (got ${quoted(iss.input)})` })
      .describe('Circular number N/YYYY, for example 3/2024.'),
  },
  coverage: { geography: ['NO'], dataTypes: ['regulatory-circular'], updateFrequency: 'unknown' },
  cacheTtlSeconds: HOUR,
  route: '/rundskriv',
});
