import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts');
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

  it('explains its commands with --help', () => {
    const result = run(['--help']);
    assert.equal(result.status, 0);
    for (const command of ['serve', 'migrate', 'seed']) assert.match(result.stdout, new RegExp(`\\n  ${command} `));
    assert.match(result.stdout, /DATABASE_URL/);
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

  it('serves, prints its URL, and on SIGTERM stops cleanly and closes the database', async () => {
    const file = tempDb();
    const child = spawn(process.execPath, [MAIN, 'serve'], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${file}`, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    try {
      const [, url] = await waitForOutput(child, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const health = await fetch(`${url}/healthz`);
      assert.equal(health.status, 200);
      const countries = await fetch(`${url}/v1/countries?name=norway`);
      assert.equal(((await countries.json()) as { data: Array<{ id: string }> }).data[0]?.id, 'NO');
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.match(stderr, /SIGTERM received/);
      assert.match(stderr, /stopped cleanly/);
      assert.ok(!existsSync(`${file}-wal`), 'the write-ahead log was checkpointed on close');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
