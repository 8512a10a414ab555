// The trend screens and the product page (issue 14): every chart and table is
// checked against the API answer the screen itself received.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { psql } from './harness.mjs';

const rows = '.ag-row[row-index]:not(.ag-row-loading)';

/** trendAnswer runs an action and returns the JSON body of the next getConditionsData answer whose request matches. */
async function trendAnswer(page, action, match = () => true) {
  const res = page.waitForResponse(
    (r) => r.url().endsWith('/api/trend/getConditionsData') && r.request().method() === 'POST' && match(r.request().postDataJSON().data),
    { timeout: 120_000 },
  );
  res.catch(() => {});
  const t0 = Date.now();
  await action();
  const r = await res;
  console.log('    getConditionsData', r.request().postDataJSON().data.report_name, Date.now() - t0, 'ms');
  assert.equal(r.status(), 200, 'getConditionsData answered ' + r.status() + ': ' + (await r.text()));
  return { request: r.request().postDataJSON().data, rows: (await r.json()).rows };
}

/** drawnLines reads the chart's lines: key → number of points. */
async function drawnLines(page) {
  await page.locator('svg path.trend-line').first().waitFor();
  return Object.fromEntries(
    await page.$$eval('svg path.trend-line', (els) => els.map((e) => [e.getAttribute('data-line'), Number(e.getAttribute('data-points'))])),
  );
}

