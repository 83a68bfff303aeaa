// Where the service's own log lines go: standard output, in chunks. Lines are encoded into a
// byte slab as they come and handed to a sonic-boom destination (pino's asynchronous writer) about
// 16 KB at a time, as bytes, so nothing measures or re-encodes a long string. Handing it every line
// was the costliest part of a request line: sonic-boom measures the byte length of its whole
// pending buffer on each write (about 4.6 µs a line once 4 KB are pending, measured). Its writes
// may be as large as 1 MB: with the default 16 KB, one write per event-loop turn fell behind a
// busy loop and the backlog grew without end (measured, tests/log-output.test.ts). Pending lines
// leave at least once a second, on close and at exit.
import { pino, type DestinationStream } from 'pino';

const CHUNK_BYTES = 16 * 1024;
const SLAB_BYTES = 256 * 1024;
const MAX_WRITE = 1024 * 1024;

export interface LogOutput {
  stream: DestinationStream;
  /** Writes out every pending line and resolves when the writer has written them; stops the timer. */
  close(): Promise<void>;
}

export function createLogOutput(fd = 1, flushEveryMs = 1000): LogOutput {
  const writer = pino.destination({ dest: fd, sync: false, maxWrite: MAX_WRITE, contentMode: 'buffer' });
  // Lines are written forward through the slab; a chunk handed to the writer is never written over
  // (a new slab is taken when the rest is too small).
  let slab = Buffer.allocUnsafe(SLAB_BYTES);
  let start = 0;
  let end = 0;
  // Bytes handed to the writer and bytes it has written, so that close() can wait for the rest:
  // writing the last lines synchronously while an asynchronous write is still out reorders them.
  let sent = 0;
  let written = 0;
  let waiting: (() => void)[] = [];
  writer.on('write', (n: number) => {
    written += n;
    if (written === sent && waiting.length) {
      const wake = waiting;
      waiting = [];
      for (const resolve of wake) resolve();
    }
  });
  // In contentMode 'buffer' sonic-boom takes bytes; its type names only strings.
  const send = (bytes: Buffer) => {
    sent += bytes.length;
    writer.write(bytes as unknown as string);
  };
  const flush = () => {
    if (end === start) return;
    const chunk = slab.subarray(start, end);
    start = end;
    send(chunk);
  };
  const timer = setInterval(flush, flushEveryMs);
  timer.unref();
  // At exit only synchronous writes run: whatever is still queued goes out at once (an
  // asynchronous write already out may then land after it; close() avoids that).
  const atExit = () => {
    flush();
    try {
      writer.flushSync();
    } catch {
      /* not ready: before its file descriptor is open sonic-boom cannot write synchronously */
    }
  };
  process.once('exit', atExit);
  return {
    stream: {
      write(line: string) {
        // A UTF-16 code unit is at most 3 UTF-8 bytes.
        if (line.length * 3 > SLAB_BYTES - end) {
          flush();
          if (line.length * 3 > SLAB_BYTES) {
            send(Buffer.from(line));
            return;
          }
          slab = Buffer.allocUnsafe(SLAB_BYTES);
          start = end = 0;
        }
        end += slab.write(line, end);
        if (end - start >= CHUNK_BYTES) flush();
      },
    },
    close() {
      clearInterval(timer);
      process.off('exit', atExit);
      flush();
      if (written === sent) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
