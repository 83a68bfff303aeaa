// The worker that reads Kystverket's navigational warnings page (warnings.ts) off the main thread.
import { decodeWorker } from '../../runtime/files/worker.js';
import { parseWarnings } from './warnings-page.js';

export default decodeWorker((body) => parseWarnings(body));
