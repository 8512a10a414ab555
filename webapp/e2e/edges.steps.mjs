// Issue 32's rough edges found in the screenshot tour, each a step that failed before its fix:
// the pricer's result grids showed an empty grid ("Page 0 of 0") under "No run has finished yet"
// and kept the table under the group and graph modes (a display rule beat the hidden attribute);
// the charts drew at a fixed width (the home dashboard's used about two thirds of their card, the
// trend screens' as much of the page); the chart legends on the home page took the widget lists'
// underlines; the product page's "Open product page" link touched the image box. Each step signs
// in itself.
import assert from 'node:assert/strict';
import { clickhouse, psql } from './harness.mjs';
import { signInTo, waitRows } from './pricer.steps.mjs';
import { call } from './exports.steps.mjs';

const ADMIN = 'admin@pricelens.local';
const GRIDS = [
  { path: '/new/repricing/results', title: 'Results', groups: 'Results by status' },
  { path: '/new/repricing/approval', title: 'Manual Approval', groups: 'Records by status' },
];

/** shown tells whether the page shows the pricer grid's table (the block holding it is laid out). */
const tableShown = (page) => page.$eval('.results-body', (el) => el.getBoundingClientRect().height > 0);

/**
 * chartFill is how much of its box's content width a chart's drawing takes (1 = all of it):
 * the svg's width over the content width of the card or chart frame around it.
 */
async function chartFill(page, label, box) {
  const svg = page.locator(`svg[aria-label="${label}"]`);
  await svg.waitFor();
  return svg.evaluate((s, box) => {
    const frame = s.closest(box);
    const cs = getComputedStyle(frame);
    const content = frame.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    return s.getBoundingClientRect().width / content;
  }, box);
}

/** The steps before the pricer's first run (steps.mjs puts them before pricerSteps). */
export const edgesBeforeRunSteps = [
  {
    name: 'pricer grids: before any run the notice and no empty grid',
    async run({ page, stack }) {
      assert.equal(psql(stack, "SELECT count(*) FROM pricer_runs WHERE status = 'complete'"), '0', 'no run has finished yet');
      for (const g of GRIDS) {
        await signInTo(page, stack.base, ADMIN, stack.password, g.path);
        await page.getByRole('heading', { name: g.title, exact: true }).waitFor();
        await page.locator('.empty-state').filter({ hasText: 'No run has finished yet.' }).waitFor();
        assert.equal(await tableShown(page), false, g.title + ': no grid to page before a run');
        assert.equal(await page.locator('.ag-paging-panel').isVisible(), false, g.title + ': no "Page 0 of 0"');
        assert.equal((await page.getByLabel('Row count').textContent()).trim(), '', g.title + ': no count of nothing');
      }
    },
  },
  {
    name: 'manual approval audit: before any decision the words and no empty grid',
    async run({ page, stack }) {
      assert.equal(psql(stack, 'SELECT count(*) FROM approval_decisions'), '0', 'no decision yet');
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/manual_approval_audit');
      await page.getByRole('heading', { name: 'Manual Approval Audit Log' }).waitFor();
      await page.locator('.empty-state').filter({ hasText: 'No decisions yet' }).waitFor();
      assert.equal(await page.locator('.ag-paging-panel').count(), 0, 'no "Page 0 of 0"');
    },
  },
];

