// Reads a request body as text with a size cap. On Node it reads the IncomingMessage directly,
// which avoids building a web Request and its streams for every call; elsewhere (app.request in
// tests) it uses the SDK's reader. Both answer { tooLarge } the same way past the cap.
import type { IncomingMessage } from 'node:http';
import { readRequestBody } from '@modelcontextprotocol/sdk/server/requestBody.js';
import type { Context } from 'hono';

export type BodyText = { tooLarge: true } | { tooLarge: false; text: string };

function incomingOf(c: Context): IncomingMessage | undefined {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming && typeof env.incoming.on === 'function' ? env.incoming : undefined;
}

export function readBodyText(c: Context, maxBytes: number): Promise<BodyText> {
  const incoming = incomingOf(c);
  if (!incoming || incoming.readableDidRead) return readRequestBody(c.req.raw, maxBytes);
  return readIncomingText(incoming, maxBytes);
}

/** Reads a Node request body; past `maxBytes` it stops keeping data and answers tooLarge. */
export function readIncomingText(incoming: IncomingMessage, maxBytes: number): Promise<BodyText> {
  if (Number(incoming.headers['content-length']) > maxBytes) {
    incoming.resume();
    return Promise.resolve({ tooLarge: true });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        cleanup();
        // Drain the rest without keeping it, so the connection can carry the 413.
        incoming.resume();
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
      // As TextDecoder (the SDK's reader) does: a leading byte order mark is not part of the text.
      resolve({ tooLarge: false, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text });
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}
