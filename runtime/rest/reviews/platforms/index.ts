// The 19 review platforms of the reviews routes (REST spec 1, tag `reviews`), in the order the
// listing shows them: the platforms with an official API or feed first, then those read from their
// public pages' JSON-LD, then the Nordic ones. Adding a platform is one file here and one line below.
import type { UpstreamDefinition } from '../../../upstream/catalogue.js';
import type { ReviewPlatform } from '../platform.js';
import { appleAppStore } from './apple-app-store.js';
import { booking } from './booking.js';
import { capterra } from './capterra.js';
import { expedia } from './expedia.js';
import { facebook } from './facebook.js';
import { g2 } from './g2.js';
import { glassdoor } from './glassdoor.js';
import { google } from './google.js';
import { googlePlay } from './google-play.js';
import { gulesider } from './gulesider.js';
import { indeed } from './indeed.js';
import { legelisten } from './legelisten.js';
import { mittanbud } from './mittanbud.js';
import { pricerunner } from './pricerunner.js';
import { prisjakt } from './prisjakt.js';
import { reco } from './reco.js';
import { tripadvisor } from './tripadvisor.js';
import { trustpilot } from './trustpilot.js';
import { yelp } from './yelp.js';

export const PLATFORMS: readonly ReviewPlatform[] = [
  trustpilot,
  google,
  facebook,
  yelp,
  tripadvisor,
  appleAppStore,
  googlePlay,
  booking,
  expedia,
  glassdoor,
  indeed,
  g2,
  capterra,
  reco,
  prisjakt,
  pricerunner,
  legelisten,
  mittanbud,
  gulesider,
];

/**
 * The upstream a platform's robots.txt is read through. For a page platform it is the platform's
 * own upstream; for an API it is a twin on the same base URL (same `<NAME>_BASE_URL`) without the
 * credential, so that no API key is ever sent to /robots.txt, with a breaker of its own.
 */
function robotsUpstream(p: ReviewPlatform): UpstreamDefinition {
  if (p.upstream.auth.type === 'none') return p.upstream;
  return { ...p.upstream, id: `${p.upstream.id}-robots`, name: `${p.name} robots.txt`, auth: { type: 'none' }, docs: p.robotsUrl, maxBodyBytes: 1024 * 1024 };
}

export const ROBOTS_UPSTREAM = new Map<string, UpstreamDefinition>(PLATFORMS.map((p) => [p.id, robotsUpstream(p)]));

/** Every upstream of the reviews routes: each platform's, and the robots twins of the API platforms. */
export const REVIEW_UPSTREAMS: readonly UpstreamDefinition[] = PLATFORMS.flatMap((p) => {
  const robots = ROBOTS_UPSTREAM.get(p.id)!;
  return robots === p.upstream ? [p.upstream] : [p.upstream, robots];
});

export const PLATFORM_BY_ID = new Map(PLATFORMS.map((p) => [p.id, p]));