/** The steps after the pricer's runs (steps.mjs puts them after pricerResultsSteps). */
export const edgesAfterRunSteps = [
  {
    name: 'pricer grids: group and graph modes take the place of the table',
    async run({ page, stack }) {
      for (const g of GRIDS) {
        await signInTo(page, stack.base, ADMIN, stack.password, g.path);
        await page.getByRole('heading', { name: g.title, exact: true }).waitFor();
        await waitRows(page);
        assert.equal(await tableShown(page), true);
        const modes = page.getByRole('group', { name: 'Mode' });
        await modes.getByRole('button', { name: 'Group' }).click();
        await page.getByLabel('Group by').selectOption({ label: 'Status' });
        await page.getByRole('table', { name: g.groups }).waitFor();
        assert.equal(await tableShown(page), false, g.title + ': the group table alone, not the grid under it');
        await modes.getByRole('button', { name: 'Graph' }).click();
        await page.getByRole('img', { name: g.groups }).waitFor();
        assert.equal(await tableShown(page), false, g.title + ': the graph alone');
        await modes.getByRole('button', { name: 'Table' }).click();
        await waitRows(page);
        assert.equal(await tableShown(page), true, g.title + ': the table again');
      }
    },
  },
  {
    name: 'manual approval audit: its page size is shown',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/manual_approval_audit');
      await page.getByRole('heading', { name: 'Manual Approval Audit Log' }).waitFor();
      const size = page.locator('.ag-paging-page-size .ag-picker-field-display');
      await size.waitFor();
      assert.equal((await size.textContent()).trim(), '30', 'the page size the grid pages by (it was blank)');
    },
  },
];

/**
 * truncatedHeaders lists the competitor column headers of the report grid whose name the header
 * does not show whole: the text wider than its box (ag-grid's ellipsis), or taller than its cell.
 */
async function truncatedHeaders(page) {
  return page.$$eval('.ag-header-cell[col-id*="@"]', (cells) =>
    cells.map((cell) => {
      const text = cell.querySelector('.ag-header-cell-text');
      const c = cell.getBoundingClientRect();
      const t = text.getBoundingClientRect();
      return { name: text.textContent.trim(), cut: text.scrollWidth > text.clientWidth || t.bottom > c.bottom + 1 || text.scrollHeight > text.clientHeight + 1 };
    }),
  );
}

