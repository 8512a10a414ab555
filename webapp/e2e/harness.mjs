// The e2e harness: a private pair of databases, a seeded `pricelens serve` on a free
// port, and Debian's chromium driven by playwright-core. Everything it creates it
// removes again, also when a step fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';

const here = dirname(fileURLToPath(import.meta.url));
export const webappDir = resolve(here, '..');
export const repoDir = resolve(webappDir, '..');

// The servers are the local stack's, or whatever PRICELENS_POSTGRES_URL and
// PRICELENS_CLICKHOUSE_ADDR name (the same settings the binary reads).
const PG_URL = process.env.PRICELENS_POSTGRES_URL || 'postgres://pricelens:pricelens@127.0.0.1:15432/pricelens?sslmode=disable';
const CH_ADDR = process.env.PRICELENS_CLICKHOUSE_ADDR || '127.0.0.1:19000';

/**
 * clickhouse runs one statement on the stack's ClickHouse (database db, '' for
 * none) and returns its output, trimmed: with clickhouse-client over the native
 * protocol, or over the HTTP interface when the product uses it
 * (PRICELENS_CLICKHOUSE_PROTOCOL=http: ClickHouse 26.7 through chDB, make e2e-current).
 */
export function clickhouse(db, sql) {
  const r =
    process.env.PRICELENS_CLICKHOUSE_PROTOCOL === 'http'
      ? spawnSync('curl', ['-sS', '--fail-with-body', '--data-binary', sql, `http://${process.env.PRICELENS_CLICKHOUSE_HTTP_ADDR || CH_ADDR}/?database=${encodeURIComponent(db || 'default')}`], { encoding: 'utf8' })
      : spawnSync('clickhouse-client', ['--port', CH_ADDR.split(':').pop(), ...(db ? ['-d', db] : []), '-q', sql], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`clickhouse: ${sql.slice(0, 80)}: ${r.stderr || r.stdout}`);
  return r.stdout.trim();
}

/** pgURL returns the PostgreSQL URL with its database replaced. */
function pgURL(database) {
  const u = new URL(PG_URL);
  u.pathname = '/' + database;
  return u.toString();
}
const PG_ADMIN = pgURL('postgres');

function log(...a) {
  console.log('[e2e]', ...a);
}

