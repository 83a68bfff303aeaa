// Every test fails when an upstream request had no recording, unless the test drained the
// misses itself with takeReplayMisses(): a wrong URL can never pass quietly.
import { afterEach } from 'vitest';
import { replayMisses } from '../runtime/upstream/recordings.js';

process.removeAllListeners('warning');

afterEach(() => {
  if (replayMisses.length === 0) return;
  const missed = replayMisses.splice(0, replayMisses.length);
  throw new Error(`unrecorded upstream request(s):\n  ${missed.join('\n  ')}`);
});

/** Returns and clears the misses, for tests that expect an unrecorded request. */
export function takeReplayMisses(): string[] {
  return replayMisses.splice(0, replayMisses.length);
}