/** The steps of the home dashboard, the trend screens and the product page (after the home steps). */
export const edgesLayoutSteps = [
  {
    name: 'report grid: competitor headers show the whole name',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/pricing/type/all_my_products');
      await waitRows(page);
      const headers = await truncatedHeaders(page);
      assert.ok(headers.length >= 2, 'competitor columns are shown: ' + headers.length);
      // The demo's names are long ("BestDeal Electronics delta %" was "BestDe…").
      assert.ok(headers.some((h) => h.name.length > 15), 'a long competitor name among ' + headers.map((h) => h.name).join(', '));
      assert.deepEqual(headers.filter((h) => h.cut).map((h) => h.name), [], 'headers cut short');
    },
  },
  {
    name: 'charts fill their card: the home dashboard and a trend screen',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/home/dashboard');
      for (const label of ['Cheaper, similar and dearer over the last 30 days', 'Price index over the last 30 days']) {
        const fill = await chartFill(page, label, '.home-widget');
        assert.ok(fill >= 0.9, `${label}: the chart takes ${(fill * 100).toFixed(0)} % of its card's width`);
      }
      // The legend is a row of keys, not a list with the widget's rules under each item.
      const ruled = await page.$$eval('.home-widget .legend li', (lis) => lis.filter((li) => parseFloat(getComputedStyle(li).borderBottomWidth) > 0).length);
      assert.equal(ruled, 0, 'legend keys without the widget rows’ underline');
      // The window narrower: the chart follows its card.
      await page.setViewportSize({ width: 1100, height: 950 });
      await page.waitForTimeout(300);
      const narrow = await chartFill(page, 'Price index over the last 30 days', '.home-widget');
      assert.ok(narrow >= 0.9 && narrow <= 1.01, `in a narrower window the chart takes ${(narrow * 100).toFixed(0)} % of its card`);
      await page.setViewportSize({ width: 1500, height: 950 });
      await page.goto(stack.base + '/trend/price_trend');
      const fill = await chartFill(page, 'Price trend', '.line-chart');
      assert.ok(fill >= 0.9, `the price trend takes ${(fill * 100).toFixed(0)} % of its frame`);
    },
  },
  {
    name: 'home dashboard: the widgets fill their rows at 1280 px and in a narrower window',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/home/dashboard');
      await page.getByRole('region', { name: 'Saved reports' }).waitFor();
      for (const width of [1280, 1100]) {
        await page.setViewportSize({ width, height: 950 });
        await page.waitForTimeout(200);
        // Each row of widgets (and of the starting-point cards) reaches both edges of its block: no empty cell.
        const gaps = await page.$$eval('.home-grid, .home .report-index', (blocks) =>
          blocks.flatMap((b) => {
            const box = b.getBoundingClientRect();
            const rows = new Map();
            for (const w of b.children) {
              const r = w.getBoundingClientRect();
              const top = Math.round(r.top);
              rows.set(top, { left: Math.min(rows.get(top)?.left ?? Infinity, r.left), right: Math.max(rows.get(top)?.right ?? -Infinity, r.right) });
            }
            return [...rows.values()].map((r) => ({ block: b.className, left: r.left - box.left, right: box.right - r.right }));
          }),
        );
        assert.ok(gaps.length >= 3, `rows found at ${width} px: ${gaps.length}`);
        const short = gaps.filter((g) => g.left > 1 || g.right > 1);
        assert.deepEqual(short, [], `rows that leave part of their width empty at ${width} px`);
      }
      await page.setViewportSize({ width: 1500, height: 950 });
    },
  },
  {
    name: 'product page: the link to the product page stands clear of the image',
    async run({ page, stack, allowed }) {
      allowed.push(/status of 502/); // a product image the proxy could not fetch
      await signInTo(page, stack.base, ADMIN, stack.password, '/pricing/reports');
      // A product of the account with both a page and an image (the flow's bulk-loaded products have neither).
      const account = await page.evaluate(async () => (await (await fetch('/api/account/getAccountData')).json()).account_id);
      const id = clickhouse(stack.name, `SELECT product_id FROM products FINAL WHERE account_id = ${Number(account)} AND url != '' AND img_url != '' ORDER BY product_id LIMIT 1`);
      assert.ok(id, 'a product with a page and an image');
      await page.goto(stack.base + '/new/product/' + encodeURIComponent(id));
      const link = page.getByRole('link', { name: 'Open product page' });
      await link.waitFor();
      const img = page.locator('.product-facts img.thumb');
      await page.waitForFunction(() => document.querySelector('.product-facts img.thumb')?.complete);
      const a = await link.boundingBox();
      const b = await img.boundingBox();
      assert.ok(a && b, 'the link and the image are shown');
      // The gap between the two boxes, across or down, whichever way they stand apart.
      const gap = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width), b.y - (a.y + a.height), a.y - (b.y + b.height));
      assert.ok(gap >= 8, `at least 8 px between the link and the image box: ${gap.toFixed(1)} px`);
      allowed.pop();
    },
  },
  {
    name: 'competitiveness trend of a many-competitor account: the notice links the snapshot report',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/trend/competitiveness_metrics');
      const note = page.getByRole('note').filter({ hasText: 'can be viewed only when the account has at most one competitor' });
      await note.waitFor();
      // The way on from a screen the account cannot see: the report it names, one click away.
      await note.getByRole('link', { name: 'competitiveness metrics snapshot' }).click();
      await page.waitForURL(/\/pricing\/type\/competitiveness_metrics_snapshot$/);
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(/Competitiveness metrics snapshot/i).waitFor();
    },
  },
  {
    name: 'competitiveness trend of a many-competitor account: no Save As of a screen it cannot show',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/trend/price_trend');
      const saveAs = page.getByRole('button', { name: 'Save As' });
      await saveAs.waitFor(); // the administrator may save a trend he can see
      await page.goto(stack.base + '/trend/competitiveness_metrics');
      await page.getByRole('note').filter({ hasText: 'can be viewed only when the account has at most one competitor' }).waitFor();
      assert.equal(await saveAs.count(), 0, 'the locked trend offers no Save As');
      assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0, 'nor Save');
    },
  },
  {
    name: "insight tiles: my price in the account's currency",
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/insights');
      const symbol = await page.evaluate(async () => (await (await fetch('/api/account/getAccountData')).json()).settings.currency_symbol);
      assert.ok(symbol, 'the account has a currency symbol');
      const numbers = page.locator('.insight-card .highlight-number');
      await numbers.first().waitFor();
      const texts = (await numbers.allTextContents()).map((t) => t.trim());
      // As the grids write money: the symbol, thousands separated, two decimals ("$1,190.99").
      const money = new RegExp('^' + symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '\\d{1,3}(,\\d{3})*\\.\\d{2}$');
      assert.deepEqual(texts.filter((t) => !money.test(t)), [], `tiles' prices without ${symbol}: ${texts.join(' ')}`);
    },
  },
  {
    name: 'widget embed snippets: the address the webapp was opened at',
    async run({ page, stack }) {
      assert.ok(!process.env.PRICELENS_PUBLIC_URL, 'the e2e server runs without a public URL');
      await signInTo(page, stack.base, ADMIN, stack.password, '/insights');
      const snippets = page.getByRole('region', { name: 'Embedded widgets' }).locator('pre');
      await snippets.first().waitFor();
      const text = (await snippets.allTextContents()).join('\n');
      // The server listens on a random port, not the default 127.0.0.1:8080 the snippets used to name.
      assert.ok(text.includes(`<script src="${stack.base}/api/widgets/insights_panel.js"></script>`), text);
      assert.ok(!text.includes('127.0.0.1:8080'), text);
    },
  },
  {
    name: 'custom report: a page that cannot be shown gets a message instead of a blank frame',
    async run({ page, stack, allowed }) {
      allowed.push(/ERR_NAME_NOT_RESOLVED/); // the unreachable host, on purpose
      await signInTo(page, stack.base, ADMIN, stack.password, '/insights');
      // An address no browser can reach (.invalid never resolves), as a mistyped BI address would be.
      const made = await call(page, 'POST', '/custom_reports', { name: 'E2E unreachable BI', report_type: 1, embed_url: 'https://bi.invalid/dash/7' });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      const id = made.body.report.id;
      await page.goto(stack.base + '/insights/' + id);
      const message = page.getByRole('alert').filter({ hasText: 'cannot be shown here' });
      await message.waitFor({ timeout: 10_000 });
      assert.ok((await message.textContent()).includes('bi.invalid'), 'the message names the host');
      assert.equal(await page.locator('iframe.embed').count(), 0, 'no blank frame');
      const href = await page.getByRole('link', { name: 'Open in a new tab' }).getAttribute('href');
      assert.ok(href.startsWith('https://bi.invalid/dash/7?embed_token='), 'the way there: ' + href);
      // The insights panel's own page, on the server's address, is shown in the frame.
      const panel = await call(page, 'POST', '/custom_reports', { name: 'E2E insights panel', report_type: 1, embed_url: stack.base + '/api/widgets/insights_panel.html' });
      assert.equal(panel.status, 200, JSON.stringify(panel.body));
      const shown = panel.body.report.id;
      await page.goto(stack.base + '/insights/' + shown);
      const frame = page.frameLocator('iframe.embed');
      await frame.getByText('Pricing opportunities').waitFor();
      assert.equal(await page.getByRole('alert').filter({ hasText: 'cannot be shown here' }).count(), 0);
      for (const i of [id, shown]) await call(page, 'DELETE', '/custom_reports/' + i);
      allowed.pop();
    },
  },
  {
    name: 'upload files: the in-force pager does not contradict the in-force count',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/upload_files');
      const section = page.getByRole('region', { name: 'Label FSN file' });
      const heading = section.getByRole('heading', { name: /^In force \(/ });
      await heading.waitFor();
      const total = Number((await heading.textContent()).replace(/[^0-9]/g, ''));
      const pager = section.getByLabel('In force pages');
      await pager.waitFor();
      const text = (await pager.textContent()).replace(/\s+/g, ' ');
      // The demo's label files keep more rows in force than the server lists (it used to say "of 200" under "In force (385)").
      assert.ok(text.includes(total.toLocaleString('en-US')), `the pager names the ${total} in force: ${text}`);
    },
  },
];
