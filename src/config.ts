import path from 'node:path';

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
}

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
    privacyPolicyUrl: `${baseUrl}/legal/privacy`,
    termsOfServiceUrl: `${baseUrl}/legal/terms`,
    supportUrl: `${baseUrl}/support`,
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

export const DEFAULT_DATABASE_TIMEOUT_MS = 5000;
const DATABASE_TIMEOUT_RANGE = { min: 100, max: 60_000 } as const;

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

function parseConnector(env: NodeJS.ProcessEnv, baseUrl: string): ConnectorConfig {
  const defaults = connectorDefaults(baseUrl);
  return {
    privacyPolicyUrl: parseHttpUrl('CONNECTOR_PRIVACY_POLICY_URL', env.CONNECTOR_PRIVACY_POLICY_URL, defaults.privacyPolicyUrl),
    termsOfServiceUrl: parseHttpUrl('CONNECTOR_TERMS_URL', env.CONNECTOR_TERMS_URL, defaults.termsOfServiceUrl),
    supportUrl: parseHttpUrl('CONNECTOR_SUPPORT_URL', env.CONNECTOR_SUPPORT_URL, defaults.supportUrl),
    allowedHosts: parseHostList('MCP_ALLOWED_HOSTS', env.MCP_ALLOWED_HOSTS),
    allowedOrigins: parseHostList('MCP_ALLOWED_ORIGINS', env.MCP_ALLOWED_ORIGINS),
  };
}

/** Reads and validates the environment once. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const host = parseHost(env.HOST);
  const port = parsePort(env.PORT);
  const baseUrl = parseBaseUrl(env.BASE_URL, host, port);
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
  };
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
