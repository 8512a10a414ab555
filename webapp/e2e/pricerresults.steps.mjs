// The pricer's results beyond the table (issue 15): group and graph modes and the CSV export of
// the results screen, after the real run of pricer.steps.mjs; and a real run after the browser
// flow bulk-loads a million bare products into the snapshot (it used to change nothing and write
// no approval records: the run took a bare row for the snapshot's build and saw no competitors).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clickhouse, psql } from './harness.mjs';
import { runAndWait, signInTo, waitRows } from './pricer.steps.mjs';

const ADMIN = 'admin@pricelens.local';

const num = (s) => Number(String(s).replace(/[^0-9.-]/g, ''));

export const pricerResultsSteps = [
  {
    name: 'pricer: results export and the group and graph modes',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/results');
      await page.getByRole('heading', { name: 'Results', exact: true }).waitFor();
      await waitRows(page);
      const countText = await page.getByLabel('Row count').filter({ hasText: /products/ }).textContent();
      const count = num(countText.split(' products')[0]);
      assert.ok(count > 0, countText);

      // Export: the shared Exporting report dialog downloads the results' CSV.
      const download = page.waitForEvent('download', { timeout: 90_000 });
      download.catch(() => {});
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await page.getByRole('dialog', { name: 'Exporting report' }).waitFor();
      const d = await download;
      const text = readFileSync(await d.path(), 'utf8');
      assert.match(d.suggestedFilename(), /^export_[0-9a-f]+\.csv$/);
      assert.ok(text.startsWith('\uFEFF'), 'UTF-8 BOM');
      const lines = text.slice(1).split('\n').filter((l) => l !== '');
      assert.ok(lines[0].startsWith('Product ID,Name,Brand,Category,Current price'), 'the grid’s columns: ' + lines[0]);
      assert.ok(lines[0].endsWith(',Why this price'), 'with why this price: ' + lines[0]);
      assert.equal(lines.length - 1, count, 'one line per result of the grid’s count');

      // Group mode: a row per status, whose products add up to the grid's count.
      const modes = page.getByRole('group', { name: 'Mode' });
      await modes.getByRole('button', { name: 'Group' }).click();
      await page.getByLabel('Group by').selectOption({ label: 'Status' });
      const table = page.getByRole('table', { name: 'Results by status' });
      await table.waitFor();
      await table.getByRole('rowheader').first().waitFor();
      const groups = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
      assert.ok(groups.length >= 1, 'groups: ' + JSON.stringify(groups));
      assert.ok(groups.every((g) => ['No change', 'Auto-approved', 'Pending', 'Mandated'].includes(g[0])), JSON.stringify(groups));
      assert.equal(groups.reduce((s, g) => s + num(g[1]), 0), count, 'every result in one group');
      const pending = groups.find((g) => g[0] === 'Pending');
      if (pending) assert.equal(num(pending[3]), num(pending[1]), 'the Pending group is all pending');

      // Graph mode: a stacked bar per group, its segments adding up to the group's products.
      await modes.getByRole('button', { name: 'Graph' }).click();
      const chart = page.getByRole('img', { name: 'Results by status' });
      await chart.waitFor();
      const bars = await chart.locator('rect[data-group]').evaluateAll((rs) => rs.map((r) => [r.getAttribute('data-group'), Number(r.getAttribute('data-value'))]));
      const per = {};
      for (const [g, v] of bars) per[g] = (per[g] ?? 0) + v;
      assert.deepEqual(per, Object.fromEntries(groups.map((g) => [g[0], num(g[1])])), 'the bars are the groups');

      // Back to the table.
      await modes.getByRole('button', { name: 'Table' }).click();
      await waitRows(page);
    },
  },
];

export const pricerAfterBulkSteps = [
  {
    name: 'pricer: a real run after a million bulk-loaded products writes approval records',
    async run({ page, stack }) {
      // The condition of the report: the cancel-an-export step's million bare products are in the snapshot.
      const bulk = clickhouse(stack.name, "SELECT count() FROM product_snapshot WHERE brand = 'Bulk'");
      assert.ok(Number(bulk) >= 1_000_000, 'bulk products: ' + bulk);
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/dynamic_pricer');
      await page.getByRole('heading', { name: 'Manage Pricing Rules' }).waitFor();
      await runAndWait(page, 'Run', 'run');
      const approvals = Number(psql(stack, 'SELECT count(*) FROM approval_records WHERE run_id = (SELECT max(id) FROM pricer_runs WHERE NOT is_simulation)'));
      assert.ok(approvals > 0, 'the run changed prices and wrote their approval records');
    },
  },
];
