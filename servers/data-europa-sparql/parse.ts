// Runs eusparql.query's parse off the main thread within a time budget (DESIGN.md "Bounded work"):
// even a query within scan.ts's bounds costs up to some hundred milliseconds to parse, which must
// not hold the event loop, and a parse past its budget is ended (its worker terminated).
import { OffThread, OffThreadBusy, OffThreadTimeout } from '../../runtime/off-thread.js';
import { ToolError, fail } from '../../runtime/errors.js';
import type { Analysis, ParseInput } from './classify.js';

export const PARSE_BUDGET_MS = 2000;
/** Parses waiting at most (one thread; each waits at most its budget): past it, refused at once. */
export const MAX_WAITING_PARSES = 8;

export interface QueryParser {
  run(input: ParseInput, budgetMs: number): Promise<Analysis>;
}

/** One thread: parses wait for each other, never for the cores that answer other requests. */
const pool = new OffThread<ParseInput, Analysis>('servers/data-europa-sparql/parse.worker.ts', { maxQueue: MAX_WAITING_PARSES });

/** The parser and its budget; tests swap either (a worker that spins, a counter). */
export const parsing: { parser: QueryParser; budgetMs: number } = {
  parser: pool,
  budgetMs: PARSE_BUDGET_MS,
};

/** Stops the parse threads (tests, shutdown); they also stop by themselves when idle. */
export const closeParser = () => pool.close();

const invalid = (message: string) => fail.invalidInput(`query: ${message}`, { extra: { fields: ['query'] } });

/** The query classified and its text prepared, or the error the caller gets (400 for the query's fault). */
export async function parseQuery(input: ParseInput): Promise<Extract<Analysis, { ok: true }>> {
  const { parser, budgetMs } = parsing;
  let analysis: Analysis;
  try {
    analysis = await parser.run(input, budgetMs);
  } catch (err) {
    if (err instanceof OffThreadTimeout) throw invalid(`took longer than ${budgetMs} ms to parse; simplify it`);
    if (err instanceof OffThreadBusy) {
      throw new ToolError('not_ready', 'query: too many queries are waiting to be parsed; retry in a second', { retryAfterMs: 1000 });
    }
    throw err;
  }
  if (!analysis.ok) throw invalid(analysis.message);
  return analysis;
}
