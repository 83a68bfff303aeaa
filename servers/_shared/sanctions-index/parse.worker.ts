// The worker that reads the EU sanctions list (index.ts) off the main thread: parse.ts's streaming
// saxes parse, its records cloned back.
import { decodeWorker } from '../../../runtime/files/worker.js';
import { parseFsfExport } from './parse.js';

export default decodeWorker((body) => parseFsfExport(body));
