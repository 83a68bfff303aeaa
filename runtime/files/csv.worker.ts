// The worker that reads every published CSV file (runtime/file-index.ts, `csvFile`): csv-parse
// under the file's caps, records back as arrays of strings.
import { readCsv, type CsvFormat } from './csv.js';
import { decodeWorker } from './worker.js';

export default decodeWorker((body, format: CsvFormat, caps, title) => readCsv(body, format, caps, title));
