import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAIL_RETRY_SCHEDULE_SECONDS } from './domain/email/mail-sender.ts';
import { MAIL_FEATURES, type MailFeature } from './domain/email/types.ts';
import { type ApiCompression, parseApiCompression } from './http/plugins/compression.ts';
import { parseRateLimitOverrides, type RateLimits, rateLimits } from './http/rate-limit-policies.ts';

/** Where the data lives. SQLite is the embedded default; PostgreSQL when DATABASE_URL says so. */
export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  database: DatabaseConfig;
  host: string;
  port: number;
  /** Public origin (scheme://host[:port], no trailing slash): links, discovery documents, OAuth issuer. */
  baseUrl: string;
  logLevel: LogLevel;
  /** Redis for state shared by several instances (rate limits); null keeps it in this process. */
  redisUrl: string | null;
  /** Which proxies to believe about the client address (X-Forwarded-For): none, all, a hop count, or addresses. */
  trustProxy: boolean | number | string[];
  /** Absolute path of the directory that holds uploaded files (FILES_DIR). */
  filesDir: string;
  /**
   * The bound, in milliseconds, on every wait for the database (DATABASE_TIMEOUT_MS): a connection from the pool, a
   * statement, a lock held by another connection. A request that hits it answers 503 with Retry-After.
   */
  databaseTimeoutMs: number;
  /** The AI connector's profile links and request checks; defaults from `connectorDefaults(baseUrl)` when absent. */
  connector?: ConnectorConfig;
  /** Request rate limits per policy (src/http/rate-limit-policies.ts); the defaults when absent. */
  rateLimits?: RateLimits;
  /** CLEANUP_INTERVAL_MINUTES: how often `serve` runs the cleanup job; 0 = never (default 60). */
  cleanupIntervalMinutes?: number;
  /**
   * SHUTDOWN_DRAIN_SECONDS: on SIGTERM, how long `serve` keeps answering while readiness says 503, so a load balancer
   * stops sending it requests before it closes (default 0; docs/deployment.md).
   */
  shutdownDrainSeconds?: number;
  /** SEED_DEMO: whether `serve` and `seed` create the demo merchant on a database without users (default 'auto'). */
  seedDemo?: SeedDemo;
  /** NODE_ENV=production: settings that are fine for a trial (the built-in legal texts) must be made explicit. */
  production?: boolean;
  /** The privacy, terms and support pages the connector profile links to by default; built-in texts when absent. */
  legalPages?: LegalPagesConfig;
  /** How the authorization server fetches and keeps Client ID Metadata Documents; CLIENT_METADATA_DEFAULTS when absent. */
  clientMetadata?: ClientMetadataConfig;
  /** Webhook delivery (docs/webhooks.md); WEBHOOK_DEFAULTS when absent. */
  webhooks?: WebhookConfig;
  /** How long the test provider's delayed card takes to succeed (docs/payments.md); 3000 ms unless a test says less. */
  testProviderDelayMs?: number;
  /** PAYMENT_SECRETS_KEY: encrypts providers' secret keys at rest (docs/payments.md); null: they cannot be saved. */
  paymentSecretsKey?: Buffer | null;
  /** Where the Stripe SDK sends its calls (tests: a fake of the Stripe API on loopback); Stripe's own API when absent. */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Outgoing mail (docs/email.md); mailDefaults(...) when absent: the local outbox, every feature on. */
  mail?: MailConfig;
  /** API_COMPRESSION, API_COMPRESSION_MIN_BYTES: compressing large API answers; off (null or absent) until measured. */
  apiCompression?: ApiCompression | null;
}

/** Outgoing mail (docs/email.md, "Configuration"). */
export interface MailConfig {
  /** MAIL_FEATURES: what sends mail. A feature that is off queues nothing (and password reset answers 404). */
  features: ReadonlySet<MailFeature>;
  /** SMTP_URL, or null: development keeps every message in the local outbox (`outboxDir`). */
  smtpUrl: string | null;
  /** SMTP_REQUIRE_TLS: over smtp://, send only once the server upgraded with STARTTLS (default: in production). */
  requireTls: boolean;
  /** MAIL_FROM: the sender address. */
  from: string;
  /** MAIL_OUTBOX_DIR: the local outbox (without SMTP_URL). */
  outboxDir: string;
  /** MAIL_DELIVERY: whether `serve` runs the sender (messages are queued either way). */
  deliver: boolean;
  /** MAIL_RETRY_SCHEDULE: seconds before each retry of a message the server refused for now. */
  retryScheduleSeconds: readonly number[];
  /** MAIL_TIMEOUT_SECONDS: each SMTP step (connection, greeting, every answer) must finish within this. */
  timeoutMs: number;
  /** Messages in flight per instance. */
  concurrency: number;
  /** How often an idle sender looks for due messages (commits in this instance wake it at once). */
  pollMs: number;
}

