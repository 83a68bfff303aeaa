// Every upstream of the service as the registry collects it (runtime and servers), for tests that
// build an upstream client or change one upstream's limits.
import { collectUpstreams } from '../../runtime/registry.js';
import { SERVERS } from '../../servers/index.js';

export const UPSTREAMS = collectUpstreams(SERVERS);
