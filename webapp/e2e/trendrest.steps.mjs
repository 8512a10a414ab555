// The rest of the trend screens (issue 14): the metrics presets, Save and Save As
// (a shared trend report offers Save As only), and the match-feedback flags on the
// competitor lines. Every check reads the API answer the screen itself received.
import assert from 'node:assert/strict';
import { psql } from './harness.mjs';
import { signInTo } from './admin.steps.mjs';

const ANALYST = 'analyst@pricelens.local';

const rows = '.ag-row[row-index]:not(.ag-row-loading)';

/** nextAnswer runs an action and returns the request body and JSON answer of the next call to path. */
async function nextAnswer(page, path, action, match = () => true) {
  const res = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST' && match(r.request().postDataJSON()), { timeout: 120_000 });
  res.catch(() => {});
  await action();
  const r = await res;
  assert.equal(r.status(), 200, path + ' answered ' + r.status() + ': ' + (await r.text()));
  return { request: r.request().postDataJSON(), body: await r.json() };
}

/** trendAnswer is nextAnswer of getConditionsData, its request the trend's data. */
const trendAnswer = (page, action, match = () => true) =>
  nextAnswer(page, '/api/trend/getConditionsData', action, (b) => match(b.data)).then((a) => ({ ...a, request: a.request.data }));

/** post sends a JSON call of the signed-in session (with its CSRF token) from the page. */
const post = (page, path, body) =>
  page.evaluate(
    async ({ path, body }) => {
      const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('pricelens_csrf='))?.split('=')[1] ?? '');
      const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf }, body: JSON.stringify(body) });
      return { status: r.status, body: await r.json() };
    },
    { path, body },
  );

const isoDay = (d) => d.toISOString().slice(0, 10);

