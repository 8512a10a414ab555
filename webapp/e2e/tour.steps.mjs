// Issue 32: single sign-on against the stack's own OpenID Connect provider
// (cmd/devidp, started by the harness), then a screenshot tour of every route of
// the webapp's router, signed in (through that sign-in) as the demo administrator
// at S. The screenshots are an artifact of `make test` (e2e/.artifacts/tour/, named
// by route); the tour also checks each page mechanically and fails on what it finds.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { webappDir } from './harness.mjs';

const ADMIN = 'admin@pricelens.local';
export const TOUR_DIR = join(webappDir, 'e2e', '.artifacts', 'tour');

/** routePatterns reads the route table of src/App.tsx, so a new route cannot be left out of the tour. */
function routePatterns() {
  const src = readFileSync(join(webappDir, 'src', 'App.tsx'), 'utf8');
  return [...src.matchAll(/\{\s*pattern: '([^']+)'/g)].map((m) => m[1]);
}

/**
 * START: the addresses the tour opens for routes without parameters, or with a
 * parameter whose values are fixed (trends, assortment types, the /new pages). The
 * routes with an id are toured at reports the tour saves (reportsWithIds) and, for
 * the others, at the first link to them found on the pages before.
 * SKIP: routes with no page of their own to look at, and why.
 */
const START = {
  '/': ['/'],
  '/pricing': ['/pricing'],
  '/pricing/reports': ['/pricing/reports'],
  '/pricing/assortment/:type': ['/pricing/assortment/assortment', '/pricing/assortment/assortment_by_brand', '/pricing/assortment/assortment_by_category', '/pricing/assortment/assortment_products'],
  '/pricing/real_time': ['/pricing/real_time'],
  '/trend/:name': ['/trend/price_trend', '/trend/key_business_metrics', '/trend/margin_trend', '/trend/price_vs_market_trend', '/trend/competitiveness_metrics'],
  '/saved_reports': ['/saved_reports'],
  '/alerts': ['/alerts'],
  '/settings': ['/settings'],
  '/insights': ['/insights'],
  '/insights/analytics': ['/insights/analytics'],
  '/new/repricing/dynamic_pricer': ['/new/repricing/dynamic_pricer'],
  '/new/repricing/results': ['/new/repricing/results'],
  '/new/repricing/simulation_results': ['/new/repricing/simulation_results'],
  '/new/repricing/audit_log': ['/new/repricing/audit_log'],
  '/new/repricing/upload_files': ['/new/repricing/upload_files'],
  '/new/repricing/approval': ['/new/repricing/approval'],
  '/new/repricing/manual_approval_audit': ['/new/repricing/manual_approval_audit'],
  '/new/home/dashboard': ['/new/home/dashboard'],
  '/new/:a/:b': ['/new/competitive_intelligence/match_feedback', '/new/manage/users', '/new/manage/permissions'],
  '/system': ['/system'],
  '/error': ['/error'],
  '/switch_account': ['/switch_account'],
};
const SKIP = {
  '/login': 'shown signed out by the single sign-on step (login.png)',
  '/login/sso': 'the same sign-in page as /login',
  '/login/OneLogin': 'the same sign-in page as /login',
  '/login/logout': 'signs out; the single sign-on step uses it',
  '/login/reset': "needs a reset mail's token (the password-reset steps)",
  '/account': 'shown by the single sign-on step (account.png)',
  '/new/:a/:b/:c': 'every three-part /new address is the not-found page',
};

/**
 * fileName names a screenshot by its address; a share link's random token is named "token", so
 * names stay the same from run to run. A token is long and mixes cases or digits; a long name of
 * words (assortment_by_category, key_business_metrics) is kept, so each address has its own file.
 */
const isToken = (seg) => seg.length > 16 && !/^[a-z_]+$/.test(seg);
const fileName = (path) =>
  (path === '/' ? 'root' : path.slice(1).split('/').map((seg) => (isToken(seg) ? 'token' : seg)).join('_').replace(/[^A-Za-z0-9_.-]+/g, '_')) + '.png';
const patternRe = (p) => new RegExp('^' + p.replace(/:[a-z]+/g, '[^/]+') + '/?$');

/**
 * settle waits until the page has stopped loading: no spinner, no grid loading overlay, the
 * network quiet. It answers false when the page still loads after 30 s (a slow trend on busy
 * cores: the screenshot then shows "Loading...", and tour.txt says so).
 */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => {});
  return page
    .waitForFunction(() => !document.querySelector('.spinner, .page-loading, .ag-overlay-loading-wrapper, .ag-row-loading, [aria-busy="true"]'), null, { timeout: 30_000 })
    .then(
      () => true,
      () => false,
    );
}

