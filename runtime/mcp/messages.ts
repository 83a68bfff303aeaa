// JSON-RPC message checks with the exact rules of the SDK's schemas. The common shapes are
// checked by hand (fast); anything unusual falls back to the SDK's own zod schemas, so the
// verdict is always the SDK's.
import { sdkSchemas } from './protocol.js';

export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

export type Classified = { kind: 'request'; message: JsonRpcRequest } | { kind: 'other' };

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const NOTIFICATION_KEYS = new Set(['jsonrpc', 'method', 'params']);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function onlyKeys(obj: Record<string, unknown>, allowed: Set<string>): boolean {
  for (const k in obj) if (!allowed.has(k)) return false;
  return true;
}

/** Fast verdict for the shapes clients send: undefined means "ask the SDK schema". */
export function quick(raw: unknown): Classified | undefined {
  if (!isPlainObject(raw) || raw.jsonrpc !== '2.0' || typeof raw.method !== 'string') return undefined;
  const params = raw.params;
  if (params !== undefined && (!isPlainObject(params) || '_meta' in params)) return undefined;
  if ('id' in raw) {
    const id = raw.id;
    const idOk = typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
    if (!idOk || !onlyKeys(raw, REQUEST_KEYS)) return undefined;
    return { kind: 'request', message: raw as unknown as JsonRpcRequest };
  }
  return onlyKeys(raw, NOTIFICATION_KEYS) ? { kind: 'other' } : undefined;
}

/** Classifies one message, or returns null when it is not a valid JSON-RPC message. */
export async function classify(raw: unknown): Promise<Classified | null> {
  const fast = quick(raw);
  if (fast) return fast;
  const { JSONRPCMessageSchema } = await sdkSchemas();
  const parsed = JSONRPCMessageSchema.safeParse(raw);
  if (!parsed.success) return null;
  const m = parsed.data as Record<string, unknown>;
  if ('method' in m && 'id' in m) return { kind: 'request', message: m as unknown as JsonRpcRequest };
  return { kind: 'other' };
}

/** The SDK's test for a well-formed initialize request. */
export async function isInitialize(message: JsonRpcRequest): Promise<boolean> {
  if (message.method !== 'initialize') return false;
  return (await sdkSchemas()).isInitializeRequest(message);
}