/** The mail settings when the environment says nothing: development, the local outbox beside the data. */
export function mailDefaults(baseUrl: string, dataDir: string): MailConfig {
  return {
    features: new Set(MAIL_FEATURES),
    smtpUrl: null,
    requireTls: false,
    from: `Commerce <no-reply@${new URL(baseUrl).hostname}>`,
    outboxDir: path.join(dataDir, 'mail-outbox'),
    deliver: true,
    retryScheduleSeconds: DEFAULT_MAIL_RETRY_SCHEDULE_SECONDS,
    timeoutMs: 20_000,
    concurrency: 4,
    pollMs: 1000,
  };
}

/** Webhook delivery bounds and schedule (docs/webhooks.md, "Delivery"). */
export interface WebhookConfig {
  /** WEBHOOK_DELIVERY: whether `serve` runs the delivery worker (events are written either way). */
  deliver: boolean;
  /** WEBHOOK_ALLOW_LOOPBACK: endpoints on loopback addresses, over http or https; development and tests only. */
  allowLoopback: boolean;
  /** WEBHOOK_TIMEOUT_SECONDS: the whole request (DNS, connection, TLS, answer) must finish within this. */
  timeoutMs: number;
  /** WEBHOOK_RETRY_SCHEDULE: seconds before each retry of a failed delivery (the last one failing gives up). */
  retryScheduleSeconds: readonly number[];
  /** WEBHOOK_CONCURRENCY: deliveries in flight per instance. */
  concurrency: number;
  /** Deliveries in flight to one endpoint per instance. */
  perEndpointConcurrency: number;
  /** At most this much of an answer is read. */
  maxResponseBytes: number;
  /** How often an idle worker looks for due deliveries (commits in this instance wake it at once). */
  pollMs: number;
}

export const WEBHOOK_DEFAULTS: WebhookConfig = {
  deliver: true,
  allowLoopback: false,
  timeoutMs: 10_000,
  retryScheduleSeconds: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
  concurrency: 16,
  perEndpointConcurrency: 4,
  maxResponseBytes: 64 * 1024,
  pollMs: 1000,
};

/**
 * Client ID Metadata Documents (docs/oauth.md, "Client ID Metadata Documents"): an app whose `client_id` is an https URL
 * is described by the JSON document at that URL, which the authorization server fetches within these bounds. Only
 * `allowLoopback` is read from the environment; the bounds are constants (tests may pass smaller ones).
 */
export interface ClientMetadataConfig {
  /**
   * OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: also fetch documents from loopback addresses (127.0.0.0/8, ::1, localhost),
   * over https or http. For development and tests, where the app under development serves its document on this
   * machine; refused at start-up in production. Every other special-use address stays refused.
   */
  allowLoopback: boolean;
  /** The whole fetch (DNS, connection, TLS, answer and body) must finish within this many milliseconds. */
  timeoutMs: number;
  /** A document larger than this many bytes is refused (read as a stream and cut off; the draft suggests 5 KB). */
  maxBytes: number;
  /** The longest `client_id` URL accepted, in characters (it is shown to merchants and keyed in memory). */
  maxUrlLength: number;
  /** A document is kept at most this long, whatever its `Cache-Control: max-age` or `Expires` says. */
  maxFreshSeconds: number;
  /** A document whose answer allows caching for less than this (but more than 0) is kept this long. */
  minFreshSeconds: number;
  /** How long a document whose answer says nothing about freshness (no max-age, no Expires) is kept. */
  heuristicFreshSeconds: number;
  /** The documents kept in memory, per instance, in bytes of their bodies (least recently used dropped first). */
  cacheBytes: number;
  /** At most this many documents are fetched at once per instance; more is refused as temporarily unavailable. */
  maxConcurrentFetches: number;
}

/** The documented bounds (docs/oauth.md, "Client ID Metadata Documents"; docs/decisions/0017-client-id-metadata-documents.md). */
export const CLIENT_METADATA_DEFAULTS: ClientMetadataConfig = {
  allowLoopback: false,
  timeoutMs: 5000,
  maxBytes: 5 * 1024,
  maxUrlLength: 512,
  maxFreshSeconds: 24 * 3600,
  minFreshSeconds: 10,
  heuristicFreshSeconds: 300,
  cacheBytes: 1024 * 1024,
  maxConcurrentFetches: 16,
};

/** The pages at /legal/privacy, /legal/terms and /support (src/web/legal-pages.ts). */
export interface LegalPagesConfig {
  /** LEGAL_PAGES_DIR: absolute path of a directory whose `<page>.md` or `<page>.txt` replace the built-in texts. */
  dir: string | null;
  /** OPERATOR_NAME: who runs this service, named in the built-in texts. */
  operatorName: string | null;
  /** SUPPORT_EMAIL: where the built-in texts send people. */
  supportEmail: string | null;
}

/** The legal and support pages, the file names an operator's own text takes, and the variable of each page's link. */
export const LEGAL_PAGES = [
  { page: 'privacy', path: '/legal/privacy', variable: 'CONNECTOR_PRIVACY_POLICY_URL' },
  { page: 'terms', path: '/legal/terms', variable: 'CONNECTOR_TERMS_URL' },
  { page: 'support', path: '/support', variable: 'CONNECTOR_SUPPORT_URL' },
] as const;

