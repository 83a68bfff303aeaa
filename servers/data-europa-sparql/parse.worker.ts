// eusparql.query's one parse, in a worker thread (runtime/off-thread.ts): sparqljs and the pure
// classification only, no app state.
import { analyse } from './classify.js';

export default analyse;