/** inspect runs the mechanical checks in the page and returns what it found, one line each. */
function inspect() {
  const found = [];
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  // Broken images: loaded, but with no pixels.
  for (const img of document.querySelectorAll('img')) {
    if (img.complete && img.naturalWidth === 0 && visible(img)) found.push(`broken image ${img.getAttribute('src')}`);
  }
  // Cards and tiles whose content is wider than they are.
  for (const el of document.querySelectorAll('[class*="card"], [class*="tile"]')) {
    if (!visible(el) || getComputedStyle(el).overflowX === 'auto' || getComputedStyle(el).overflowX === 'scroll') continue;
    if (el.scrollWidth > el.clientWidth + 2) found.push(`overflowing ${el.className.split(' ')[0]}: ${el.scrollWidth} > ${el.clientWidth} px ("${el.textContent.trim().slice(0, 40)}")`);
  }
  // A raw id where a name belongs: a title or breadcrumb that is only a number, or "Report 12".
  for (const el of document.querySelectorAll('h1, h2, .breadcrumb li, .breadcrumb a, nav[aria-label="Breadcrumb"] li')) {
    const t = el.textContent.trim();
    if (/^(#?\d+|(report|insight|product|account|rule|alert) #?\d+)$/i.test(t)) found.push(`raw id as a title: "${t}"`);
  }
  // ag-grid: a column whose cells are all empty, and name columns that show numbers.
  for (const grid of document.querySelectorAll('.ag-root-wrapper')) {
    const rows = grid.querySelectorAll('.ag-center-cols-container .ag-row[row-index]:not(.ag-row-loading), .ag-center-cols-viewport .ag-row[row-index]:not(.ag-row-loading)');
    if (rows.length === 0) continue;
    for (const h of grid.querySelectorAll('.ag-header-row-column .ag-header-cell[col-id]')) {
      const id = h.getAttribute('col-id');
      const name = h.textContent.trim();
      const cells = [...grid.querySelectorAll(`.ag-row[row-index]:not(.ag-row-loading) .ag-cell[col-id="${CSS.escape(id)}"]`)];
      if (cells.length === 0 || id.startsWith('ag-Grid-')) continue;
      const empty = (c) => c.textContent.trim() === '' && !c.querySelector('img, svg, input, button, canvas, a, [role="img"]');
      if (name !== '' && cells.every(empty)) found.push(`grid column "${name}" (${id}) is empty in all ${cells.length} rows`);
      if (/name/i.test(name) && cells.some((c) => /^\d+$/.test(c.textContent.trim()))) found.push(`grid column "${name}" shows a raw id`);
    }
  }
  // Buttons left with the browser's own look (no .btn): grey and outset among styled ones.
  for (const b of document.querySelectorAll('button')) {
    if (visible(b) && !b.closest('.ag-root-wrapper') && getComputedStyle(b).borderTopStyle === 'outset') found.push(`unstyled button "${b.textContent.trim().slice(0, 30)}"`);
  }
  // The page itself wider than the window.
  if (document.documentElement.scrollWidth > window.innerWidth + 2) found.push(`page overflows horizontally: ${document.documentElement.scrollWidth} > ${window.innerWidth} px`);
  return found;
}

/**
 * reportsWithIds saves one report of each kind that has an address of its own (a
 * tabular, an assortment and a trend report, share links of two, a custom insight
 * report), through the API as the screens do, and returns their addresses.
 */
async function reportsWithIds(page, base) {
  return page.evaluate(async (base) => {
    const csrf = decodeURIComponent(document.cookie.match(/pricelens_csrf=([^;]+)/)[1]);
    const post = async (path, body) => {
      const r = await fetch('/api' + path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf }, body: JSON.stringify(body) });
      const b = await r.json();
      if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(b)}`);
      return b;
    };
    const tab = await post('/saveReport/insertSaveReport', { report_name: 'Tour: my products', report_type: 'all_my_products', report_path: '/pricing/type/all_my_products' });
    const asm = await post('/saveReport/insertSaveReport', { report_name: 'Tour: assortment', report_type: 'assortment', report_path: '/pricing/assortment/assortment' });
    const trend = await post('/saveReport/insertSaveReport', { report_name: 'Tour: price trend', report_type: 'price_trend', report_path: '/trend/price_trend', folder_id: -1, chart: false });
    const tabShare = await post('/saveReport/insertSaveReportForCopyLink', { reportId: tab.id });
    const trendShare = await post('/saveReport/insertSaveReportForCopyLink', { reportId: trend.id });
    // A custom report of the product's own: the insights panel widget's page (a BI tool's address is not reachable here).
    const custom = await post('/custom_reports', { name: 'Tour: insights panel', report_type: 1, embed_url: base + '/api/widgets/insights_panel.html' });
    return [
      '/pricing/type/' + tab.id,
      '/pricing/assortment/assortment/type/' + asm.id,
      '/trend/price_trend/type/' + trend.id,
      '/pricing/share/' + tabShare.id,
      '/trend/price_trend/share/' + trendShare.id,
      '/insights/' + custom.report.id,
    ];
  }, base);
}

export const tourSteps = [
  {
    name: 'single sign-on through the stack OpenID Connect provider',
    async run({ page, stack }) {
      rmSync(TOUR_DIR, { recursive: true, force: true });
      mkdirSync(TOUR_DIR, { recursive: true });
      await page.goto(stack.base + '/login/logout');
      await page.waitForURL(/\/login/);
      await page.goto(stack.base + '/login');
      const sso = page.getByRole('link', { name: 'Sign in with SSO' });
      await sso.waitFor();
      await page.screenshot({ path: join(TOUR_DIR, 'login.png'), fullPage: true });
      // The button goes to our /api/login/sso, the provider's authorization endpoint and back
      // to the callback, which signs the demo administrator in (two accounts: the chooser).
      await sso.click();
      await page.getByLabel('Choose an account').waitFor();
      await page.screenshot({ path: join(TOUR_DIR, 'account.png'), fullPage: true });
      const select = page.getByLabel('Choose an account');
      await select.selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => !/\/(login|account)/.test(u.pathname));
      await page.goto(stack.base + '/system');
      await page.getByRole('heading', { name: 'System' }).waitFor();
      assert.equal((await page.locator('.facts dd').nth(2).textContent()).trim(), ADMIN, 'signed in as the demo administrator');
    },
  },
  {
    name: 'screenshot tour of every route',
    async run({ page, stack, metrics }) {
      const patterns = routePatterns();
      assert.ok(patterns.length > 30, 'the route table was read: ' + patterns.length);
      const missing = patterns.filter((p) => !START[p] && !SKIP[p] && !/:/.test(p));
      assert.deepEqual(missing, [], 'routes without parameters the tour does not know');
      const seen = new Set();
      const links = new Set();
      const findings = [];
      const stillLoading = [];
      const visit = async (path) => {
        if (seen.has(path)) return;
        seen.add(path);
        await page.goto(stack.base + path);
        if (!(await settle(page))) stillLoading.push(path);
        await page.screenshot({ path: join(TOUR_DIR, fileName(path)), fullPage: true });
        for (const f of await page.evaluate(inspect)) findings.push(`${path}: ${f}`);
        for (const href of await page.$$eval('a[href^="/"]', (as) => as.map((a) => a.getAttribute('href').split(/[?#]/)[0]))) links.add(href);
      };
      const started = Date.now();
      for (const p of patterns) for (const path of START[p] ?? []) await visit(path);
      for (const path of await reportsWithIds(page, stack.base)) await visit(path);
      // Other routes with an id: the first link to each found on the pages above, taking the
      // router's rule that the first route that matches an address is the one it shows.
      const notReached = [];
      const routeOf = (href) => patterns.find((q) => patternRe(q).test(href));
      for (const p of patterns.filter((p) => /:/.test(p) && !START[p] && !SKIP[p] && ![...seen].some((s) => routeOf(s) === p))) {
        const href = [...links].find((h) => routeOf(h) === p);
        if (href) await visit(href);
        else notReached.push(p);
      }
      metrics['tour pages'] = seen.size + 2;
      metrics['tour ms'] = Date.now() - started;
      const summary = [
        `tour of ${seen.size} addresses (${patterns.length} routes), screenshots in ${TOUR_DIR}`,
        ...[...seen].map((s) => `  ${s} -> ${fileName(s)}`),
        'skipped: ' + Object.entries(SKIP).map(([p, why]) => `${p} (${why})`).join('; '),
        'no link found to: ' + (notReached.join(', ') || 'none'),
        'still loading when taken (after 30 s): ' + (stillLoading.join(', ') || 'none'),
        'findings:',
        ...(findings.length ? findings.map((f) => '  ' + f) : ['  none']),
      ].join('\n');
      writeFileSync(join(TOUR_DIR, 'tour.txt'), summary + '\n');
      assert.deepEqual(notReached, [], 'routes the tour could not open');
      // Every address its own screenshot: the assortment types, the trends and the /new pages used
      // to share one file per route (their long names were taken for share tokens), the last one kept.
      const files = [...seen].map(fileName);
      assert.deepEqual(files.filter((f, i) => files.indexOf(f) !== i), [], 'addresses whose screenshots overwrite each other');
      assert.deepEqual(findings, [], 'the tour found defects (see ' + join(TOUR_DIR, 'tour.txt') + ')');
    },
  },
];