const numeric = (rows, key) => rows.filter((r) => typeof r[key] === 'number').length;
const money = (v) => '€' + v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const trendSteps = [
  {
    name: 'price trend: a chart drawn from the API; dates; competitors; table',
    async run({ page, stack, data }) {
      const account = await page.evaluate(async () => (await (await fetch('/api/account/getAccountData')).json()));
      data.currency = account.settings?.currency_symbol ?? '$';
      const comps = Object.values(account.competitors).map((c) => ({ id: c.id, name: c.name }));
      assert.ok(comps.length > 1, 'the demo account has several competitors');
      let a = await trendAnswer(page, () => page.goto(stack.base + '/trend/price_trend'));
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Price trend').waitFor();
      assert.equal(a.request.report_name, 'price_trend');
      assert.equal(a.rows.length, 31, 'the default range is one month ending yesterday: ' + JSON.stringify(a.request.dates));
      assert.deepEqual([...a.request.competitorId].sort(), comps.map((c) => c.id).sort());
      assert.ok(numeric(a.rows, 'customerValue') > 20, 'S has a month of history: ' + JSON.stringify(a.rows.slice(0, 2)));
      await page.getByLabel('Weigh by').waitFor();
      let lines = await drawnLines(page);
      // My price, Market price, Selected competitors and one line per competitor, each with the API's points.
      assert.equal(Object.keys(lines).length, 3 + comps.length, JSON.stringify(lines));
      assert.equal(lines.customerValue, numeric(a.rows, 'customerValue'));
      for (const c of comps) assert.equal(lines['value@' + c.id], numeric(a.rows, 'value@' + c.id), 'points of ' + c.name);
      await page.getByRole('list', { name: 'Legend' }).getByText(comps[0].name).waitFor();
      // The tooltip lists the hovered day's values.
      const box = await page.locator('svg[aria-label="Price trend"]').boundingBox();
      await page.mouse.move(box.x + box.width - 30, box.y + box.height / 2);
      const tip = page.getByRole('tooltip');
      await tip.getByText(a.rows.at(-1).date_timestamp).waitFor();
      await tip.getByText('My price').waitFor();

      // Dates: the 7 Days preset, Done.
      await page.getByRole('button', { name: /^Dates/ }).click();
      const picker = page.getByRole('dialog', { name: 'Date range' });
      // The limits: 3 years back to yesterday.
      const max = await picker.getByLabel('To').getAttribute('max');
      assert.equal(max, a.request.dates.to, 'yesterday is the last day');
      await picker.getByLabel('From').fill('2001-01-01');
      await picker.getByRole('button', { name: 'Done' }).click();
      await picker.getByRole('alert').filter({ hasText: '(3 years back)' }).waitFor();
      await picker.getByRole('button', { name: '7 Days' }).click();
      a = await trendAnswer(page, () => picker.getByRole('button', { name: 'Done' }).click());
      assert.equal(a.rows.length, 7);
      assert.equal(a.request.dates.to, max);
      lines = await drawnLines(page);
      assert.equal(lines.customerValue, numeric(a.rows, 'customerValue'));
      assert.ok(lines.customerValue <= 7);
      // Cancel keeps the range.
      await page.getByRole('button', { name: /^Dates/ }).click();
      await picker.getByRole('button', { name: '1 Year' }).click();
      await picker.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: /^Dates 7 Days/ }).waitFor();

      // Competitors: All off leaves none (Apply refused), then one competitor; All comes back when every one is chosen.
      await page.getByRole('button', { name: /^Competitors/ }).click();
      const sel = page.getByRole('dialog', { name: 'Competitors' });
      assert.ok(await sel.getByLabel('All', { exact: true }).isChecked(), 'every competitor is chosen: All is on');
      await sel.getByLabel('All', { exact: true }).uncheck();
      await sel.getByRole('alert').filter({ hasText: 'Choose at least one competitor.' }).waitFor();
      assert.ok(await sel.getByRole('button', { name: 'Apply' }).isDisabled());
      for (const c of comps) await sel.getByLabel(c.name, { exact: true }).check();
      assert.ok(await sel.getByLabel('All', { exact: true }).isChecked(), 'All is added when every competitor is chosen');
      for (const c of comps.slice(1)) await sel.getByLabel(c.name, { exact: true }).uncheck();
      assert.ok(!(await sel.getByLabel('All', { exact: true }).isChecked()), 'All is removed otherwise');
      await sel.getByLabel('Market price', { exact: true }).uncheck();
      a = await trendAnswer(page, () => sel.getByRole('button', { name: 'Apply' }).click());
      assert.deepEqual(a.request.competitorId, [comps[0].id]);
      lines = await drawnLines(page);
      assert.deepEqual(Object.keys(lines).sort(), ['customerValue', 'selected_competitors', 'value@' + comps[0].id].sort());
      assert.equal(lines['value@' + comps[0].id], numeric(a.rows, 'value@' + comps[0].id));

      // An extra custom-field line from getLowerCfData, without asking for the report's rows again.
      let asked = 0;
      const count = (r) => r.url().endsWith('/api/trend/getConditionsData') && asked++;
      page.on('request', count);
      const cfAnswer = page.waitForResponse((r) => r.url().endsWith('/api/trend/getLowerCfData'), { timeout: 120_000 });
      await page.getByLabel('Add a line').selectOption({ index: 1 });
      const cfr = await cfAnswer;
      assert.equal(cfr.status(), 200, await cfr.text());
      const field = cfr.request().postDataJSON().customField;
      const cf = (await cfr.json()).rows;
      await page.locator(`svg path.trend-line[data-line="cf@${field}"]`).waitFor();
      lines = await drawnLines(page);
      assert.equal(lines['cf@' + field], numeric(cf, 'value'));
      assert.ok(numeric(cf, 'value') > 0, 'the custom field has values');
      page.off('request', count);
      assert.equal(asked, 0, 'adding a line asks for that line only');

      // Table: the same rows, a value from the API in its cell.
      await page.getByRole('button', { name: 'Table' }).click();
      const table = page.getByRole('region', { name: 'Price trend table' });
      await table.locator(rows).first().waitFor();
      assert.equal(await table.locator(rows).count(), a.rows.length);
      const day = a.rows.find((r) => typeof r.customerValue === 'number');
      const cell = table.locator(`.ag-row:has([col-id="date_timestamp"]:text-is("${day.date_timestamp}")) [col-id="customerValue"]`);
      assert.equal((await cell.textContent()).trim(), money(day.customerValue).replace('€', data.currency));
      assert.equal(await table.locator(`.ag-header-cell[col-id="value@${comps[1].id}"]`).count(), 0, 'a competitor not chosen has no column');
      assert.equal(await table.locator(`.ag-header-cell[col-id="cf@${field}"]`).count(), 1, 'the extra line has a column');
      // Export CSV: the table's columns and rows as a file (trend/exportDataInClientSide).
      const headers = await table.locator('.ag-header-cell-text').allTextContents();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const csv = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r\n/);
      const quote = (h) => (/[",]/.test(h) ? '"' + h.replace(/"/g, '""') + '"' : h);
      assert.equal(csv[0], headers.map((h) => quote(h.trim())).join(','), 'the header is the table\'s');
      assert.equal(csv.length, a.rows.length + 1, 'a line per row');
      const line = csv.find((l) => l.split(',').includes(day.date_timestamp));
      assert.ok(line, 'the day ' + day.date_timestamp + ' is there');
      assert.ok(line.split(',').includes(String(day.customerValue)), 'with my price ' + day.customerValue + ': ' + line);
      await page.getByRole('button', { name: 'Graph' }).click();
      await page.locator('svg path.trend-line').first().waitFor();
    },
  },
  {
    name: 'margin and price vs market trends: no weigh-by; a line per competitor',
    async run({ page, stack }) {
      for (const [name, title] of [['margin_trend', 'Margin trend'], ['price_vs_market_trend', 'Price vs. margin - trend']]) {
        const a = await trendAnswer(page, () => page.goto(stack.base + '/trend/' + name));
        await page.getByRole('heading', { name: title }).waitFor();
        assert.equal(await page.getByLabel('Weigh by').count(), 0, 'no weigh-by on ' + name);
        const lines = await drawnLines(page);
        assert.equal(lines.customerValue, numeric(a.rows, 'customerValue'), name + ': my line has the API points');
        assert.equal(Object.keys(lines).length, 1 + a.request.competitorId.length, name + ': ' + JSON.stringify(lines));
        await page.getByRole('button', { name: /^Competitors/ }).click();
        const sel = page.getByRole('dialog', { name: 'Competitors' });
        assert.equal(await sel.getByLabel('Market price').count(), 0);
        await sel.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('button', { name: 'Table' }).click();
        const table = page.getByRole('region', { name: title + ' table' });
        await table.locator(rows).first().waitFor();
        const day = a.rows.find((r) => typeof r.customerValue === 'number');
        const cell = table.locator(`.ag-row:has([col-id="date_timestamp"]:text-is("${day.date_timestamp}")) [col-id="customerValue"]`);
        assert.equal((await cell.textContent()).trim(), day.customerValue.toFixed(2) + '%', name + ': the table shows the API value');
      }
    },
  },
  {
    name: 'key business metrics; competitiveness metrics; the performance page',
    async run({ page, stack }) {
      let a = await trendAnswer(page, () => page.goto(stack.base + '/trend/key_business_metrics'));
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Key business metrics - correlation and causality').waitFor();
      assert.equal(a.request.compareTo, 'previous_period');
      const has = a.rows.some((r) => typeof r.units_sold === 'number' || typeof r.revenue === 'number');
      if (has) {
        const lines = await drawnLines(page);
        assert.equal(lines.revenue, numeric(a.rows, 'revenue'));
        assert.equal(lines.compare_revenue, numeric(a.rows, 'compare_revenue'));
        // The demo has business metrics for the previous period too: the compare line is drawn.
        assert.ok(numeric(a.rows, 'compare_revenue') >= 28, 'a compare-to (previous period) line: ' + JSON.stringify(a.rows.slice(0, 2)));
        a = await trendAnswer(page, () => page.getByLabel('Compare To').selectOption('same_period_last_year'));
        assert.equal(a.request.compareTo, 'same_period_last_year');
      } else {
        await page.getByRole('note').filter({ hasText: 'This report needs business metrics data and configuration' }).getByRole('link', { name: /@/ }).waitFor();
      }

      // Both demo accounts have several competitors: the comparison screen says why it is not shown.
      await page.goto(stack.base + '/trend/competitiveness_metrics');
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Competitiveness metrics: Trend').waitFor();
      await page.getByRole('note').filter({ hasText: 'can be viewed only when the account has at most one competitor' }).waitFor();

      a = await trendAnswer(page, () => page.goto(stack.base + '/insights/analytics'));
      await page.getByRole('heading', { name: 'Key business metrics - performance' }).waitFor();
      if (has) {
        await page.locator('.tile').filter({ hasText: 'Units sold' }).waitFor();
        const units = a.rows.reduce((s, r) => s + (typeof r.units_sold === 'number' ? r.units_sold : 0), 0);
        await page.locator('.tile').filter({ hasText: 'Units sold' }).getByText(units.toLocaleString('en-US'), { exact: true }).waitFor();
        a = await trendAnswer(page, () => page.getByRole('button', { name: '1 week' }).click());
        assert.equal(a.rows.length, 7);
      } else {
        await page.getByRole('note').filter({ hasText: 'business metrics' }).waitFor();
      }
    },
  },
  {
    name: 'a saved trend report opens with its dates and view',
    async run({ page, stack }) {
      const saved = await page.evaluate(async () => {
        const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('pricelens_csrf='))?.split('=')[1] ?? '');
        const y = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
        const from = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
        const r = await fetch('/api/saveReport/insertSaveReport', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
          body: JSON.stringify({ report_name: 'E2E price trend', report_type: 'price_trend', report_path: '/trend/price_trend', folder_id: -1, dates: { from, to: y }, chart: false }),
        });
        return { status: r.status, body: await r.json(), from, to: y };
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const id = saved.body.id ?? saved.body.report?.id ?? saved.body.insertId;
      assert.ok(id, 'the saved report id: ' + JSON.stringify(saved.body));
      const a = await trendAnswer(page, () => page.goto(stack.base + '/trend/price_trend/type/' + id));
      assert.deepEqual(a.request.dates, { from: saved.from, to: saved.to });
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('E2E price trend').waitFor();
      const table = page.getByRole('region', { name: 'Price trend table' });
      await table.locator(rows).first().waitFor();
      assert.equal(await table.locator(rows).count(), 10);

      // Its share link opens the same report at /trend/{name}/share/{id}.
      const link = await page.evaluate(async (reportId) => {
        const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('pricelens_csrf='))?.split('=')[1] ?? '');
        const r = await fetch('/api/saveReport/insertSaveReportForCopyLink', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf }, body: JSON.stringify({ reportId }) });
        return { status: r.status, body: await r.json() };
      }, id);
      assert.equal(link.status, 200, JSON.stringify(link.body));
      const b = await trendAnswer(page, () => page.goto(stack.base + '/trend/price_trend/share/' + link.body.id));
      assert.deepEqual(b.request.dates, { from: saved.from, to: saved.to });
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('E2E price trend').waitFor();
      await page.getByRole('region', { name: 'Price trend table' }).locator(rows).first().waitFor();
    },
  },
  {
    name: 'a product page from the grid: its competitors and its price trend',
    async run({ page, stack, allowed }) {
      // The seeded image addresses do not resolve on this offline machine; the page hides a broken image.
      allowed.push(/net::ERR_NAME_NOT_RESOLVED/);
      await page.goto(stack.base + '/pricing/type/all_my_products');
      const first = page.locator('.ag-row[row-index="0"]:not(.ag-row-loading) [col-id="name"] a');
      await first.waitFor();
      const name = (await first.textContent()).trim();
      const offers = page.waitForResponse((r) => r.url().endsWith('/api/competitor/getData'));
      const trend = page.waitForResponse((r) => r.url().endsWith('/api/trend/getConditionsData'));
      await first.click();
      await page.waitForURL(/\/new\/product\//);
      await page.getByRole('heading', { name }).waitFor();
      const o = await (await offers).json();
      assert.ok(o.rows.length > 0, 'the first product has competitor offers');
      const table = page.getByRole('region', { name: 'Competitors' });
      await table.locator(rows).first().waitFor();
      assert.equal(await table.locator(rows).count(), o.rows.length);
      for (const r of o.rows) await table.locator('[col-id="competitor"]').getByText(r.competitor, { exact: true }).waitFor();
      const t = await (await trend).json();
      assert.equal(t.rows[0].date_timestamp <= t.rows.at(-1).date_timestamp, true);
      const lines = await drawnLines(page);
      assert.equal(lines.customerValue, numeric(t.rows, 'customerValue'));
      for (const k of Object.keys(lines).filter((k) => k.startsWith('value@'))) assert.equal(lines[k], numeric(t.rows, k), k);
      assert.ok(Object.keys(lines).length > 1, 'competitor lines: ' + JSON.stringify(lines));
      allowed.pop();
    },
  },
  {
    name: 'competitiveness metrics trend on an account with one competitor',
    async run({ page, stack }) {
      const home = await page.evaluate(async () => (await (await fetch('/api/account/getAccountData')).json()).account_id);
      const other = Number(psql(stack, `SELECT min(account_id) FROM competitors WHERE account_id <> ${Number(home)}`));
      const removed = psql(stack, `SELECT id || '|' || name FROM competitors WHERE account_id = ${other} ORDER BY id OFFSET 1`).split('\n').filter(Boolean);
      assert.ok(removed.length > 0, 'the second demo account has several competitors');
      psql(stack, `DELETE FROM competitors WHERE account_id = ${other} AND id IN (${removed.map((r) => Number(r.split('|')[0])).join(',')})`);
      try {
        await page.goto(stack.base + '/trend/competitiveness_metrics?account_id=' + other);
        await page.getByLabel('Comparison Values').waitFor({ timeout: 30_000 });
        for (const l of ['Compare To', 'Group by', 'Weighted By', 'Compare values']) await page.getByLabel(l).first().waitFor();
        // A week first, then grouped by super category: every group a line and its compare line, points from the API.
        await page.getByRole('button', { name: /^Dates/ }).click();
        await page.getByRole('dialog', { name: 'Date range' }).getByRole('button', { name: '7 Days', exact: true }).click();
        let a = await trendAnswer(page, () => page.getByRole('dialog', { name: 'Date range' }).getByRole('button', { name: 'Done' }).click(), (d) => d.report_name === 'competitiveness_metrics');
        assert.equal(a.request.compareTo, 'previous_period');
        assert.equal(a.request.comparisonValues, '%Higher Bucket');
        a = await trendAnswer(page, () => page.getByLabel('Group by').selectOption('super_category'), (d) => d.group === 'super_category');
        const groups = [...new Set(a.rows.map((r) => r.super_category))];
        assert.ok(groups.length > 1, 'several super categories: ' + JSON.stringify(a.rows.slice(0, 2)));
        let lines = await drawnLines(page);
        assert.equal(Object.keys(lines).length, 2 * Math.min(groups.length, 12), JSON.stringify(lines));
        for (const g of groups.slice(0, 12)) {
          const mine = a.rows.filter((r) => r.super_category === g);
          assert.equal(lines['g@' + g], numeric(mine, 'value'), g);
          assert.equal(lines['cmp@' + g], numeric(mine, 'compare_value'), g + ' compare');
        }
        await page.getByLabel('Compare values').uncheck();
        await page.waitForFunction((n) => document.querySelectorAll('svg path.trend-line').length === n, Math.min(groups.length, 12));
        a = await trendAnswer(page, () => page.getByLabel('Compare To').selectOption('same_period_last_year'), (d) => d.compareTo === 'same_period_last_year');
        assert.equal(a.rows[0].compare_date.slice(0, 4), String(Number(a.rows[0].date_timestamp.slice(0, 4)) - 1), 'a year earlier: ' + JSON.stringify(a.rows[0]));
        await page.getByRole('button', { name: 'Table' }).click();
        const table = page.getByRole('region', { name: 'Competitiveness metrics: Trend table' });
        await table.locator(rows).first().waitFor();
        assert.equal(await table.locator('.ag-header-cell[col-id="super_category"]').count(), 1, 'the group column is named for the level');
      } finally {
        psql(stack, `INSERT INTO competitors (id, account_id, name) VALUES ${removed.map((r) => `(${Number(r.split('|')[0])}, ${other}, '${r.split('|').slice(1).join('|').replace(/'/g, "''")}')`).join(', ')}`);
      }
      // Back to the first account, on the saved reports page where the steps after these expect the user.
      await page.goto(stack.base + '/pricing/reports?account_id=' + home);
      await page.getByRole('link', { name: 'All my products', exact: true }).waitFor();
      await page.goto(stack.base + '/saved_reports');
      await page.getByRole('heading', { name: 'Saved reports' }).waitFor();
    },
  },
];
