import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { ENVIRONMENT, type EnvironmentVariable, LEGAL_PAGES } from '../src/config.ts';
import { strippedDirectory } from '../src/serve-flags.ts';
import { createTestDatabase, databaseKinds } from './helpers/databases.ts';

const ROOT = path.join(import.meta.dirname, '..');
const MAIN = path.join(ROOT, 'src', 'main.ts');
const PACKAGE = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; scripts: Record<string, string> };
const dirs: string[] = [];

function tempDb(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'commerce-cli-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'shop.db');
}

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [MAIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    timeout: 60_000,
  });
}

/** The emails of the users in a database (the demo merchant is demo@example.com). */
async function userEmails(databaseUrl: string): Promise<string[]> {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new Sqlite(databaseUrl.slice('sqlite:'.length), { readonly: true });
    try {
      return (db.prepare('select email from users order by email').all() as Array<{ email: string }>).map((r) => r.email);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ email: string }>('select email from users order by email')).rows.map((r) => r.email);
  } finally {
    await client.end();
  }
}

/** Every file under src/ (TypeScript and JavaScript). */
function* sourceFiles(dir = path.join(ROOT, 'src')): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name)) yield file;
  }
}

/**
 * The environment variables src/ reads, found in the source: `env.NAME`, `process.env.NAME`, `env['NAME']`, and the
 * legal pages' variables config.ts reads by name from LEGAL_PAGES.
 */
function environmentReadsInSource(): Set<string> {
  const names = new Set<string>(LEGAL_PAGES.map((p) => p.variable));
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b|\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g)) names.add((match[1] ?? match[2])!);
  }
  return names;
}

/** The variables of --help's Environment section, each with its text (continuation lines joined). */
function helpVariables(help: string): Map<string, string> {
  const listed = new Map<string, string>();
  let current: string | undefined;
  for (const line of help.slice(help.indexOf('\nEnvironment')).split('\n')) {
    const entry = /^ {4}([A-Z][A-Z0-9_]*)(?: +(.*))?$/.exec(line);
    if (entry) {
      current = entry[1]!;
      listed.set(current, entry[2] ?? '');
    } else if (current && /^ {6,}\S/.test(line)) {
      listed.set(current, `${listed.get(current)} ${line.trim()}`.trim());
    } else {
      current = undefined;
    }
  }
  return listed;
}

/** The password and API key of a demo banner. */
function demoSecrets(text: string): { password: string; apiKey: string } {
  const password = /\n {2}password: (\S+)\n/.exec(text)?.[1];
  const apiKey = /\n {2}API key: +(sk_live_\S+)/.exec(text)?.[1];
  assert.ok(password && apiKey, `no demo banner in: ${text}`);
  return { password, apiKey };
}

/** `node [flags] src/main.ts <args>` on a free port of 127.0.0.1, what it writes to stdout and stderr gathered as it comes. */
function spawnCli(args: string[], env: Record<string, string>, flags: readonly string[] = []) {
  const child = spawn(process.execPath, [...flags, MAIN, ...args], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => {
    out.stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    out.stderr += chunk;
  });
  return { child, out };
}

function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms; got: ${out}`)), timeoutMs);
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const match = out.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}; got: ${out}`)));
  });
}

