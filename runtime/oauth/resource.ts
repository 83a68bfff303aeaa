// This service as an OAuth protected resource (RFC 9728, MCP authorization 2025-11-25): every MCP
// server URL is a resource of its own, its metadata names this service's authorization server,
// and a 401 or 403 from it says where that metadata is and which scope a call needs.

export const PRM_PATH = '/.well-known/oauth-protected-resource';
export const MCP_SCOPE = 'mcp:tools';

/** The resource identifier of a server: the URL clients connect to (and bind their tokens to). */
export const resourceUrl = (base: string, slug: string): string => `${base}/mcp/${slug}`;

/** Where the metadata of a server's resource is (RFC 9728 section 3.1: the well-known path before the resource's path). */
export const resourceMetadataUrl = (base: string, slug?: string): string => (slug ? `${base}${PRM_PATH}/mcp/${slug}` : `${base}${PRM_PATH}`);

export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported: string[];
  bearer_methods_supported: string[];
  resource_name?: string;
  resource_documentation?: string;
}

/** The metadata of one server's resource, or of the service as a whole (root: no slug). */
export function protectedResourceMetadata(base: string, issuer: string, server?: { slug: string; name: string }): ProtectedResourceMetadata {
  return {
    resource: server ? resourceUrl(base, server.slug) : base,
    authorization_servers: [issuer],
    scopes_supported: [MCP_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: server ? server.name : 'Nordic open-data MCP servers',
    resource_documentation: server ? `${base}/mcp/${server.slug}` : `${base}/mcp`,
  };
}

/**
 * The WWW-Authenticate challenge of a server URL (RFC 6750 section 3, RFC 9728 section 5.1):
 * no error code when no credential came, invalid_token for one that is not valid,
 * insufficient_scope for a valid one without mcp:tools.
 */
export function bearerChallenge(base: string, slug: string, error?: 'invalid_token' | 'insufficient_scope'): string {
  const params = [`resource_metadata="${resourceMetadataUrl(base, slug)}"`, `scope="${MCP_SCOPE}"`];
  if (error) params.unshift(`error="${error}"`);
  return `Bearer ${params.join(', ')}`;
}