export type LegalPage = (typeof LEGAL_PAGES)[number]['page'];

/** The operator's text for a page in LEGAL_PAGES_DIR (`privacy.md`, else `privacy.txt`), or null. */
export function legalPageFile(dir: string | null, page: LegalPage): string | null {
  if (dir === null) return null;
  for (const name of [`${page}.md`, `${page}.txt`]) {
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  return null;
}
/** `auto`: only on SQLite (the embedded default); `true`: on any engine; `false`: never. */
export type SeedDemo = 'auto' | boolean;

/** The AI connector (/mcp): the connector profile's links, and which Host and Origin headers it accepts. */
export interface ConnectorConfig {
  privacyPolicyUrl: string;
  termsOfServiceUrl: string;
  supportUrl: string;
  /** Host names (no port) /mcp answers besides BASE_URL's; requests naming another Host get 403 (DNS rebinding). */
  allowedHosts: string[];
  /** Origin host names of browser-based AI clients allowed at /mcp besides BASE_URL's; another Origin gets 403. */
  allowedOrigins: string[];
}

/** The defaults of the connector settings: pages under BASE_URL, and no extra hosts or origins. */
export function connectorDefaults(baseUrl: string): ConnectorConfig {
  return {
    privacyPolicyUrl: `${baseUrl}${LEGAL_PAGES[0].path}`,
    termsOfServiceUrl: `${baseUrl}${LEGAL_PAGES[1].path}`,
    supportUrl: `${baseUrl}${LEGAL_PAGES[2].path}`,
    allowedHosts: [],
    allowedOrigins: [],
  };
}

/** A configuration value that stops start-up; the message names the variable and what it accepts. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const DEFAULT_DATABASE_URL = 'sqlite:./data/commerce.db';
export const DEFAULT_DATABASE_TIMEOUT_MS = 5000;
const DATABASE_TIMEOUT_RANGE = { min: 100, max: 60_000 } as const;

/** One environment variable of the service, as `node src/main.ts --help` lists it. */
export interface EnvironmentVariable {
  readonly name: string;
  /** The heading it is listed under in `--help`. */
  readonly group: string;
  /** What it does and what it takes, in one line. */
  readonly meaning: string;
  /** The value that behaves exactly as leaving the variable unset, when there is one (test/config.test.ts checks it). */
  readonly default?: string;
  /** What leaving it unset means, in words, when no single value does. */
  readonly unset?: string;
  /** Read by Node itself (for `npm start`), not by `loadConfig`. */
  readonly node?: true;
}

/**
 * Every environment variable the service reads: `loadConfig` can read only these (its `env` is typed by this list), and
 * `--help` and docs/configuration.md list them all (test/cli.test.ts fails on one missing from either).
 */
export const ENVIRONMENT = [
  { group: 'Database and files', name: 'DATABASE_URL', meaning: 'sqlite:<path> or postgres://user@host:port/db', default: DEFAULT_DATABASE_URL },
  {
    group: 'Database and files',
    name: 'DATABASE_TIMEOUT_MS',
    meaning: `longest database wait (${DATABASE_TIMEOUT_RANGE.min}-${DATABASE_TIMEOUT_RANGE.max} ms) before a request answers 503`,
    default: String(DEFAULT_DATABASE_TIMEOUT_MS),
  },
  { group: 'Database and files', name: 'FILES_DIR', meaning: 'directory of uploads', unset: './data/files, or files/ beside the SQLite file' },
  { group: 'HTTP', name: 'HOST', meaning: 'address to listen on; 0.0.0.0 or :: for every interface', default: '127.0.0.1' },
  { group: 'HTTP', name: 'PORT', meaning: 'port to listen on; 0 picks a free one', default: '3000' },
  { group: 'HTTP', name: 'BASE_URL', meaning: 'public origin for links and OAuth; set it behind a proxy', unset: 'http://HOST:PORT' },
  { group: 'HTTP', name: 'TRUST_PROXY', meaning: 'use X-Forwarded-For: true, a hop count or proxy addresses', default: 'false' },
  { group: 'HTTP', name: 'RATE_LIMITS', meaning: 'rate limit overrides, e.g. public=1200/60', unset: 'the limits in docs/security.md' },
  { group: 'HTTP', name: 'API_COMPRESSION', meaning: 'compress large /v1 and /v2 JSON answers: off, or codings in order, e.g. br:4,gzip:6', default: 'off' },
  { group: 'HTTP', name: 'API_COMPRESSION_MIN_BYTES', meaning: 'with API_COMPRESSION, answers smaller than this go out as they are', default: '8192' },
  { group: 'HTTP', name: 'REDIS_URL', meaning: 'redis:// URL for rate limits shared by instances', unset: 'none, in memory' },
  { group: 'Running', name: 'LOG_LEVEL', meaning: `JSON log level: ${LOG_LEVELS.join(' | ')}`, default: 'info' },
  { group: 'Running', name: 'SEED_DEMO', meaning: 'demo data on an empty database: auto (SQLite only) | true | false', default: 'auto' },
  { group: 'Running', name: 'CLEANUP_INTERVAL_MINUTES', meaning: 'minutes between the cleanups serve runs; 0 turns them off', default: '60' },
  { group: 'Running', name: 'SHUTDOWN_DRAIN_SECONDS', meaning: 'on SIGTERM, seconds of readiness 503 while still serving, then close', default: '0' },
  { group: 'Running', name: 'COMMERCE_STRIPPED_MODULES', meaning: 'directory serve keeps its modules stripped of types in', unset: 'a directory of your own under the temporary directory' },
  { group: 'Running', name: 'NODE_ENV', meaning: 'production refuses built-in legal texts and loopback fetches', unset: 'unset' },
  { group: 'AI connector and OAuth', name: 'MCP_ALLOWED_HOSTS', meaning: 'more Host names /mcp answers, comma-separated', unset: "none, BASE_URL's only" },
  { group: 'AI connector and OAuth', name: 'MCP_ALLOWED_ORIGINS', meaning: 'browser Origins allowed at /mcp, comma-separated, e.g. claude.ai', unset: 'none' },
  { group: 'AI connector and OAuth', name: 'CONNECTOR_PRIVACY_POLICY_URL', meaning: 'privacy policy link of the connector profile', unset: `BASE_URL${LEGAL_PAGES[0].path}` },
  { group: 'AI connector and OAuth', name: 'CONNECTOR_TERMS_URL', meaning: 'terms of service link of the connector profile', unset: `BASE_URL${LEGAL_PAGES[1].path}` },
  { group: 'AI connector and OAuth', name: 'CONNECTOR_SUPPORT_URL', meaning: 'support link of the connector profile', unset: `BASE_URL${LEGAL_PAGES[2].path}` },
  {
    group: 'AI connector and OAuth',
    name: 'OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK',
    meaning: 'development only: fetch Client ID Metadata Documents on loopback',
    default: 'false',
  },
  { group: 'Webhooks', name: 'WEBHOOK_DELIVERY', meaning: 'whether serve delivers webhooks: true | false (events are kept either way)', default: 'true' },
  { group: 'Webhooks', name: 'WEBHOOK_TIMEOUT_SECONDS', meaning: 'seconds (1-30) a delivery may take: DNS, connection, TLS, answer', default: '10' },
  { group: 'Webhooks', name: 'WEBHOOK_RETRY_SCHEDULE', meaning: 'seconds before each retry, comma-separated (at most 20)', default: '5,300,1800,7200,18000,36000,36000' },
  { group: 'Webhooks', name: 'WEBHOOK_CONCURRENCY', meaning: 'deliveries in flight per instance (1-256)', default: '16' },
  { group: 'Webhooks', name: 'WEBHOOK_ALLOW_LOOPBACK', meaning: 'development only: webhook endpoints on loopback, http allowed', default: 'false' },
  { group: 'Email', name: 'SMTP_URL', meaning: 'smtp://user:password@host:587 (STARTTLS) or smtps://…:465; required in production', unset: 'none: the local outbox' },
  { group: 'Email', name: 'SMTP_REQUIRE_TLS', meaning: 'over smtp://, send only after STARTTLS: true | false', unset: 'true in production, else false' },
  { group: 'Email', name: 'MAIL_FROM', meaning: 'sender address, e.g. "Shop <no-reply@example.com>"; required in production', unset: 'Commerce <no-reply@BASE_URL host>' },
  { group: 'Email', name: 'MAIL_FEATURES', meaning: 'what sends mail: invitations,password-reset,notifications | none', default: 'invitations,password-reset,notifications' },
  { group: 'Email', name: 'MAIL_OUTBOX_DIR', meaning: 'without SMTP_URL, the folder messages are written to', unset: 'mail-outbox/ beside the SQLite file, or ./data/mail-outbox' },
  { group: 'Email', name: 'MAIL_DELIVERY', meaning: 'whether serve sends mail: true | false (messages are queued either way)', default: 'true' },
  { group: 'Email', name: 'MAIL_TIMEOUT_SECONDS', meaning: 'seconds (1-60) each SMTP step may take: connection, greeting, each answer', default: '20' },
  { group: 'Email', name: 'MAIL_RETRY_SCHEDULE', meaning: 'seconds before each retry, comma-separated (at most 20)', default: DEFAULT_MAIL_RETRY_SCHEDULE_SECONDS.join(',') },
  { group: 'Payments', name: 'PAYMENT_SECRETS_KEY', meaning: '32 random bytes in base64 that encrypt payment providers\' secret keys at rest', unset: 'none: provider keys cannot be saved' },
  { group: 'Legal and support pages', name: 'LEGAL_PAGES_DIR', meaning: 'your own privacy.md, terms.md and support.md', unset: 'none, built-in texts' },
  { group: 'Legal and support pages', name: 'OPERATOR_NAME', meaning: 'who runs this service, named in the built-in texts', unset: 'none' },
  { group: 'Legal and support pages', name: 'SUPPORT_EMAIL', meaning: 'where the built-in texts send people with questions', unset: 'none' },
  { group: 'Read by Node itself (npm start)', name: 'NODE_COMPILE_CACHE', meaning: "directory of Node's compile cache", unset: 'the system temporary directory', node: true },
  { group: 'Read by Node itself (npm start)', name: 'NODE_DISABLE_COMPILE_CACHE', meaning: "1 turns Node's compile cache off", unset: 'on', node: true },
  {
    group: 'Read by Node itself (npm start)',
    name: 'NODE_OPTIONS',
    meaning: "Node's own options; a memory flag of serve given here is kept as given",
    unset: 'none',
    node: true,
  },
] as const satisfies readonly EnvironmentVariable[];

/** The variables `loadConfig` reads. */
export type ConfigVariable = Exclude<(typeof ENVIRONMENT)[number], { readonly node: true }>['name'];

/** The environment as `loadConfig` sees it: only the variables of ENVIRONMENT (reading another is a type error). */
export type Environment = { readonly [Name in ConfigVariable]?: string | undefined };

/** Parses a DATABASE_URL value: `sqlite:<path>` (relative to `cwd`) or `postgres://` / `postgresql://`. */
export function parseDatabaseUrl(value: string, cwd = process.cwd()): DatabaseConfig {
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '') {
      throw new ConfigError('DATABASE_URL', 'sqlite: needs a file path, for example sqlite:./data/commerce.db');
    }
    if (file === ':memory:') {
      throw new ConfigError('DATABASE_URL', 'an in-memory SQLite database loses everything on exit; give a file path');
    }
    return { kind: 'sqlite', file: path.resolve(cwd, file) };
  }
  if (value.startsWith('postgres://') || value.startsWith('postgresql://')) {
    try {
      new URL(value);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid URL (expected postgres://user@host:port/database)');
    }
    return { kind: 'postgres', url: value };
  }
  throw new ConfigError(
    'DATABASE_URL',
    `unsupported value "${redactUrl(value)}": use sqlite:<path> or postgres://user@host:port/database`,
  );
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new ConfigError('PORT', `"${value}" is not a port number (0-65535)`);
  }
  return Number(value);
}

