import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { CLIENT_METADATA_DEFAULTS, ConfigError, ENVIRONMENT, type EnvironmentVariable, loadConfig, mailDefaults, WEBHOOK_DEFAULTS } from '../src/config.ts';
import { rateLimits } from '../src/http/rate-limit-policies.ts';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/app');

function refuses(env: Record<string, string>, variable: string) {
  assert.throws(
    () => load(env),
    (error: unknown) => error instanceof ConfigError && error.variable === variable && error.message.startsWith(`${variable}:`),
  );
}

describe('configuration', () => {
  it('defaults to SQLite under ./data, 127.0.0.1:3000 and a matching BASE_URL', () => {
    assert.deepEqual(load({}), {
      database: { kind: 'sqlite', file: path.resolve('/srv/app', 'data/commerce.db') },
      host: '127.0.0.1',
      port: 3000,
      baseUrl: 'http://127.0.0.1:3000',
      logLevel: 'info',
      redisUrl: null,
      trustProxy: false,
      filesDir: path.resolve('/srv/app', 'data/files'),
      databaseTimeoutMs: 5000,
      connector: {
        privacyPolicyUrl: 'http://127.0.0.1:3000/legal/privacy',
        termsOfServiceUrl: 'http://127.0.0.1:3000/legal/terms',
        supportUrl: 'http://127.0.0.1:3000/support',
        allowedHosts: [],
        allowedOrigins: [],
      },
      rateLimits: rateLimits(),
      cleanupIntervalMinutes: 60,
      shutdownDrainSeconds: 0,
      seedDemo: 'auto',
      production: false,
      legalPages: { dir: null, operatorName: null, supportEmail: null },
      clientMetadata: CLIENT_METADATA_DEFAULTS,
      webhooks: WEBHOOK_DEFAULTS,
      mail: mailDefaults('http://127.0.0.1:3000', path.resolve('/srv/app', 'data')),
      paymentSecretsKey: null,
      apiCompression: null,
    });
  });

  it('reads the WEBHOOK_* variables, refusing bad values by name and loopback endpoints in production', () => {
    const c = load({ WEBHOOK_DELIVERY: 'false', WEBHOOK_TIMEOUT_SECONDS: '2.5', WEBHOOK_RETRY_SCHEDULE: '1, 60,3600', WEBHOOK_CONCURRENCY: '2', WEBHOOK_ALLOW_LOOPBACK: 'true' });
    assert.deepEqual(c.webhooks, { ...WEBHOOK_DEFAULTS, deliver: false, timeoutMs: 2500, retryScheduleSeconds: [1, 60, 3600], concurrency: 2, perEndpointConcurrency: 2, allowLoopback: true });
    refuses({ WEBHOOK_DELIVERY: 'yes' }, 'WEBHOOK_DELIVERY');
    refuses({ WEBHOOK_TIMEOUT_SECONDS: '0' }, 'WEBHOOK_TIMEOUT_SECONDS');
    refuses({ WEBHOOK_TIMEOUT_SECONDS: '31' }, 'WEBHOOK_TIMEOUT_SECONDS');
    refuses({ WEBHOOK_RETRY_SCHEDULE: '5,soon' }, 'WEBHOOK_RETRY_SCHEDULE');
    refuses({ WEBHOOK_RETRY_SCHEDULE: Array(21).fill('1').join(',') }, 'WEBHOOK_RETRY_SCHEDULE');
    refuses({ WEBHOOK_CONCURRENCY: '0' }, 'WEBHOOK_CONCURRENCY');
    refuses({ WEBHOOK_CONCURRENCY: '257' }, 'WEBHOOK_CONCURRENCY');
    refuses({ WEBHOOK_ALLOW_LOOPBACK: 'maybe' }, 'WEBHOOK_ALLOW_LOOPBACK');
    const production = {
      NODE_ENV: 'production',
      MAIL_FEATURES: 'none',
      CONNECTOR_PRIVACY_POLICY_URL: 'https://shop.example/privacy',
      CONNECTOR_TERMS_URL: 'https://shop.example/terms',
      CONNECTOR_SUPPORT_URL: 'https://shop.example/support',
    };
    assert.equal(load(production).webhooks?.allowLoopback, false);
    assert.throws(
      () => load({ ...production, WEBHOOK_ALLOW_LOOPBACK: 'true' }),
      (error: unknown) => error instanceof ConfigError && error.variable === 'WEBHOOK_ALLOW_LOOPBACK' && /must not be true in production/.test(error.message),
    );
  });

  it('reads the mail variables, refusing bad values by name, and requires SMTP_URL and MAIL_FROM in production while mail is on', () => {
    const c = load({ SMTP_URL: 'smtp://user:secret@smtp.example.com:587', MAIL_FROM: 'Shop <no-reply@shop.example>', MAIL_FEATURES: 'invitations, password-reset', MAIL_DELIVERY: 'false', MAIL_RETRY_SCHEDULE: '1,2', SMTP_REQUIRE_TLS: 'true', MAIL_OUTBOX_DIR: 'mail' });
    assert.equal(c.mail?.smtpUrl, 'smtp://user:secret@smtp.example.com:587');
    assert.equal(c.mail?.from, 'Shop <no-reply@shop.example>');
    assert.deepEqual([...(c.mail?.features ?? [])], ['invitations', 'password-reset']);
    assert.equal(c.mail?.deliver, false);
    assert.equal(c.mail?.requireTls, true);
    assert.deepEqual(c.mail?.retryScheduleSeconds, [1, 2]);
    assert.equal(c.mail?.outboxDir, path.resolve('/srv/app', 'mail'));
    assert.equal(load({}).mail?.smtpUrl, null, 'development: the local outbox');
    assert.equal(load({}).mail?.outboxDir, path.resolve('/srv/app', 'data/mail-outbox'), 'beside the SQLite file');
    assert.equal(load({ MAIL_FEATURES: 'none' }).mail?.features.size, 0);
    refuses({ SMTP_URL: 'http://smtp.example.com' }, 'SMTP_URL');
    refuses({ SMTP_URL: 'not a url' }, 'SMTP_URL');
    refuses({ MAIL_FROM: 'nobody' }, 'MAIL_FROM');
    refuses({ MAIL_FROM: 'a@b.example\r\nBcc: x@y.example' }, 'MAIL_FROM');
    refuses({ MAIL_FEATURES: 'invitations,newsletters' }, 'MAIL_FEATURES');
    refuses({ MAIL_DELIVERY: 'maybe' }, 'MAIL_DELIVERY');
    refuses({ SMTP_REQUIRE_TLS: 'yes' }, 'SMTP_REQUIRE_TLS');
    refuses({ MAIL_RETRY_SCHEDULE: 'soon' }, 'MAIL_RETRY_SCHEDULE');
    refuses({ MAIL_TIMEOUT_SECONDS: '0' }, 'MAIL_TIMEOUT_SECONDS');
    refuses({ MAIL_TIMEOUT_SECONDS: '61' }, 'MAIL_TIMEOUT_SECONDS');
    assert.equal(load({ MAIL_TIMEOUT_SECONDS: '2.5' }).mail?.timeoutMs, 2500);
    const production = {
      NODE_ENV: 'production',
      CONNECTOR_PRIVACY_POLICY_URL: 'https://shop.example/privacy',
      CONNECTOR_TERMS_URL: 'https://shop.example/terms',
      CONNECTOR_SUPPORT_URL: 'https://shop.example/support',
    };
    assert.throws(
      () => load(production),
      (error: unknown) => error instanceof ConfigError && error.variable === 'SMTP_URL' && /required in production/.test(error.message) && /MAIL_FEATURES=none/.test(error.message),
    );
    refuses({ ...production, SMTP_URL: 'smtps://smtp.example.com' }, 'MAIL_FROM');
    const ready = load({ ...production, SMTP_URL: 'smtps://smtp.example.com', MAIL_FROM: 'no-reply@shop.example' });
    assert.equal(ready.mail?.requireTls, true, 'production requires TLS by default');
    assert.equal(load({ ...production, MAIL_FEATURES: 'none' }).mail?.features.size, 0, 'no mail, no SMTP needed');
  });

  it('reads PAYMENT_SECRETS_KEY as 32 bytes of base64, refusing anything else by name', () => {
    const key = Buffer.alloc(32, 7);
    assert.deepEqual(load({ PAYMENT_SECRETS_KEY: key.toString('base64') }).paymentSecretsKey, key);
    assert.deepEqual(load({ PAYMENT_SECRETS_KEY: key.toString('base64url') }).paymentSecretsKey, key);
    refuses({ PAYMENT_SECRETS_KEY: Buffer.alloc(16).toString('base64') }, 'PAYMENT_SECRETS_KEY');
    refuses({ PAYMENT_SECRETS_KEY: 'not base64 at all!' }, 'PAYMENT_SECRETS_KEY');
  });

  it('behaves as unset when a variable is set to the default --help and docs/configuration.md state for it', () => {
    const stated = (ENVIRONMENT as readonly EnvironmentVariable[]).filter((v) => v.default !== undefined);
    assert.ok(stated.length >= 9, 'the literal defaults are stated');
    for (const variable of stated) assert.deepEqual(load({ [variable.name]: variable.default! }), load({}), `${variable.name}=${variable.default}`);
    for (const variable of ENVIRONMENT as readonly EnvironmentVariable[]) {
      assert.ok((variable.default === undefined) !== (variable.unset === undefined), `${variable.name} states its default one way`);
    }
  });

  it('reads OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK (default false), refusing it in production and other values by name', () => {
    assert.equal(load({}).clientMetadata?.allowLoopback, false);
    assert.equal(load({ OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'false' }).clientMetadata?.allowLoopback, false);
    assert.deepEqual(load({ OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'true' }).clientMetadata, { ...CLIENT_METADATA_DEFAULTS, allowLoopback: true });
    assert.equal(load({ OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'true', NODE_ENV: 'development' }).clientMetadata?.allowLoopback, true);
    refuses({ OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'yes' }, 'OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK');
    const production = {
      NODE_ENV: 'production',
      MAIL_FEATURES: 'none',
      CONNECTOR_PRIVACY_POLICY_URL: 'https://shop.example/privacy',
      CONNECTOR_TERMS_URL: 'https://shop.example/terms',
      CONNECTOR_SUPPORT_URL: 'https://shop.example/support',
    };
    assert.equal(load(production).clientMetadata?.allowLoopback, false, 'production starts without it');
    assert.throws(
      () => load({ ...production, OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'true' }),
      (error: unknown) =>
        error instanceof ConfigError && error.variable === 'OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK' && /must not be true in production \(NODE_ENV=production\)/.test(error.message),
    );
  });

  it('reads RATE_LIMITS overrides on top of the default limits, refusing an unknown policy by name', () => {
    const c = load({ RATE_LIMITS: 'public=5000/60,oauth-token=10/1' });
    assert.deepEqual(c.rateLimits?.public, { limit: 5000, windowSeconds: 60 });
    assert.deepEqual(c.rateLimits?.['oauth-token'], { limit: 10, windowSeconds: 1 });
    assert.deepEqual(c.rateLimits?.credential, rateLimits().credential);
    refuses({ RATE_LIMITS: 'everything=1/1' }, 'RATE_LIMITS');
    refuses({ RATE_LIMITS: 'public=lots' }, 'RATE_LIMITS');
  });

  it('reads CLEANUP_INTERVAL_MINUTES, 0 turning the periodic cleanup off, refusing anything else by name', () => {
    assert.equal(load({ CLEANUP_INTERVAL_MINUTES: '0' }).cleanupIntervalMinutes, 0);
    assert.equal(load({ CLEANUP_INTERVAL_MINUTES: '15' }).cleanupIntervalMinutes, 15);
    refuses({ CLEANUP_INTERVAL_MINUTES: 'hourly' }, 'CLEANUP_INTERVAL_MINUTES');
    refuses({ CLEANUP_INTERVAL_MINUTES: '20000' }, 'CLEANUP_INTERVAL_MINUTES');
  });

  it('reads SHUTDOWN_DRAIN_SECONDS from 0 to 60, refusing anything else by name', () => {
    assert.equal(load({ SHUTDOWN_DRAIN_SECONDS: '5' }).shutdownDrainSeconds, 5);
    assert.equal(load({ SHUTDOWN_DRAIN_SECONDS: '' }).shutdownDrainSeconds, 0);
    refuses({ SHUTDOWN_DRAIN_SECONDS: 'soon' }, 'SHUTDOWN_DRAIN_SECONDS');
    refuses({ SHUTDOWN_DRAIN_SECONDS: '90' }, 'SHUTDOWN_DRAIN_SECONDS');
  });

  describe('production mode (NODE_ENV=production) and the legal pages', () => {
    const dirs: string[] = [];
    after(() => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });
    /** A LEGAL_PAGES_DIR holding these files. */
    function legalDir(...files: string[]): string {
      const dir = mkdtempSync(path.join(tmpdir(), 'commerce-legal-'));
      dirs.push(dir);
      for (const file of files) writeFileSync(path.join(dir, file), `# ${file}\n\nOur own text.\n`);
      return dir;
    }
    const links = {
      MAIL_FEATURES: 'none',
      CONNECTOR_PRIVACY_POLICY_URL: 'https://shop.example/privacy',
      CONNECTOR_TERMS_URL: 'https://shop.example/terms',
      CONNECTOR_SUPPORT_URL: 'https://shop.example/help',
    };

    it('refuses to start in production with the built-in legal texts, naming the variables to set', () => {
      assert.throws(
        () => load({ NODE_ENV: 'production' }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.variable === 'CONNECTOR_PRIVACY_POLICY_URL' &&
          /NODE_ENV=production/.test(error.message) &&
          /CONNECTOR_PRIVACY_POLICY_URL, CONNECTOR_TERMS_URL, CONNECTOR_SUPPORT_URL/.test(error.message) &&
          /LEGAL_PAGES_DIR/.test(error.message),
      );
      refuses({ NODE_ENV: 'production', CONNECTOR_PRIVACY_POLICY_URL: links.CONNECTOR_PRIVACY_POLICY_URL, CONNECTOR_TERMS_URL: links.CONNECTOR_TERMS_URL }, 'CONNECTOR_SUPPORT_URL');
      refuses({ NODE_ENV: 'production', LEGAL_PAGES_DIR: legalDir('privacy.md', 'terms.txt') }, 'CONNECTOR_SUPPORT_URL');
      assert.equal(load({ NODE_ENV: 'development' }).production, false, 'only production is strict');
    });

    it('starts in production once each link is configured or replaced by the operator’s own text', () => {
      assert.equal(load({ NODE_ENV: 'production', ...links }).production, true);
      const dir = legalDir('privacy.md', 'terms.txt', 'support.md');
      assert.deepEqual(load({ NODE_ENV: 'production', MAIL_FEATURES: 'none', LEGAL_PAGES_DIR: dir }).legalPages, { dir, operatorName: null, supportEmail: null });
      const mixed = load({ NODE_ENV: 'production', MAIL_FEATURES: 'none', LEGAL_PAGES_DIR: legalDir('privacy.md'), CONNECTOR_TERMS_URL: links.CONNECTOR_TERMS_URL, CONNECTOR_SUPPORT_URL: links.CONNECTOR_SUPPORT_URL });
      assert.equal(mixed.connector?.privacyPolicyUrl, 'http://127.0.0.1:3000/legal/privacy', 'the own text is served at the default link');
      assert.equal(mixed.connector?.termsOfServiceUrl, links.CONNECTOR_TERMS_URL);
    });

    it('reads LEGAL_PAGES_DIR, OPERATOR_NAME and SUPPORT_EMAIL, refusing bad values by name', () => {
      assert.deepEqual(load({ LEGAL_PAGES_DIR: legalDir(), OPERATOR_NAME: ' Acme Shops Ltd ', SUPPORT_EMAIL: 'help@acme.example' }).legalPages?.operatorName, 'Acme Shops Ltd');
      refuses({ LEGAL_PAGES_DIR: '/nonexistent/legal' }, 'LEGAL_PAGES_DIR');
      refuses({ OPERATOR_NAME: 'a\nb' }, 'OPERATOR_NAME');
      refuses({ OPERATOR_NAME: 'x'.repeat(201) }, 'OPERATOR_NAME');
      refuses({ SUPPORT_EMAIL: 'not an email' }, 'SUPPORT_EMAIL');
    });
  });

  it('reads SEED_DEMO as auto, true or false, refusing anything else by name', () => {
    assert.equal(load({ SEED_DEMO: 'auto' }).seedDemo, 'auto');
    assert.equal(load({ SEED_DEMO: 'true' }).seedDemo, true);
    assert.equal(load({ SEED_DEMO: 'FALSE' }).seedDemo, false);
    refuses({ SEED_DEMO: 'yes' }, 'SEED_DEMO');
    refuses({ SEED_DEMO: '1' }, 'SEED_DEMO');
  });

  it('reads the AI connector profile links and allowed hosts and origins, refusing bad values by name', () => {
    const c = load({
      CONNECTOR_PRIVACY_POLICY_URL: 'https://shop.example/privacy',
      CONNECTOR_TERMS_URL: 'https://shop.example/terms',
      CONNECTOR_SUPPORT_URL: 'https://help.shop.example/',
      MCP_ALLOWED_HOSTS: 'mcp.shop.example, Internal.Example',
      MCP_ALLOWED_ORIGINS: 'claude.ai',
    }).connector;
    assert.deepEqual(c, {
      privacyPolicyUrl: 'https://shop.example/privacy',
      termsOfServiceUrl: 'https://shop.example/terms',
      supportUrl: 'https://help.shop.example/',
      allowedHosts: ['mcp.shop.example', 'internal.example'],
      allowedOrigins: ['claude.ai'],
    });
    refuses({ CONNECTOR_PRIVACY_POLICY_URL: 'privacy.html' }, 'CONNECTOR_PRIVACY_POLICY_URL');
    refuses({ CONNECTOR_TERMS_URL: 'ftp://shop.example/terms' }, 'CONNECTOR_TERMS_URL');
    refuses({ CONNECTOR_SUPPORT_URL: 'not a url' }, 'CONNECTOR_SUPPORT_URL');
    refuses({ MCP_ALLOWED_HOSTS: 'https://shop.example' }, 'MCP_ALLOWED_HOSTS');
    refuses({ MCP_ALLOWED_ORIGINS: 'claude.ai:443' }, 'MCP_ALLOWED_ORIGINS');
  });

  it('accepts sqlite:<path> and postgres:// or postgresql:// URLs', () => {
    assert.deepEqual(load({ DATABASE_URL: 'sqlite:/var/lib/shop.db' }).database, { kind: 'sqlite', file: '/var/lib/shop.db' });
    assert.equal(load({ DATABASE_URL: 'postgres://u@h:5432/db' }).database.kind, 'postgres');
    assert.equal(load({ DATABASE_URL: 'postgresql://u@h/db' }).database.kind, 'postgres');
  });

  it('refuses an unsupported or empty DATABASE_URL, naming it', () => {
    refuses({ DATABASE_URL: 'mysql://root@localhost/shop' }, 'DATABASE_URL');
    refuses({ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL');
    refuses({ DATABASE_URL: 'sqlite::memory:' }, 'DATABASE_URL');
  });

  it('does not print a database password in its error message', () => {
    assert.throws(() => load({ DATABASE_URL: 'mongodb://admin:hunter2@db/shop' }), (e: Error) => !e.message.includes('hunter2'));
  });

  it('refuses a bad PORT, HOST, BASE_URL or LOG_LEVEL, naming the variable', () => {
    refuses({ PORT: 'eighty' }, 'PORT');
    refuses({ PORT: '70000' }, 'PORT');
    refuses({ HOST: 'local host' }, 'HOST');
    refuses({ BASE_URL: 'shop.example.com' }, 'BASE_URL');
    refuses({ BASE_URL: 'ftp://shop.example.com' }, 'BASE_URL');
    refuses({ BASE_URL: 'https://shop.example.com/?x=1' }, 'BASE_URL');
    refuses({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL');
    refuses({ REDIS_URL: 'localhost:6379' }, 'REDIS_URL');
    refuses({ TRUST_PROXY: 'the load balancer' }, 'TRUST_PROXY');
  });

  it('reads DATABASE_TIMEOUT_MS (100-60000 ms, default 5000), refusing other values by name', () => {
    assert.equal(load({}).databaseTimeoutMs, 5000);
    assert.equal(load({ DATABASE_TIMEOUT_MS: '2500' }).databaseTimeoutMs, 2500);
    assert.equal(load({ DATABASE_TIMEOUT_MS: '100' }).databaseTimeoutMs, 100);
    assert.equal(load({ DATABASE_TIMEOUT_MS: '60000' }).databaseTimeoutMs, 60000);
    for (const bad of ['99', '60001', '5s', '-1', '1.5', 'forever']) refuses({ DATABASE_TIMEOUT_MS: bad }, 'DATABASE_TIMEOUT_MS');
  });

  it('reads TRUST_PROXY as off, on, a hop count or a list of addresses', () => {
    assert.equal(load({}).trustProxy, false);
    assert.equal(load({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(load({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(load({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy, ['10.0.0.1', '192.168.0.0/16']);
  });

  it('puts uploads beside the SQLite file, in ./data/files with PostgreSQL, or in FILES_DIR', () => {
    assert.equal(load({ DATABASE_URL: 'sqlite:/var/lib/shop/shop.db' }).filesDir, '/var/lib/shop/files');
    assert.equal(load({ DATABASE_URL: 'postgres://u@h/db' }).filesDir, '/srv/app/data/files');
    assert.equal(load({ FILES_DIR: 'uploads' }).filesDir, '/srv/app/uploads');
    assert.equal(load({ FILES_DIR: '/mnt/shared/files/' }).filesDir, '/mnt/shared/files');
    refuses({ FILES_DIR: '/' }, 'FILES_DIR');
    refuses({ FILES_DIR: 'files\nx' }, 'FILES_DIR');
    refuses({ DATABASE_URL: 'sqlite:/var/lib/shop.db', FILES_DIR: '/var/lib/shop.db' }, 'FILES_DIR');
  });

  it('derives BASE_URL from HOST and PORT, and drops a trailing slash from a given one', () => {
    assert.equal(load({ HOST: '0.0.0.0', PORT: '8080' }).baseUrl, 'http://localhost:8080');
    assert.equal(load({ HOST: '::1', PORT: '8080' }).baseUrl, 'http://[::1]:8080');
    assert.equal(load({ BASE_URL: 'https://shop.example.com/' }).baseUrl, 'https://shop.example.com');
    assert.equal(load({ BASE_URL: 'https://example.com/api/' }).baseUrl, 'https://example.com/api');
  });
});
