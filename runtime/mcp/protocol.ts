// The protocol revisions this endpoint speaks: the SDK's own list, repeated here so that the SDK's
// large schema module (hundreds of zod schemas, ~150 ms to load) is loaded only when a message
// needs its schemas, not at start-up. tests/mcp-protocol.test.ts fails when the SDK's list changes.
export const LATEST_PROTOCOL_VERSION = '2025-11-25';
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION, '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

type SdkTypes = typeof import('@modelcontextprotocol/sdk/types.js');
let loading: Promise<SdkTypes> | undefined;

/** The SDK's message schemas, loaded on first use. */
export function sdkSchemas(): Promise<SdkTypes> {
  loading ??= import('@modelcontextprotocol/sdk/types.js');
  return loading;
}

/** Loads the schemas in the background once the process has started, off the path of any request. */
export function preloadSdkSchemas(delayMs = 500): void {
  setTimeout(() => void sdkSchemas(), delayMs).unref();
}
