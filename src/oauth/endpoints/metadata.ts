import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONNECTOR_SCOPE, SCOPES } from '../../domain/oauth/scopes.ts';
import { allowAnyOrigin, corsPreflight } from '../cors.ts';

/** RFC 8414 §2 authorization server metadata. `issuer` is the configured BASE_URL, never derived from the request. */
export function authorizationServerMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    registration_endpoint: `${issuer}/oauth/register`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: [...SCOPES],
    authorization_response_iss_parameter_supported: true,
    // draft-ietf-oauth-client-id-metadata-document §"Authorization Server Metadata"; registration keeps working.
    client_id_metadata_document_supported: true,
    service_documentation: `${issuer}/docs`,
  };
}

/**
 * RFC 9728 §2 protected resource metadata of the AI connector. `resource` is identical to the URL clients use; the
 * same document is served at the path-suffixed location and at the root (MCP clients try both).
 */
export function protectedResourceMetadata(issuer: string) {
  return {
    resource: `${issuer}/mcp`,
    authorization_servers: [issuer],
    scopes_supported: [CONNECTOR_SCOPE],
    bearer_methods_supported: ['header'],
  };
}

const AuthorizationServerMetadata = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.string(),
  revocation_endpoint: z.string(),
  response_types_supported: z.array(z.string()),
  response_modes_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  revocation_endpoint_auth_methods_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  authorization_response_iss_parameter_supported: z.boolean(),
  client_id_metadata_document_supported: z.boolean(),
  service_documentation: z.string(),
});

const ProtectedResourceMetadata = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.string()),
});

/** The discovery documents, readable from any origin. */
export function metadataEndpoints(app: FastifyInstance, issuer: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const as = authorizationServerMetadata(issuer);
  const prm = protectedResourceMetadata(issuer);

  r.get(
    '/.well-known/oauth-authorization-server',
    { schema: { tags: ['Connected apps (OAuth)'], summary: 'Authorization server metadata (RFC 8414)', response: { 200: AuthorizationServerMetadata } } },
    async (_request, reply) => allowAnyOrigin(reply).send(as),
  );
  for (const url of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    r.get(
      url,
      {
        schema: {
          tags: ['Connected apps (OAuth)'],
          summary: 'Protected resource metadata of the AI connector (RFC 9728)',
          response: { 200: ProtectedResourceMetadata },
        },
      },
      async (_request, reply) => allowAnyOrigin(reply).send(prm),
    );
  }
  for (const url of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    corsPreflight(app, url, 'GET');
  }
}