export const trendrestSteps = [
  {
    name: 'trend metrics presets: Today … Last Month on the metrics screens',
    async run({ page, stack }) {
      const today = new Date();
      const yesterday = isoDay(new Date(Date.now() - 86_400_000));
      // An analyst (create and edit report, review matches) of the demo account, whoever the flow left signed in.
      let a = await trendAnswer(page, () => signInTo(page, stack, ANALYST, '/trend/key_business_metrics'));
      assert.deepEqual(a.request.dates, { from: isoDay(new Date(Date.now() - 30 * 86_400_000)), to: yesterday }, 'a metrics screen opens with Last 30 Days');
      await page.getByRole('button', { name: /^Dates Last 30 Days/ }).click();
      const picker = page.getByRole('dialog', { name: 'Date range' });
      const metrics = picker.getByRole('group', { name: 'Metrics presets' });
      assert.deepEqual(
        (await metrics.getByRole('button').allTextContents()).map((t) => t.trim()),
        ['Today', 'Yesterday', 'Last 7 Days', 'Last 30 Days', 'This Month', 'Last Month'],
      );
      assert.ok(await metrics.getByRole('button', { name: 'Today' }).isDisabled(), 'trends end yesterday: Today has no day to show');
      await metrics.getByRole('button', { name: 'Last 7 Days' }).click();
      a = await trendAnswer(page, () => picker.getByRole('button', { name: 'Done' }).click());
      assert.deepEqual(a.request.dates, { from: isoDay(new Date(Date.now() - 7 * 86_400_000)), to: yesterday });
      assert.equal(a.body.rows.length, 7);
      await page.getByRole('button', { name: /^Dates Last 7 Days/ }).click();
      await metrics.getByRole('button', { name: 'Last Month' }).click();
      a = await trendAnswer(page, () => picker.getByRole('button', { name: 'Done' }).click());
      const firstOfMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
      const lastMonth = { from: isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1))), to: isoDay(new Date(firstOfMonth.getTime() - 86_400_000)) };
      assert.deepEqual(a.request.dates, lastMonth, 'Last Month is the previous calendar month');
      await page.getByRole('button', { name: /^Dates Last Month/ }).waitFor();

      // The line trends keep the range presets only.
      await trendAnswer(page, () => page.goto(stack.base + '/trend/price_trend'));
      await page.getByRole('button', { name: /^Dates/ }).click();
      await picker.getByRole('group', { name: 'Presets' }).waitFor();
      assert.equal(await picker.getByRole('group', { name: 'Metrics presets' }).count(), 0);
      await picker.getByRole('button', { name: 'Cancel' }).click();
    },
  },
  {
    name: 'trend Save As and Save; a shared trend report is read-only with Save As; removed it still offers Save As',
    async run({ page, stack, allowed }) {
      // Save As from the unsaved price trend, with the 7 Days range and one competitor's table.
      await trendAnswer(page, () => page.goto(stack.base + '/trend/price_trend'));
      await page.getByRole('button', { name: /^Dates/ }).click();
      const picker = page.getByRole('dialog', { name: 'Date range' });
      await picker.getByRole('button', { name: '7 Days' }).click();
      const week = await trendAnswer(page, () => picker.getByRole('button', { name: 'Done' }).click());
      assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0, 'an unsaved trend has nothing to Save over');
      await page.getByRole('button', { name: 'Save As' }).click();
      const dlg = page.getByRole('dialog', { name: 'Save report as' });
      await dlg.getByLabel('Report name').fill('E2E weekly trend');
      const saved = await nextAnswer(page, '/api/saveReport/insertSaveReport', () => dlg.getByRole('button', { name: 'Save' }).click());
      assert.equal(saved.request.report_type, 'price_trend');
      assert.deepEqual(saved.request.dates, week.request.dates);
      assert.deepEqual(saved.request.condition.dates, week.request.dates, 'the condition is the trend request a schedule mails');
      assert.deepEqual(saved.request.condition.competitorId, week.request.competitorId);
      const id = saved.body.id;
      const snack = page.getByRole('status').filter({ hasText: 'report save successfully' });
      await snack.waitFor();
      let a = await trendAnswer(page, () => snack.getByRole('button', { name: 'View report' }).click());
      await page.waitForURL('**/trend/price_trend/type/' + id);
      assert.deepEqual(a.request.dates, week.request.dates, 'the saved report opens with its range');
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('E2E weekly trend').waitFor();

      // Save: the table view, kept when the report is opened again.
      await page.getByRole('button', { name: 'Table' }).click();
      const upd = await nextAnswer(page, '/api/saveReport/updateSaveReport', () => page.getByRole('button', { name: 'Save', exact: true }).click());
      assert.equal(upd.request.id, id);
      assert.equal(upd.request.chart, false);
      await page.getByRole('status').filter({ hasText: 'Your report has been saved' }).waitFor();
      a = await trendAnswer(page, () => page.reload());
      await page.getByRole('region', { name: 'Price trend table' }).locator(rows).first().waitFor();
      assert.equal(await page.getByRole('region', { name: 'Price trend table' }).locator(rows).count(), a.body.rows.length);

      // The saved reports page opens it on its trend screen.
      await page.goto(stack.base + '/saved_reports');
      const link = page.getByRole('link', { name: 'E2E weekly trend', exact: true }).first();
      assert.equal(await link.getAttribute('href'), '/trend/price_trend/type/' + id);

      // Its share link is read-only: Save As only, which moves to the new report's /type/ path.
      const share = await post(page, '/api/saveReport/insertSaveReportForCopyLink', { reportId: id });
      assert.equal(share.status, 200, JSON.stringify(share.body));
      a = await trendAnswer(page, () => page.goto(stack.base + '/trend/price_trend/share/' + share.body.id));
      assert.deepEqual(a.request.dates, week.request.dates);
      await page.getByRole('button', { name: 'Save As' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0, 'a shared report is read-only');
      await page.getByRole('button', { name: 'Save As' }).click();
      await dlg.getByLabel('Report name').fill('E2E trend from a share');
      const copy = await nextAnswer(page, '/api/saveReport/insertSaveReport', () => dlg.getByRole('button', { name: 'Save' }).click());
      await page.waitForURL('**/trend/price_trend/type/' + copy.body.id);
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('E2E trend from a share').waitFor();
      assert.equal(psql(stack, `SELECT report_type || ' ' || (condition->'dates'->>'from') FROM saved_reports WHERE id = ${copy.body.id}`), 'price_trend ' + week.request.dates.from);

      // Removed, the report's share link says so and still offers Save As of its last saved state.
      const rm = await post(page, '/api/saveReport/removeSaveReport', { reportId: id });
      assert.equal(rm.status, 200, JSON.stringify(rm.body));
      allowed.push(/status of 404/); // getSaveReport of the removed report's link: the screen's cue
      await page.goto(stack.base + '/trend/price_trend/share/' + share.body.id);
      const gone = page.getByRole('alert').filter({ hasText: 'This share report is no longer available' });
      await gone.waitFor();
      await gone.getByRole('button', { name: 'Save As' }).click();
      const again = page.getByRole('dialog', { name: 'Save report as' });
      await again.getByRole('textbox').fill('E2E trend kept after removal');
      const kept = await nextAnswer(page, '/api/saveReport/saveRemovedShareAs', () => again.getByRole('button', { name: 'Save' }).click());
      a = await trendAnswer(page, () => page.waitForURL('**/trend/price_trend/type/' + kept.body.id));
      assert.deepEqual(a.request.dates, week.request.dates, 'the copy keeps the removed report\'s range');
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('E2E trend kept after removal').waitFor();
    },
  },
  {
    name: 'trend lines mark competitors with open match-feedback flags',
    async run({ page, stack }) {
      const account = await page.evaluate(async () => await (await fetch('/api/account/getAccountData')).json());
      const comps = Object.values(account.competitors);
      const grid = await post(page, '/api/tabular/getConditionsData', { condition: { report_type: 'all_my_products', startRow: 0, limit: 2 } });
      assert.equal(grid.status, 200, JSON.stringify(grid.body));
      const products = grid.body.rows.map((r) => String(r.id));
      const c = comps[1];
      for (const productId of products) {
        const f = await post(page, '/api/match_feedback/flagMatch', { productId, competitorId: c.id, competitorProductId: '', reason: 'e2e: wrong pack size' });
        assert.equal(f.status, 200, JSON.stringify(f.body));
      }
      try {
        const a = await trendAnswer(page, () => page.goto(stack.base + '/trend/price_trend'));
        assert.equal(a.body.flagged[String(c.id)], products.length, 'the answer counts the open flags: ' + JSON.stringify(a.body.flagged));
        const legend = page.getByRole('list', { name: 'Legend' });
        await legend.getByText(`${c.name} ⚑ ${products.length} flagged`).waitFor();
        assert.equal(await legend.getByText(`${comps[0].name} ⚑`).count(), 0, 'a competitor without flags is not marked');
        await page.getByRole('note').filter({ hasText: `${c.name} (${products.length})` }).waitFor();
        await page.getByRole('button', { name: 'Table' }).click();
        const table = page.getByRole('region', { name: 'Price trend table' });
        await table.locator(`.ag-header-cell[col-id="value@${c.id}"]`).filter({ hasText: '⚑' }).waitFor();
        await page.getByRole('button', { name: 'Graph' }).click();
      } finally {
        for (const productId of products) await post(page, '/api/match_feedback/unflagMatch', { productId, competitorId: c.id });
      }
      const b = await trendAnswer(page, () => page.reload());
      assert.deepEqual(b.body.flagged, {}, 'unflagged: no marks');
      await page.locator('svg path.trend-line').first().waitFor();
      assert.equal(await page.getByRole('list', { name: 'Legend' }).getByText('⚑').count(), 0);
    },
  },
];
