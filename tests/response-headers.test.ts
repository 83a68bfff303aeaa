// Headers added after a handler: in place on a response the app made, by a copy on an immutable one.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addResponseHeaders } from '../runtime/http/request.js';

describe('addResponseHeaders', () => {
  it('adds to the response a handler made, keeping its status and body', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      addResponseHeaders(c, { 'x-request-id': 'r-1', 'X-RateLimit-Remaining': '9' });
    });
    app.get('/', (c) => c.json({ ok: true }, 201));
    const res = await app.request('/');
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('r-1');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('9');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('copies a response whose headers are immutable', async () => {
    expect(() => Response.redirect('https://example.org/', 302).headers.set('x', 'y')).toThrow();
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      addResponseHeaders(c, { 'x-request-id': 'r-2' });
    });
    app.get('/', () => Response.redirect('https://example.org/', 302));
    const res = await app.request('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.org/');
    expect(res.headers.get('x-request-id')).toBe('r-2');
  });
});
