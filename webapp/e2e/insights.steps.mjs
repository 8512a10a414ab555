// The pricing insights panel of issue 17: its numbers, and each number's link to
// the report that lists exactly what it counts.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';

const rows = '.ag-row[row-index]:not(.ag-row-loading)';

async function rowCount(page) {
  await page.waitForFunction(() => /\d/.test(document.querySelector('.row-count')?.textContent ?? ''));
  return Number((await page.locator('.row-count').textContent()).replace(/[^0-9]/g, ''));
}

/** follow clicks a panel number and checks that its report lists that many products. */
async function follow(page, stack, label) {
  await page.goto(stack.base + '/insights');
  const panel = page.getByRole('region', { name: 'Pricing insights' });
  const entry = panel.getByRole('listitem').filter({ hasText: label });
  const link = entry.getByRole('link');
  await link.waitFor();
  const n = Number((await link.textContent()).replace(/[^0-9]/g, ''));
  assert.ok(n > 0, label + ': the S data has such products');
  await link.click();
  if (label === 'Candidates for price raise') {
    // The pricer has run by now (the pricer steps): the candidates are its latest real run's
    // raises, and the link opens its results filtered on them.
    await page.waitForURL(/\/new\/repricing\/results\?change=up/);
    await page.waitForSelector(rows + ' [col-id]', { timeout: 20_000 });
    await page.waitForFunction((want) => Number((document.querySelector('.row-count')?.textContent ?? '').match(/^[\d,]+/)?.[0].replace(/,/g, '')) === want, n);
    return n;
  }
  await page.waitForURL(/\/pricing\/type\/all_my_products\?insight=/);
  await page.getByRole('status').filter({ hasText: 'Pricing insight: ' + label }).waitFor();
  await page.waitForSelector(rows + ' [col-id]', { timeout: 20_000 });
  assert.equal(await rowCount(page), n, label + ': the report lists as many products as the panel says');
  return n;
}