function run(cmd, args, env, what) {
  const r = spawnSync(cmd, args, { env, encoding: 'utf8', cwd: repoDir, timeout: 60 * 60 * 1000, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    throw new Error(`${what} failed (${r.status}): ${r.stderr || r.stdout || r.error}`);
  }
  return r.stdout;
}

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/** binary returns the pricelens binary: PRICELENS_BIN, else ../bin/pricelens (built when missing). */
function binary() {
  if (process.env.PRICELENS_BIN) return process.env.PRICELENS_BIN;
  return built('pricelens');
}

/** built returns ../bin/<name>, built from ./cmd/<name> when missing. */
function built(name) {
  const bin = join(repoDir, 'bin', name);
  if (!existsSync(bin)) {
    log('building', bin);
    run('go', ['build', '-o', bin, './cmd/' + name], process.env, 'go build');
  }
  return bin;
}

/**
 * startIdP starts the stack's OpenID Connect provider (cmd/devidp) on a free port for
 * this run, registered for the server's callback; it signs in the demo administrator.
 */
async function startIdP(stack, port) {
  const idpPort = await freePort();
  const secret = randomBytes(12).toString('hex');
  const args = ['--addr', `127.0.0.1:${idpPort}`, '--client-id', 'pricelens-e2e', '--client-secret', secret,
    '--redirect-url', `http://127.0.0.1:${port}/api/login/sso/callback`];
  stack.idp = spawn(built('devidp'), args, { cwd: repoDir, stdio: ['ignore', 'ignore', 'pipe'] });
  stack.idp.stderr.on('data', (d) => stack.serverLog.push('[devidp] ' + d));
  const issuer = `http://127.0.0.1:${idpPort}/oidc`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (stack.idp.exitCode !== null) throw new Error('devidp exited: ' + stack.serverLog.join(''));
    try {
      if ((await fetch(issuer + '/.well-known/openid-configuration')).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('devidp did not answer in 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { PRICELENS_OIDC_ISSUER: issuer, PRICELENS_OIDC_CLIENT_ID: 'pricelens-e2e', PRICELENS_OIDC_CLIENT_SECRET: secret };
}

/**
 * startStack creates e2e_<random> databases, migrates and seeds them (size S,
 * seed 1), and serves the built webapp on a free loopback port. With
 * E2E_DATABASE set (e.g. bench_l, make e2e-home-l) it serves those loaded databases
 * instead, as they are: no migration, no seed, never dropped; E2E_ADMIN_PASSWORD is
 * the demo administrator's password there.
 */
export async function startStack({ size = 'S' } = {}) {
  const dist = join(webappDir, 'dist', 'index.html');
  if (!existsSync(dist)) throw new Error('webapp/dist is missing: run `npm run build` first');
  const existing = process.env.E2E_DATABASE;
  if (existing && !process.env.E2E_ADMIN_PASSWORD) throw new Error('E2E_DATABASE needs E2E_ADMIN_PASSWORD, the administrator password of ' + existing);
  const name = existing || 'e2e_' + randomBytes(5).toString('hex');
  const port = await freePort();
  const password = existing ? process.env.E2E_ADMIN_PASSWORD : 'e2e-' + randomBytes(8).toString('hex');
  const env = {
    ...process.env,
    PRICELENS_CLICKHOUSE_DB: name,
    PRICELENS_POSTGRES_URL: pgURL(name),
    PRICELENS_ADMIN_PASSWORD: password,
    PRICELENS_HTTP_ADDR: `127.0.0.1:${port}`,
    PRICELENS_WEBAPP_DIR: join(webappDir, 'dist'),
    PRICELENS_LOG_LEVEL: process.env.PRICELENS_LOG_LEVEL || 'warn',
  };
  const bin = binary();
  const stack = { name, port, password, env, bin, server: null, idp: null, base: `http://127.0.0.1:${port}`, serverLog: [] };
  try {
    Object.assign(env, await startIdP(stack, port));
    if (existing) {
      log(`serving the loaded databases ${name} as they are`);
    } else {
      let t = Date.now();
      run(bin, ['migrate'], env, 'pricelens migrate');
      log(`migrated ${name} in ${Date.now() - t} ms`);
      t = Date.now();
      run(bin, ['seed', '--size', size, '--seed', '1'], env, 'pricelens seed');
      log(`seeded ${size} in ${Date.now() - t} ms`);
    }
    stack.server = spawn(bin, ['serve'], { env, cwd: repoDir, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d) => {
      stack.serverLog.push(String(d));
      if (stack.serverLog.length > 200) stack.serverLog.shift();
    };
    stack.server.stdout.on('data', keep);
    stack.server.stderr.on('data', keep);
    await waitHealthy(stack);
    log('server up at', stack.base);
    return stack;
  } catch (e) {
    await stopStack(stack);
    throw e;
  }
}

async function waitHealthy(stack) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (stack.server.exitCode !== null) throw new Error('pricelens serve exited: ' + stack.serverLog.join(''));
    try {
      const r = await fetch(stack.base + '/api/health');
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('pricelens serve did not become healthy in 60 s');
}

/** stopStack stops the server and the identity provider it started (by pid) and drops both private databases. */
export async function stopStack(stack) {
  if (stack.idp && stack.idp.exitCode === null) stack.idp.kill('SIGTERM');
  if (stack.server && stack.server.exitCode === null) {
    stack.server.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => {
        stack.server.kill('SIGKILL');
        r();
      }, 10_000);
      stack.server.once('exit', () => (clearTimeout(t), r()));
    });
  }
  if (!/^e2e_[0-9a-f]{10}$/.test(stack.name)) return;
  try {
    clickhouse('', `DROP DATABASE IF EXISTS ${stack.name}`);
  } catch (e) {
    log('could not drop ClickHouse database', stack.name, e.message);
  }
  const pg = spawnSync('psql', [PG_ADMIN, '-v', 'ON_ERROR_STOP=1', '-c', `DROP DATABASE IF EXISTS ${stack.name} WITH (FORCE)`], { encoding: 'utf8' });
  if (pg.status !== 0) log('could not drop PostgreSQL database', stack.name, pg.stderr);
  log('dropped', stack.name);
}

/** psql runs SQL on the stack's private PostgreSQL database. */
export function psql(stack, sql) {
  const r = spawnSync('psql', [stack.env.PRICELENS_POSTGRES_URL, '-v', 'ON_ERROR_STOP=1', '-At', '-c', sql], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error('psql: ' + r.stderr);
  return r.stdout.trim();
}

/** launchBrowser starts Debian's chromium headless with a fresh profile. */
export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'pricelens-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1500, height: 950 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
