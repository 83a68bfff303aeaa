// Legelisten.no: patients' reviews of Norwegian doctors, dentists and clinics (upheld by the
// Supreme Court in 2021); a clinic's page (/klinikker/{klinikk}) is read for its JSON-LD.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const legelisten = jsonLdPlatform({
  id: 'legelisten',
  name: 'Legelisten.no',
  market: 'NO',
  upstream: reviewUpstream({ id: 'reviews-legelisten', name: 'Legelisten.no clinic pages', baseUrl: 'https://www.legelisten.no', envVar: 'LEGELISTEN_BASE_URL', auth: { type: 'none' }, docs: 'https://www.legelisten.no/ofte-stilte-sporsmal' }),
  robotsUrl: 'https://www.legelisten.no/robots.txt',
  about: "A Norwegian clinic's (doctors', dentists', psychologists') rating and patients' reviews on Legelisten.no.",
  docs: 'https://www.legelisten.no/ofte-stilte-sporsmal',
  params: z.object({
    klinikk: id('The clinic\'s Legelisten key: number and name (e.g. 12095-kvernberget-tannhelse).', /^\d{1,8}-[a-z0-9-]{1,120}$/, '12095-kvernberget-tannhelse'),
  }),
  example: { klinikk: '12095-kvernberget-tannhelse' },
  request: (p) => ({ path: '/klinikker/{klinikk}', params: { klinikk: String(p.klinikk) } }),
});
