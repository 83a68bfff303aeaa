// Where the service's own log lines go: standard output, in chunks. Lines are gathered into a
// string of about 16 KB and handed to a sonic-boom destination (pino's asynchronous writer) one
// chunk at a time. Handing it every line was the costliest part of a request line: sonic-boom
// measures the byte length of its whole pending buffer on each write (about 4.6 µs a line once
// 4 KB are pending, measured). Its writes may be as large as 256 KB: with the default 16 KB, one
// write per event-loop turn fell behind a busy loop and the backlog grew without end (measured,
// tests/log-output.test.ts). Pending lines leave at least once a second, on close and at exit.
import { pino, type DestinationStream } from 'pino';

const CHUNK_CHARS = 16 * 1024;
const MAX_WRITE = 256 * 1024;

export interface LogOutput {
  stream: DestinationStream;
  /** Writes everything out synchronously and stops the timer. */
  close(): void;
}

export function createLogOutput(fd = 1, flushEveryMs = 1000): LogOutput {
  const writer = pino.destination({ dest: fd, sync: false, maxWrite: MAX_WRITE });
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    writer.write(chunk);
  };
  const timer = setInterval(flush, flushEveryMs);
  timer.unref();
  const atExit = () => {
    flush();
    // Before its file descriptor is open, sonic-boom cannot write synchronously; nothing is lost
    // that was not also lost before (the process is ending).
    try {
      writer.flushSync();
    } catch {
      /* not ready */
    }
  };
  process.once('exit', atExit);
  return {
    stream: {
      write(line: string) {
        pending += line;
        if (pending.length >= CHUNK_CHARS) flush();
      },
    },
    close() {
      clearInterval(timer);
      process.off('exit', atExit);
      atExit();
    },
  };
}