export const insightsSteps = [
  {
    name: 'insights panel: follow a number to its report',
    async run({ page, stack, metrics, allowed }) {
      // The demo's image hosts do not exist: the image proxy answers 502 and the tiles hide the image (docs/product.md §8).
      allowed.push(/status of 502/);
      await page.goto(stack.base + '/insights');
      const panel = page.getByRole('region', { name: 'Pricing insights' });
      await panel.getByRole('heading', { name: 'Latest updates & alerts' }).waitFor();
      await panel.getByRole('heading', { name: 'Pricing opportunities' }).waitFor();
      // The insight cards' tiles: a negative diff (under the market) in the minus style.
      const raise = page.getByRole('article', { name: 'Room to raise prices' });
      await raise.locator('.highlight').first().waitFor();
      assert.match(await raise.locator('.highlight-diff').first().textContent(), /^-\d+\.\d%$/);
      assert.equal(await raise.locator('.highlight-diff.negative').count(), await raise.locator('.highlight-diff').count());
      const above = page.getByRole('article', { name: 'Priced above the market' });
      assert.match(await above.locator('.highlight-diff').first().textContent(), /^\+\d+\.\d%$/);

      // (The change counts have a time budget and may be "-" on a loaded machine; the Go
      // test TestInsightsOnS checks their reports' counts.)
      const up = await follow(page, stack, 'Candidates for price raise');
      const oos = await follow(page, stack, 'Products out of stock at competitors');
      metrics['insights: price raise candidates, out of stock at competitors (S)'] = `${up}, ${oos}`;
      // Show all products leaves the insight: more rows than it had.
      await page.getByRole('link', { name: 'Show all products' }).click();
      await page.waitForURL((u) => !u.search.includes('insight'));
      await page.waitForFunction((n) => Number((document.querySelector('.row-count')?.textContent ?? '').replace(/[^0-9]/g, '')) > n, oos);
      allowed.pop();
    },
  },
  {
    name: 'embedded widgets load by key and without a token',
    async run({ page, stack, allowed }) {
      allowed.push(/status of 502/); // the cards' images, as in the step before
      // Same site, signed in: the widget takes a token and shows the panel's numbers.
      await page.goto(stack.base + '/insights');
      const panelUp = page.getByRole('region', { name: 'Pricing insights' }).getByRole('listitem').filter({ hasText: 'Candidates for price raise' }).getByRole('link');
      await panelUp.waitFor();
      const up = (await panelUp.textContent()).trim();
      const embeds = page.getByRole('region', { name: 'Embedded widgets' });
      // The list's addresses are built on PRICELENS_PUBLIC_URL (not this test server's port).
      await embeds.getByText(/<script src="http:\/\/[^"]+\/api\/widgets\/insights_panel\.js"><\/script>/).waitFor();
      await page.evaluate((src) => {
        const m = document.createElement('div');
        m.dataset.pricelensWidget = 'insights_panel';
        m.id = 'host-widget';
        document.body.appendChild(m);
        const s = document.createElement('script');
        s.src = src;
        document.body.appendChild(s);
      }, stack.base + '/api/widgets/insights_panel.js');
      const widget = page.locator('#host-widget .plw');
      await widget.getByRole('region', { name: 'Pricing opportunities' }).waitFor();
      const li = widget.locator('li').filter({ hasText: 'Candidates for price raise' });
      await li.locator('a.plw-number').waitFor();
      assert.equal((await li.locator('a.plw-number').textContent()).trim(), up, 'the widget shows the panel\'s number');

      // Another site's page (another origin: the token call is refused): "No Token" is
      // logged and the widget still loads.
      const logs = [];
      const onConsole = (m) => logs.push(m.text());
      page.on('console', onConsole);
      allowed.push(/CORS|ERR_FAILED|status of 401/);
      const host = createServer((_, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(`<html><body><h1>Host page</h1><div data-pricelens-widget="pricing_summary"></div><script src="${stack.base}/api/widgets/pricing_summary.js"></script></body></html>`);
      });
      await new Promise((r) => host.listen(0, '127.0.0.1', r));
      try {
        await page.goto(`http://127.0.0.1:${host.address().port}/`);
        await page.locator('.plw-pricing_summary').getByText('No data to display').waitFor();
        await page.locator('.plw-pricing_summary').getByRole('heading', { name: 'Pricing summary' }).waitFor();
        // Its numbers are the panel's candidates, and it names them so (issue 29: "Priced under the market").
        assert.deepEqual(await page.locator('.plw-pricing_summary .plw-label').allTextContents(), [
          'Candidates for price raise',
          'Candidates for price reduction',
          'Competitor price changes this week',
        ]);
        assert.ok(logs.includes('No Token'), 'logged: ' + logs.join(' | '));
        assert.equal(await page.locator('.plw-pricing_summary a.plw-number').count(), 0, 'no numbers without a token');
      } finally {
        host.close();
      }
      page.off('console', onConsole);
      await page.goto(stack.base + '/insights');
      await page.getByRole('region', { name: 'Pricing insights' }).waitFor();
      allowed.pop();
      allowed.pop();
    },
  },
  {
    name: 'save as on a removed shared report',
    async run({ page, stack, allowed }) {
      await page.goto(stack.base + '/saved_reports');
      // A report, its share link, then the report removed (through the API, as the screens do).
      const share = await page.evaluate(async () => {
        const csrf = decodeURIComponent(document.cookie.match(/pricelens_csrf=([^;]+)/)[1]);
        const post = (path, body) =>
          fetch('/api' + path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf }, body: JSON.stringify(body) }).then((r) => r.json());
        const r = await post('/saveReport/insertSaveReport', { report_name: 'E2E shared then removed', report_type: 'all_my_products', report_path: '/pricing/type/all_my_products' });
        const link = await post('/saveReport/insertSaveReportForCopyLink', { reportId: r.id });
        await post('/saveReport/removeSaveReport', { reportId: r.id });
        return link.url;
      });
      allowed.push(/status of 404/);
      await page.goto(stack.base + share);
      await page.getByRole('heading', { name: 'This share report is no longer available' }).waitFor();
      await page.getByText('Save As on a shared report stays available until the link expires').waitFor();
      await page.getByRole('button', { name: 'Save As' }).click();
      const dlg = page.getByRole('dialog', { name: 'Save report as' });
      await dlg.getByLabel('Report name').fill('E2E kept copy');
      await dlg.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/pricing\/type\/\d+$/);
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('E2E kept copy').waitFor();
      await page.waitForSelector(rows + ' [col-id]', { timeout: 20_000 });
      allowed.pop();
    },
  },
];
