import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConnectorConfig } from '../config.ts';
import { CONNECTOR_SCOPE } from '../domain/oauth/scopes.ts';
import { allowAnyOrigin, corsPreflight } from '../oauth/cors.ts';

/** Where the connector profile is served (documented in docs/mcp.md). */
export const CONNECTOR_PROFILE_PATH = '/.well-known/mcp-connector-profile.json';

const NAME = 'commerce-service';
const DISPLAY_NAME = 'Commerce store';
const DESCRIPTION = 'Run your store from an AI assistant: products, stock, orders, customers, promotions, reviews and sales figures, within the permissions you grant.';

function authentication(issuer: string) {
  return {
    type: 'oauth2' as const,
    authorizationServerMetadataUrl: `${issuer}/.well-known/oauth-authorization-server`,
    protectedResourceMetadataUrl: `${issuer}/.well-known/oauth-protected-resource/mcp`,
    pkce: true as const,
    defaultScope: CONNECTOR_SCOPE,
  };
}

/** `GET /.well-known/mcp.json`: the AI connector discovery document, field for field (docs/mcp.md, "Discovery"). */
export function discoveryDocument(issuer: string) {
  return {
    name: NAME,
    displayName: DISPLAY_NAME,
    description: DESCRIPTION,
    mcpUrl: `${issuer}/mcp`,
    transport: 'streamable-http' as const,
    authentication: { ...authentication(issuer), alternativeHeader: 'X-MerchantApiKey' as const },
    documentationUrl: `${issuer}/docs`,
  };
}

/** The connector profile for configuring clients: the discovery fields without the API-key header and docs link, plus the legal and support links. */
export function connectorProfile(issuer: string, connector: ConnectorConfig) {
  return {
    name: NAME,
    displayName: DISPLAY_NAME,
    description: DESCRIPTION,
    mcpUrl: `${issuer}/mcp`,
    transport: 'streamable-http' as const,
    authentication: authentication(issuer),
    privacyPolicyUrl: connector.privacyPolicyUrl,
    termsOfServiceUrl: connector.termsOfServiceUrl,
    supportUrl: connector.supportUrl,
  };
}

const Authentication = z.strictObject({
  type: z.literal('oauth2'),
  authorizationServerMetadataUrl: z.string(),
  protectedResourceMetadataUrl: z.string(),
  pkce: z.literal(true),
  defaultScope: z.literal(CONNECTOR_SCOPE),
});
const Common = {
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  mcpUrl: z.string().describe('the MCP endpoint (POST, streamable HTTP)'),
  transport: z.literal('streamable-http'),
};
const DiscoveryDocument = z.strictObject({
  ...Common,
  authentication: Authentication.extend({ alternativeHeader: z.literal('X-MerchantApiKey').describe('an API key may be sent in this header instead of a token') }),
  documentationUrl: z.string(),
});
const ConnectorProfile = z.strictObject({ ...Common, authentication: Authentication, privacyPolicyUrl: z.string(), termsOfServiceUrl: z.string(), supportUrl: z.string() });

/** The AI connector's discovery document and connector profile: public, no credentials, readable from any origin. */
export async function discoveryRoutes(app: FastifyInstance, deps: { issuer: string; connector: ConnectorConfig }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['AI connector (MCP)'];
  const discovery = discoveryDocument(deps.issuer);
  const profile = connectorProfile(deps.issuer, deps.connector);
  r.get('/.well-known/mcp.json', { schema: { tags, summary: 'AI connector discovery document', response: { 200: DiscoveryDocument } } }, async (_request, reply) =>
    allowAnyOrigin(reply).send(discovery),
  );
  r.get(CONNECTOR_PROFILE_PATH, { schema: { tags, summary: 'AI connector profile, for configuring clients', response: { 200: ConnectorProfile } } }, async (_request, reply) =>
    allowAnyOrigin(reply).send(profile),
  );
  corsPreflight(app, '/.well-known/mcp.json', 'GET');
  corsPreflight(app, CONNECTOR_PROFILE_PATH, 'GET');
}
