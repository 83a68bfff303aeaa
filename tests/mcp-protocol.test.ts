// The endpoint's copy of the protocol revisions must be the SDK's own.
import * as sdk from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../runtime/mcp/protocol.js';

describe('protocol revisions', () => {
  it('are the SDK’s', () => {
    expect(LATEST_PROTOCOL_VERSION).toBe(sdk.LATEST_PROTOCOL_VERSION);
    expect([...SUPPORTED_PROTOCOL_VERSIONS]).toEqual([...sdk.SUPPORTED_PROTOCOL_VERSIONS]);
  });
});
