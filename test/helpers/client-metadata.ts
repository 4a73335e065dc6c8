import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { CLIENT_METADATA_DEFAULTS, type ClientMetadataConfig } from '../../src/config.ts';
import { REDIRECT_URI } from './oauth.ts';

/** How the document server answers one request. */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON (with `content-type: application/json` unless headers say otherwise). */
  body?: unknown;
  /** Never answer (for the timeout). */
  hang?: boolean;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/**
 * A stand-in for an app's web server that publishes its Client ID Metadata Document, on a loopback port: answers each
 * path with what `serve` set (a fixed answer or a function of the request) and records every request it received.
 */
export interface MetadataServer {
  origin: string;
  /** The URL of a path on this server. */
  url(pathname: string): string;
  requests: ReceivedRequest[];
  /** Requests received for one path. */
  requestsFor(pathname: string): ReceivedRequest[];
  serve(pathname: string, answer: Answer | ((request: ReceivedRequest) => Answer)): void;
  close(): Promise<void>;
}

/** Test settings for Client ID Metadata Documents: loopback allowed (the document server is on this machine), a short timeout. */
export function loopbackClientMetadata(overrides: Partial<ClientMetadataConfig> = {}): ClientMetadataConfig {
  return { ...CLIENT_METADATA_DEFAULTS, allowLoopback: true, timeoutMs: 1500, ...overrides };
}

/** A document for `url` with a name and the test redirect URI; `overrides` replaces or adds properties (undefined removes one). */
export function metadataDocument(url: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const document: Record<string, unknown> = {
    client_id: url,
    client_name: 'Document App',
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...overrides,
  };
  for (const [key, value] of Object.entries(document)) if (value === undefined) delete document[key];
  return document;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl for this test process, living one day. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cimd-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let trusted: { key: string; cert: string } | undefined;

/**
 * A self-signed certificate trusted as a CA by this process's TLS clients from now on (`tls.setDefaultCACertificates`:
 * a fake at the third-party seam, the public CA system), so the app fetches https documents from the test server as it
 * would from any server with a valid certificate.
 */
export function trustedTestCertificate(): { key: string; cert: string } {
  if (trusted) return trusted;
  trusted = selfSignedCertificate();
  setDefaultCACertificates([...getCACertificates('default'), trusted.cert]);
  return trusted;
}

/** Starts a document server on 127.0.0.1: http, https with `trustedTestCertificate()`, or https with a certificate nobody trusts. */
export async function startMetadataServer(options: { tls?: boolean | 'untrusted' } = {}): Promise<MetadataServer> {
  const answers = new Map<string, Answer | ((request: ReceivedRequest) => Answer)>();
  const requests: ReceivedRequest[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const received = { method: req.method ?? '', path: req.url ?? '/', headers: req.headers };
    requests.push(received);
    const found = answers.get(new URL(received.path, 'http://x').pathname);
    const answer = typeof found === 'function' ? found(received) : (found ?? { status: 404, body: 'not found', headers: { 'content-type': 'text/plain' } });
    if (answer.hang) return;
    const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const headers = { ...(typeof answer.body === 'string' || answer.body === undefined ? {} : { 'content-type': 'application/json' }), ...answer.headers };
    res.writeHead(answer.status ?? 200, headers).end(body);
  };
  const server: Server =
    options.tls === 'untrusted'
      ? createHttpsServer(selfSignedCertificate(), handler)
      : options.tls
        ? createHttpsServer(trustedTestCertificate(), handler)
        : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (pathname) => `${origin}${pathname}`,
    requests,
    requestsFor: (pathname) => requests.filter((r) => new URL(r.path, 'http://x').pathname === pathname),
    serve: (pathname, answer) => answers.set(pathname, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