function parseHost(value: string | undefined): string {
  if (value === undefined || value === '') return '127.0.0.1';
  if (/[\s/]/.test(value)) throw new ConfigError('HOST', `"${value}" is not a host name or address`);
  return value;
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function parseBaseUrl(value: string | undefined, host: string, port: number): string {
  if (value === undefined || value === '') return `http://${hostForUrl(host)}:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('BASE_URL', `"${value}" is not an absolute URL such as https://shop.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError('BASE_URL', 'must use http or https');
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new ConfigError('BASE_URL', 'must not carry a query, fragment or credentials');
  }
  // The OAuth issuer and every link derive from this; a trailing slash would double up.
  return url.href.replace(/\/+$/, '');
}

function parseRedisUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^rediss?:\/\//.test(value)) throw new ConfigError('REDIS_URL', 'must be a redis:// or rediss:// URL');
  try {
    new URL(value);
  } catch {
    throw new ConfigError('REDIS_URL', 'is not a valid URL (expected redis://host:6379)');
  }
  return value;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0 || list.some((s) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s))) {
    throw new ConfigError('TRUST_PROXY', 'must be true, false, a hop count, or a comma-separated list of addresses/CIDRs');
  }
  return list;
}

/** Where uploads go by default: `files` beside the SQLite database file, or `./data/files` with PostgreSQL. */
export function defaultFilesDir(database: DatabaseConfig, cwd = process.cwd()): string {
  return database.kind === 'sqlite' ? path.join(path.dirname(database.file), 'files') : path.resolve(cwd, 'data', 'files');
}