describe('command line', () => {
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('prints the name and version from package.json with --version, -v or version, and exits 0 without opening the database', () => {
    const file = tempDb();
    for (const args of [['--version'], ['-v'], ['version'], ['serve', '--version'], ['migrate', '-v']]) {
      // A database that cannot be reached and a bad variable: neither is touched.
      const result = run(args, { DATABASE_URL: `sqlite:${file}`, PORT: 'eighty' });
      assert.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.stdout, `commerce-service ${PACKAGE.version}\n`, args.join(' '));
      assert.equal(result.stderr, '', args.join(' '));
    }
    assert.equal(PACKAGE.name, 'commerce-service');
    assert.ok(!existsSync(path.dirname(file)), 'no database was created');
    const unreachable = run(['--version'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    assert.equal(unreachable.status, 0, unreachable.stderr);
  });

  it('lists every command with --help, -h or help, and exits 0 without reading the configuration', () => {
    for (const args of [['--help'], ['-h'], ['help'], ['seed', '--help']]) {
      const result = run(args, { PORT: 'eighty' });
      assert.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
      for (const command of ['serve', 'migrate', 'seed', 'cleanup', 'help', 'version']) assert.match(result.stdout, new RegExp(`\\n  ${command} `), command);
      assert.match(result.stdout, /--version, -v/);
    }
  });

  it('lists in --help every environment variable the code reads, each under its group with its meaning and default', () => {
    const help = run(['--help']);
    assert.equal(help.status, 0);
    const listed = helpVariables(help.stdout);
    // Whatever src/ reads from the environment, config.ts's ENVIRONMENT included, is in the help.
    const reads = environmentReadsInSource();
    for (const name of reads) assert.ok(listed.has(name), `${name} is read in src/ but missing from --help`);
    for (const variable of ENVIRONMENT as readonly EnvironmentVariable[]) assert.ok(variable.node || reads.has(variable.name), `${variable.name} is listed but nothing reads it`);
    for (const variable of ENVIRONMENT as readonly EnvironmentVariable[]) {
      const text = listed.get(variable.name);
      assert.ok(text, `${variable.name} missing from --help`);
      assert.ok(text.includes(variable.meaning), `${variable.name}: its meaning`);
      assert.ok(text.endsWith(`(default: ${variable.default ?? variable.unset})`), `${variable.name}: its default, got: ${text}`);
    }
    assert.equal(listed.size, ENVIRONMENT.length, 'nothing else is listed');
    for (const group of new Set(ENVIRONMENT.map((v) => v.group))) assert.match(help.stdout, new RegExp(`\\n  ${group.replace(/[()]/g, '\\$&')}:\\n`), group);
    assert.match(help.stdout, /\n {4}DATABASE_URL +sqlite:<path> or postgres:\/\/[^\n]*\(default: sqlite:\.\/data\/commerce\.db\)\n/);
    for (const line of help.stdout.split('\n')) assert.ok(line.length <= 120, `a line wider than 120 columns: ${line}`);
  });

  it('lists in docs/configuration.md every variable of the help, with the same defaults', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const tables = doc.slice(0, doc.indexOf('\n## '));
    const rows = new Map([...tables.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|([^|]*)\|/gm)].map((m) => [m[1]!, m[2]!]));
    assert.deepEqual([...rows.keys()].sort(), ENVIRONMENT.map((v) => v.name).sort(), 'the tables list exactly the variables of ENVIRONMENT');
    for (const variable of ENVIRONMENT as readonly EnvironmentVariable[]) {
      if (variable.default !== undefined) assert.ok(rows.get(variable.name)!.includes(`\`${variable.default}\``), `${variable.name}: default ${variable.default}`);
    }
    for (const name of environmentReadsInSource()) assert.ok(rows.has(name), `${name} is read in src/ but missing from docs/configuration.md`);
  });

  it('refuses an unknown command with exit code 2 and a hint', () => {
    const result = run(['serv']);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /unknown command "serv".*--help/);
  });

  it('stops at start-up on a bad variable, naming it', () => {
    const result = run(['migrate'], { PORT: 'eighty' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /PORT: "eighty" is not a port number/);
  });

  it('refuses to start in production with OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK=true, naming it', () => {
    const production = {
      NODE_ENV: 'production',
      CONNECTOR_PRIVACY_POLICY_URL: 'https://shop.example/privacy',
      CONNECTOR_TERMS_URL: 'https://shop.example/terms',
      CONNECTOR_SUPPORT_URL: 'https://shop.example/support',
    };
    const result = run(['migrate'], { ...production, OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'true' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: must not be true in production \(NODE_ENV=production\).*development and tests only/);
  });

  it('says what to do when the database cannot be reached', () => {
    const result = run(['migrate'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /cannot reach the database .*Start it, or point DATABASE_URL elsewhere/);
  });

  it('migrates, then seeds with progress, and a second seed changes nothing', () => {
    const file = tempDb();
    const migrate = run(['migrate'], { DATABASE_URL: `sqlite:${file}` });
    assert.equal(migrate.status, 0, migrate.stderr);
    assert.ok(existsSync(file), 'the directory and file are created');
    assert.match(migrate.stderr, /migration applied: 0001-reference-data/);
    const first = run(['seed'], { DATABASE_URL: `sqlite:${file}` });
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stderr, /seeding states: \d+\/\d+/);
    assert.match(first.stderr, /countries: 249 added/);
    const second = run(['seed'], { DATABASE_URL: `sqlite:${file}` });
    assert.match(second.stderr, /countries: 0 added, 0 updated, 0 retired, 249 unchanged/);
  });

  it('cleans up with progress per kind, and skips its turn while another instance holds the job', () => {
    const file = tempDb();
    const url = `sqlite:${file}`;
    assert.equal(run(['migrate'], { DATABASE_URL: url }).status, 0);
    const result = run(['cleanup'], { DATABASE_URL: url });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /cleanup: sessions: 0 deleted/);
    assert.match(result.stderr, /cleanup: app registrations never approved: 0 deleted/);
    assert.match(result.stderr, /cleanup done: 0 rows deleted/);
    const db = new Sqlite(file);
    try {
      db.prepare('insert into job_locks (name, holder, expires_at) values (?, ?, ?)').run('cleanup', 'another-instance', new Date(Date.now() + 600_000).toISOString());
    } finally {
      db.close();
    }
    const skipped = run(['cleanup'], { DATABASE_URL: url });
    assert.equal(skipped.status, 0);
    assert.match(skipped.stderr, /cleanup skipped: another instance is running the cleanup now/);
    assert.equal(run(['cleanup', '--demo'], { DATABASE_URL: url }).status, 2, '--demo is for serve and seed');
  });

  describe('demo data', () => {
    it('explains --demo, --no-demo and SEED_DEMO in --help, and refuses unknown or misplaced options', () => {
      const help = run(['--help']);
      assert.match(help.stdout, /--demo/);
      assert.match(help.stdout, /--no-demo/);
      assert.match(help.stdout, /SEED_DEMO +[^\n]*auto \(SQLite only\) \| true \| false \(default: auto\)/);
      for (const [args, message] of [
        [['seed', '--demon'], /unknown option "--demon"/],
        [['migrate', '--demo'], /--demo applies to serve and seed/],
        [['seed', '--demo', '--no-demo'], /contradict/],
      ] as const) {
        const result = run([...args], { DATABASE_URL: `sqlite:${tempDb()}` });
        assert.equal(result.status, 2, args.join(' '));
        assert.match(result.stderr, message);
      }
    });

    it('stops at start-up on a bad SEED_DEMO, naming it', () => {
      const result = run(['seed'], { SEED_DEMO: 'yes', DATABASE_URL: `sqlite:${tempDb()}` });
      assert.equal(result.status, 2);
      assert.match(result.stderr, /SEED_DEMO: "yes" is not one of auto, true, false/);
    });

    it('on SQLite, serve creates the demo merchant and shows its credentials as a banner on stderr, never on stdout or in a log record', async () => {
      const file = tempDb();
      const { child, out } = spawnCli(['serve'], { LOG_LEVEL: 'info', DATABASE_URL: `sqlite:${file}`, SEED_DEMO: '' });
      try {
        const [, url] = await waitForOutput(child, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
        const { password, apiKey } = demoSecrets(out.stderr);
        assert.match(out.stderr, /={20,}\nDemo merchant created/);
        const login = await fetch(`${url}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@example.com', password }),
        });
        assert.equal(login.status, 200, 'the banner’s password signs in');
        assert.equal((await fetch(`${url}/v1/stores`, { headers: { 'x-merchantapikey': apiKey } })).status, 200, 'the banner’s key works');
        const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        assert.equal(await exited, 0);
        assert.match(out.stdout, /"msg":"request completed"/, 'the JSON log stream is on stdout');
        assert.ok(!out.stdout.includes(password), 'no password on stdout');
        assert.ok(!out.stdout.includes(apiKey) && !out.stdout.includes('sk_live_'), 'no API key on stdout');
        assert.doesNotMatch(out.stdout, /demo merchant/i);
        const copy = path.join(path.dirname(file), 'demo-credentials.txt');
        assert.equal(statSync(copy).mode & 0o777, 0o600);
        assert.ok(readFileSync(copy, 'utf8').includes(password), 'a copy beside the database');
      } finally {
        child.kill('SIGKILL');
      }
    });

    it('on SQLite, SEED_DEMO=false creates no demo merchant; --demo overrides it, once', async () => {
      const file = tempDb();
      const url = `sqlite:${file}`;
      const off = run(['seed'], { DATABASE_URL: url, SEED_DEMO: 'false' });
      assert.equal(off.status, 0, off.stderr);
      assert.doesNotMatch(off.stderr + off.stdout, /Demo merchant/);
      assert.deepEqual(await userEmails(url), []);
      assert.ok(!existsSync(path.join(path.dirname(file), 'demo-credentials.txt')));
      const asked = run(['seed', '--demo'], { DATABASE_URL: url, SEED_DEMO: 'false' });
      assert.equal(asked.status, 0, asked.stderr);
      const { password } = demoSecrets(asked.stderr);
      assert.ok(!asked.stdout.includes(password));
      assert.deepEqual(await userEmails(url), ['demo@example.com']);
      const again = run(['seed', '--demo'], { DATABASE_URL: url });
      assert.equal(again.status, 0, again.stderr);
      assert.match(again.stderr, /demo merchant not created: the database already has users/);
      assert.deepEqual(await userEmails(url), ['demo@example.com']);
    });

    it('on PostgreSQL, creates no demo merchant unless asked with --demo or SEED_DEMO=true', { skip: !databaseKinds().includes('postgres') && 'set TEST_DATABASE_URL' }, async () => {
      const database = await createTestDatabase('postgres');
      try {
        const url = database.config.kind === 'postgres' ? database.config.url : '';
        const plain = run(['seed'], { DATABASE_URL: url, SEED_DEMO: '' });
        assert.equal(plain.status, 0, plain.stderr);
        assert.doesNotMatch(plain.stderr + plain.stdout, /Demo merchant/);
        assert.deepEqual(await userEmails(url), []);
        const overridden = run(['seed', '--no-demo'], { DATABASE_URL: url, SEED_DEMO: 'true' });
        assert.equal(overridden.status, 0, overridden.stderr);
        assert.deepEqual(await userEmails(url), [], '--no-demo wins over SEED_DEMO=true');
        const asked = run(['seed', '--demo'], { DATABASE_URL: url });
        assert.equal(asked.status, 0, asked.stderr);
        const { password, apiKey } = demoSecrets(asked.stderr);
        assert.ok(!asked.stdout.includes(password) && !asked.stdout.includes(apiKey), 'nothing secret on stdout');
        assert.doesNotMatch(asked.stderr, /also saved to/, 'no file beside a PostgreSQL database');
        assert.deepEqual(await userEmails(url), ['demo@example.com']);
      } finally {
        await database.drop();
      }
    });
  });

  it('serves without syncing reference data the database already holds from this release, and seeds it when it does not', async () => {
    const file = tempDb();
    const serveOnce = async () => {
      const { child, out } = spawnCli(['serve', '--no-demo'], { LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${file}` });
      try {
        const [, url] = await waitForOutput(child, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
        const countries = await fetch(`${url}/v1/countries?name=norway`);
        assert.equal(((await countries.json()) as { data: Array<{ id: string }> }).data[0]?.id, 'NO');
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      return out.stderr;
    };
    const first = await serveOnce();
    assert.match(first, /countries: 249 added/);
    const second = await serveOnce();
    assert.match(second, /reference data: up to date/);
    assert.doesNotMatch(second, /countries: /);
    const seeded = run(['seed', '--no-demo'], { DATABASE_URL: `sqlite:${file}` });
    assert.match(seeded.stderr, /countries: 0 added, 0 updated, 0 retired, 249 unchanged/, 'the seed command always syncs');
  });

  it('serves, prints its URL, and on SIGTERM stops cleanly and closes the database', async () => {
    const file = tempDb();
    const { child, out } = spawnCli(['serve'], { LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${file}` });
    try {
      const [, url] = await waitForOutput(child, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const health = await fetch(`${url}/healthz`);
      assert.equal(health.status, 200);
      const countries = await fetch(`${url}/v1/countries?name=norway`);
      assert.equal(((await countries.json()) as { data: Array<{ id: string }> }).data[0]?.id, 'NO');
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.match(out.stderr, /SIGTERM received/);
      assert.match(out.stderr, /stopped cleanly/);
      assert.ok(!existsSync(`${file}-wal`), 'the write-ahead log was checkpointed on close');
    } finally {
      child.kill('SIGKILL');
    }
  });
});

it('drains on SIGTERM with SHUTDOWN_DRAIN_SECONDS: readiness answers 503 at once while requests are still served, then it stops cleanly', async () => {
  const file = tempDb();
  const { child, out } = spawnCli(['serve'], { LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${file}`, SHUTDOWN_DRAIN_SECONDS: '2', SEED_DEMO: 'false' });
  try {
    const [, url] = await waitForOutput(child, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    assert.equal((await fetch(`${url}/readyz`)).status, 200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const stoppedAt = Date.now();
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ready = await fetch(`${url}/readyz`);
    assert.equal(ready.status, 503);
    assert.deepEqual(await ready.json(), { status: 'unavailable', checks: { instance: 'stopping' } });
    assert.equal(ready.headers.get('retry-after'), '5');
    const countries = await fetch(`${url}/v1/countries?name=norway`);
    assert.equal(countries.status, 200, 'requests are still served while draining');
    assert.equal(await exited, 0);
    assert.ok(Date.now() - stoppedAt >= 1900, 'it waited the drain before closing');
    assert.match(out.stderr, /draining for 2 s/);
    assert.match(out.stderr, /stopped cleanly/);
  } finally {
    child.kill('SIGKILL');
  }
});

describe("npm start's Node flags (docs/configuration.md, Memory)", () => {
  const root = path.join(import.meta.dirname, '..');
  const start = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/);

  it('print the version with `npm start -- --version`, starting nothing', () => {
    const result = spawnSync(process.execPath, [...start.slice(1), '--version'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1', PORT: 'eighty' },
      timeout: 60_000,
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, `commerce-service ${PACKAGE.version}\n`);
  });

  it('are the flags `node src/main.ts serve` runs with however it was started: it relaunches itself with those missing, same process', async () => {
    const cases: Array<{ flags: string[]; nodeOptions?: string; env?: Record<string, string>; expect: string[]; absent: string[]; arenas?: string }> = [
      { flags: [], expect: ['--max-semi-space-size=8', '--heap-growing-percent=20', 'stripped-modules.mjs'], absent: [], arenas: '1' },
      // The allocator settings the environment gives are kept as given too.
      { flags: [], env: { MALLOC_ARENA_MAX: '4' }, expect: ['--heap-growing-percent=20'], absent: [], arenas: '4' },
      // A flag given is kept as given; only what is missing is added.
      { flags: ['--max-semi-space-size=4'], expect: ['--max-semi-space-size=4', '--heap-growing-percent=20'], absent: ['--max-semi-space-size=8'] },
      // A command line of an earlier release, which preloaded the compile cache, still starts, and serves stripped.
      { flags: ['--import', './src/compile-cache.mjs'], expect: ['compile-cache.mjs', 'stripped-modules.mjs', '--heap-growing-percent=20'], absent: [] },
      // NODE_OPTIONS counts too (Node accepts only some V8 flags there: --heap-growing-percent is not one).
      { flags: [], nodeOptions: '--max-semi-space-size=16', expect: ['--heap-growing-percent=20'], absent: ['--max-semi-space-size=8'] },
    ];
    for (const c of cases) {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'commerce-flags-')), 'db.sqlite');
      dirs.push(path.dirname(file));
      const { child, out } = spawnCli(['serve', '--no-demo'], { ...c.env, LOG_LEVEL: 'info', DATABASE_URL: `sqlite:${file}`, NODE_OPTIONS: c.nodeOptions ?? '' }, c.flags);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await waitForOutput(child, /listening on (http:\/\/127\.0\.0\.1:\d+)/).catch((error: Error) => assert.fail(`${error.message}\n${out.stderr}`));
        const argv = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
        for (const flag of c.expect) assert.ok(argv.some((arg) => arg.includes(flag)), `${flag} in ${argv.join(' ')}`);
        for (const flag of c.absent) assert.ok(!argv.includes(flag), `no ${flag} in ${argv.join(' ')}`);
        assert.deepEqual(argv.slice(-3, -1), ['serve', '--no-demo'], 'the same command, in the same process');
        if (c.arenas !== undefined) {
          const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
          assert.ok(environ.includes(`MALLOC_ARENA_MAX=${c.arenas}`), `MALLOC_ARENA_MAX=${c.arenas}`);
          for (const name of ['MALLOC_MMAP_THRESHOLD_=65536', 'MALLOC_TRIM_THRESHOLD_=131072']) assert.ok(environ.includes(name), name);
        }
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    }
  });

  it('serve strips its modules ahead and serves them stripped: one file per module, named by its source, positions kept (decision 0045)', async () => {
    assert.equal(start[0], 'node');
    const flags = start.slice(1, start.indexOf('src/main.ts'));
    const stripped = mkdtempSync(path.join(tmpdir(), 'commerce-stripped-'));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'commerce-flags-')), 'db.sqlite');
    dirs.push(stripped, path.dirname(file));
    const { child, out } = spawnCli(['serve', '--no-demo'], { LOG_LEVEL: 'info', DATABASE_URL: `sqlite:${file}`, COMMERCE_STRIPPED_MODULES: stripped }, flags);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await waitForOutput(child, /listening on (http:\/\/127\.0\.0\.1:\d+)/).catch((error: Error) => assert.fail(`${error.message}\n${out.stderr}`));
      const argv = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      assert.ok(argv.some((arg) => arg.endsWith('/src/stripped-modules.mjs')), argv.join(' '));
      assert.doesNotMatch(out.stderr, /ExperimentalWarning/);
      for (const module of ['src/main.ts', 'src/serve-flags.ts', 'src/app.ts', 'src/db/catalog-repo.ts']) {
        const source = readFileSync(path.join(root, module));
        const name = `${createHash('sha256').update(source).digest('hex')}.js`;
        assert.ok(readdirSync(stripped).includes(name), `${module} stripped`);
        const javascript = readFileSync(path.join(stripped, name), 'utf8');
        // Types become blanks: every line and column is where it was, so stack traces point into the source.
        assert.deepEqual(javascript.split('\n').map((line) => line.length), source.toString('utf8').split('\n').map((line) => line.length), module);
        assert.doesNotMatch(javascript, /: StoreContext\b|^import type /m, module);
      }
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('keep the stripped modules in a directory of their own user only, never in one another user could write to', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'commerce-stripped-base-'));
    dirs.push(base);
    const top = path.join(base, `commerce-service-${process.getuid!()}`);
    assert.equal(strippedDirectory(undefined, base), path.join(top, 'stripped', process.version));
    assert.equal(statSync(top).mode & 0o777, 0o700);
    assert.equal(strippedDirectory('/srv/stripped', base), '/srv/stripped', 'the directory the operator names');
    chmodSync(top, 0o777);
    assert.equal(strippedDirectory(undefined, base), undefined, 'a directory others may write to');
    rmSync(top, { recursive: true });
    symlinkSync(base, top);
    assert.equal(strippedDirectory(undefined, base), undefined, 'a link to somewhere else');
  });
});