function parseFilesDir(value: string | undefined, database: DatabaseConfig, cwd: string): string {
  if (value === undefined || value === '') return defaultFilesDir(database, cwd);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f]/.test(value)) throw new ConfigError('FILES_DIR', 'must be a directory path without control characters');
  const dir = path.resolve(cwd, value);
  if (dir === path.parse(dir).root) throw new ConfigError('FILES_DIR', 'must not be the root directory; use a directory of its own, e.g. /var/lib/commerce/files');
  if (database.kind === 'sqlite' && dir === database.file) throw new ConfigError('FILES_DIR', 'must not be the SQLite database file');
  return dir;
}

function parseDatabaseTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_DATABASE_TIMEOUT_MS;
  const { min, max } = DATABASE_TIMEOUT_RANGE;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError('DATABASE_TIMEOUT_MS', `"${value}" is not a whole number of milliseconds from ${min} to ${max}`);
  }
  return Number(value);
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info';
  const level = value.toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(level)) {
    throw new ConfigError('LOG_LEVEL', `"${value}" is not one of ${LOG_LEVELS.join(', ')}`);
  }
  return level;
}

function parseHttpUrl(variable: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(variable, `"${value}" is not an absolute URL such as https://shop.example.com/privacy`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(variable, 'must use http or https');
  return url.href;
}

function parseHostList(variable: string, value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  const list = value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const bad = list.find((h) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+|[a-z][a-z0-9+.-]*:\/\/\*)$/.test(h));
  if (bad !== undefined) throw new ConfigError(variable, `"${bad}" is not a host name (no scheme or port), e.g. claude.ai`);
  return list;
}

function parseConnector(env: Environment, baseUrl: string): ConnectorConfig {
  const defaults = connectorDefaults(baseUrl);
  return {
    privacyPolicyUrl: parseHttpUrl('CONNECTOR_PRIVACY_POLICY_URL', env.CONNECTOR_PRIVACY_POLICY_URL, defaults.privacyPolicyUrl),
    termsOfServiceUrl: parseHttpUrl('CONNECTOR_TERMS_URL', env.CONNECTOR_TERMS_URL, defaults.termsOfServiceUrl),
    supportUrl: parseHttpUrl('CONNECTOR_SUPPORT_URL', env.CONNECTOR_SUPPORT_URL, defaults.supportUrl),
    allowedHosts: parseHostList('MCP_ALLOWED_HOSTS', env.MCP_ALLOWED_HOSTS),
    allowedOrigins: parseHostList('MCP_ALLOWED_ORIGINS', env.MCP_ALLOWED_ORIGINS),
  };
}

function parseRateLimits(value: string | undefined): RateLimits {
  if (value === undefined || value.trim() === '') return rateLimits();
  const overrides = parseRateLimitOverrides(value);
  if (typeof overrides === 'string') throw new ConfigError('RATE_LIMITS', overrides);
  return rateLimits(overrides);
}

function parseCleanupInterval(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 60;
  if (!/^\d{1,6}$/.test(value.trim()) || Number(value) > 7 * 24 * 60) {
    throw new ConfigError('CLEANUP_INTERVAL_MINUTES', `"${value}" is not a number of minutes from 0 (off) to 10080 (a week)`);
  }
  return Number(value);
}

function parseShutdownDrain(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  if (!/^\d{1,2}$/.test(value.trim()) || Number(value) > 60) {
    throw new ConfigError('SHUTDOWN_DRAIN_SECONDS', `"${value}" is not a number of seconds from 0 to 60`);
  }
  return Number(value);
}

function parseSeedDemo(value: string | undefined): SeedDemo {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '' || v === 'auto') return 'auto';
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new ConfigError('SEED_DEMO', `"${value}" is not one of auto, true, false`);
}

function parseLegalPages(env: Environment, cwd: string): LegalPagesConfig {
  let dir: string | null = null;
  if (env.LEGAL_PAGES_DIR) {
    dir = path.resolve(cwd, env.LEGAL_PAGES_DIR);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new ConfigError('LEGAL_PAGES_DIR', `${dir} is not a directory (it holds privacy.md, terms.md and support.md, or .txt)`);
    }
  }
  const operatorName = env.OPERATOR_NAME?.trim() || null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (operatorName !== null && (operatorName.length > 200 || /[\u0000-\u001f]/.test(operatorName))) {
    throw new ConfigError('OPERATOR_NAME', 'must be a name of at most 200 characters on one line, e.g. "Example Shops Ltd"');
  }
  const supportEmail = env.SUPPORT_EMAIL?.trim() || null;
  if (supportEmail !== null && (supportEmail.length > 254 || !/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(supportEmail))) {
    throw new ConfigError('SUPPORT_EMAIL', `"${supportEmail}" is not an email address such as support@shop.example`);
  }
  return { dir, operatorName, supportEmail };
}

/**
 * In production the connector profile must not send people to the built-in, generic legal texts unnoticed: each of
 * the three links is either configured (CONNECTOR_*_URL) or the operator's own text is in LEGAL_PAGES_DIR.
 */
function requireOperatorLegalPages(env: Environment, legal: LegalPagesConfig): void {
  const missing = LEGAL_PAGES.filter(({ page, variable }) => !env[variable] && legalPageFile(legal.dir, page) === null);
  if (missing.length === 0) return;
  throw new ConfigError(
    missing[0]!.variable,
    `in production (NODE_ENV=production) the AI connector profile must not link to the built-in generic texts. Set ${missing
      .map((m) => m.variable)
      .join(', ')}, or put your own ${missing.map((m) => `${m.page}.md`).join(', ')} in LEGAL_PAGES_DIR`,
  );
}

function parseClientMetadata(env: Environment, production: boolean): ClientMetadataConfig {
  const value = env.OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK?.trim().toLowerCase();
  if (value !== undefined && value !== '' && value !== 'true' && value !== 'false') {
    throw new ConfigError('OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK', `"${env.OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK}" is not one of true, false`);
  }
  const allowLoopback = value === 'true';
  if (allowLoopback && production) {
    throw new ConfigError(
      'OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK',
      'must not be true in production (NODE_ENV=production): it would let any client_id URL make this server send requests to itself and to other services on its loopback interface. It is for development and tests only',
    );
  }
  return { ...CLIENT_METADATA_DEFAULTS, allowLoopback };
}

function parseFlag(name: 'WEBHOOK_DELIVERY' | 'WEBHOOK_ALLOW_LOOPBACK' | 'MAIL_DELIVERY' | 'SMTP_REQUIRE_TLS', value: string | undefined, fallback: boolean): boolean {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '') return fallback;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new ConfigError(name, `"${value}" is not one of true, false`);
}

function parseWebhooks(env: Environment, production: boolean): WebhookConfig {
  const allowLoopback = parseFlag('WEBHOOK_ALLOW_LOOPBACK', env.WEBHOOK_ALLOW_LOOPBACK, false);
  if (allowLoopback && production) {
    throw new ConfigError(
      'WEBHOOK_ALLOW_LOOPBACK',
      'must not be true in production (NODE_ENV=production): it would let any merchant make this server send requests to itself and to other services on its loopback interface. It is for development and tests only',
    );
  }
  let timeoutMs = WEBHOOK_DEFAULTS.timeoutMs;
  const timeout = env.WEBHOOK_TIMEOUT_SECONDS?.trim();
  if (timeout) {
    if (!/^\d+(\.\d+)?$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > 30) {
      throw new ConfigError('WEBHOOK_TIMEOUT_SECONDS', `"${timeout}" is not a number of seconds from 1 to 30`);
    }
    timeoutMs = Math.round(Number(timeout) * 1000);
  }
  const retryScheduleSeconds = parseSchedule('WEBHOOK_RETRY_SCHEDULE', env.WEBHOOK_RETRY_SCHEDULE, WEBHOOK_DEFAULTS.retryScheduleSeconds);
  let concurrency = WEBHOOK_DEFAULTS.concurrency;
  const c = env.WEBHOOK_CONCURRENCY?.trim();
  if (c) {
    if (!/^\d{1,3}$/.test(c) || Number(c) < 1 || Number(c) > 256) throw new ConfigError('WEBHOOK_CONCURRENCY', `"${c}" is not a whole number from 1 to 256`);
    concurrency = Number(c);
  }
  return { ...WEBHOOK_DEFAULTS, deliver: parseFlag('WEBHOOK_DELIVERY', env.WEBHOOK_DELIVERY, true), allowLoopback, timeoutMs, retryScheduleSeconds, concurrency, perEndpointConcurrency: Math.min(WEBHOOK_DEFAULTS.perEndpointConcurrency, concurrency) };
}

/** A retry schedule: seconds before each retry, comma-separated. */
function parseSchedule(name: 'WEBHOOK_RETRY_SCHEDULE' | 'MAIL_RETRY_SCHEDULE', value: string | undefined, fallback: readonly number[]): readonly number[] {
  const schedule = value?.trim();
  if (!schedule) return fallback;
  const parts = schedule.split(',').map((p) => p.trim());
  if (parts.length > 20 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p) || Number(p) > 7 * 24 * 3600)) {
    throw new ConfigError(name, `"${schedule}" is not a comma-separated list of at most 20 delays in seconds (each at most a week), e.g. 5,300,1800`);
  }
  return parts.map(Number);
}

function parseMail(env: Environment, production: boolean, baseUrl: string, database: DatabaseConfig, cwd: string): MailConfig {
  const defaults = mailDefaults(baseUrl, database.kind === 'sqlite' ? path.dirname(database.file) : path.resolve(cwd, 'data'));
  const featuresText = env.MAIL_FEATURES?.trim();
  let features: Set<MailFeature> = new Set(MAIL_FEATURES);
  if (featuresText !== undefined && featuresText !== '') {
    const parts = featuresText.split(',').map((p) => p.trim().toLowerCase()).filter(Boolean);
    if (parts.length === 1 && parts[0] === 'none') features = new Set();
    else {
      const unknown = parts.filter((p) => !(MAIL_FEATURES as readonly string[]).includes(p));
      if (unknown.length > 0) throw new ConfigError('MAIL_FEATURES', `"${featuresText}" names ${unknown.map((u) => `"${u}"`).join(', ')}: use a comma-separated list of ${MAIL_FEATURES.join(', ')}, or none`);
      features = new Set(parts as MailFeature[]);
    }
  }
  let smtpUrl: string | null = null;
  const smtp = env.SMTP_URL?.trim();
  if (smtp) {
    let url: URL;
    try {
      url = new URL(smtp);
    } catch {
      throw new ConfigError('SMTP_URL', 'is not a URL: use smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS)');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError('SMTP_URL', `must start with smtp:// or smtps://, not ${url.protocol}//`);
    if (!url.hostname) throw new ConfigError('SMTP_URL', 'must name a host, e.g. smtp://user:password@smtp.example.com:587');
    smtpUrl = smtp;
  }
  if (production && features.size > 0 && smtpUrl === null) {
    throw new ConfigError(
      'SMTP_URL',
      `is required in production while mail features are on (MAIL_FEATURES: ${[...features].join(', ')}): set SMTP_URL (smtp://user:password@host:587) and MAIL_FROM, or MAIL_FEATURES=none to send no mail`,
    );
  }
  const from = env.MAIL_FROM?.trim();
  if (from !== undefined && from !== '') {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
    if (/[\u0000-\u001f]/.test(from) || !/^[^@\s<>]+@[^@\s<>]+$|^[^<>]*<[^@\s<>]+@[^@\s<>]+>$/.test(from)) {
      throw new ConfigError('MAIL_FROM', `"${from}" is not a sender address: use no-reply@example.com or "Shop <no-reply@example.com>"`);
    }
  } else if (production && features.size > 0) {
    throw new ConfigError('MAIL_FROM', 'is required in production while mail features are on: the address your mail is sent from, e.g. "Shop <no-reply@example.com>" (its domain should publish SPF and DKIM for SMTP_URL\'s server)');
  }
  let timeoutMs = defaults.timeoutMs;
  const timeout = env.MAIL_TIMEOUT_SECONDS?.trim();
  if (timeout) {
    if (!/^\d+(\.\d+)?$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > 60) throw new ConfigError('MAIL_TIMEOUT_SECONDS', `"${timeout}" is not a number of seconds from 1 to 60`);
    timeoutMs = Math.round(Number(timeout) * 1000);
  }
  const outbox = env.MAIL_OUTBOX_DIR?.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (outbox && /[\u0000-\u001f]/.test(outbox)) throw new ConfigError('MAIL_OUTBOX_DIR', 'must be a directory path without control characters');
  return {
    ...defaults,
    features,
    smtpUrl,
    requireTls: parseFlag('SMTP_REQUIRE_TLS', env.SMTP_REQUIRE_TLS, production),
    from: from || defaults.from,
    outboxDir: outbox ? path.resolve(cwd, outbox) : defaults.outboxDir,
    deliver: parseFlag('MAIL_DELIVERY', env.MAIL_DELIVERY, true),
    timeoutMs,
    retryScheduleSeconds: parseSchedule('MAIL_RETRY_SCHEDULE', env.MAIL_RETRY_SCHEDULE, defaults.retryScheduleSeconds),
  };
}

/** Reads and validates the environment once. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: Environment = process.env, cwd = process.cwd()): Config {
  const host = parseHost(env.HOST);
  const port = parsePort(env.PORT);
  const baseUrl = parseBaseUrl(env.BASE_URL, host, port);
  const production = env.NODE_ENV === 'production';
  const legalPages = parseLegalPages(env, cwd);
  if (production) requireOperatorLegalPages(env, legalPages);
  return {
    database: parseDatabaseUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL, cwd),
    host,
    port,
    baseUrl,
    logLevel: parseLogLevel(env.LOG_LEVEL),
    redisUrl: parseRedisUrl(env.REDIS_URL),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    filesDir: parseFilesDir(env.FILES_DIR, parseDatabaseUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL, cwd), cwd),
    databaseTimeoutMs: parseDatabaseTimeout(env.DATABASE_TIMEOUT_MS),
    connector: parseConnector(env, baseUrl),
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    cleanupIntervalMinutes: parseCleanupInterval(env.CLEANUP_INTERVAL_MINUTES),
    shutdownDrainSeconds: parseShutdownDrain(env.SHUTDOWN_DRAIN_SECONDS),
    seedDemo: parseSeedDemo(env.SEED_DEMO),
    production,
    legalPages,
    clientMetadata: parseClientMetadata(env, production),
    webhooks: parseWebhooks(env, production),
    mail: parseMail(env, production, baseUrl, parseDatabaseUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL, cwd), cwd),
    paymentSecretsKey: parsePaymentSecretsKey(env.PAYMENT_SECRETS_KEY),
    apiCompression: parseCompression(env.API_COMPRESSION, env.API_COMPRESSION_MIN_BYTES),
  };
}

function parseCompression(value: string | undefined, minBytes: string | undefined): ApiCompression | null {
  try {
    return parseApiCompression(value, minBytes);
  } catch (error) {
    const message = (error as Error).message;
    throw new ConfigError(message.startsWith('API_COMPRESSION_MIN_BYTES') ? 'API_COMPRESSION_MIN_BYTES' : 'API_COMPRESSION', message.replace(/^API_COMPRESSION_MIN_BYTES /, ''));
  }
}

/** PAYMENT_SECRETS_KEY: 32 bytes in base64 (standard or url-safe), or null when unset. */
function parsePaymentSecretsKey(value: string | undefined): Buffer | null {
  const text = value?.trim();
  if (!text) return null;
  const key = Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw new ConfigError('PAYMENT_SECRETS_KEY', 'must be 32 random bytes in base64 (openssl rand -base64 32)');
  return key;
}

/** Hides a password in a connection URL so it can be printed. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.href;
  } catch {
    return value;
  }
}

export function describeDatabase(database: DatabaseConfig): string {
  return database.kind === 'sqlite' ? `SQLite ${database.file}` : `PostgreSQL ${redactUrl(database.url)}`;
}
