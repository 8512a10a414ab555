// The pricing insights panel of issue 17: its numbers, and each number's link to
// the report that lists exactly what it counts.
import assert from 'node:assert/strict';

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
      // The demo's image hosts do not exist: the image proxy answers 502 and the tiles hide the image (§8).
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

      const up = await follow(page, stack, 'Candidates for price raise');
      const week = await follow(page, stack, 'Changes at competitors last week');
      metrics['insights: price raise candidates, changes last week (S)'] = `${up}, ${week}`;
      // Show all products leaves the insight: more rows than it had.
      await page.getByRole('link', { name: 'Show all products' }).click();
      await page.waitForURL((u) => !u.search.includes('insight'));
      await page.waitForFunction((n) => Number((document.querySelector('.row-count')?.textContent ?? '').replace(/[^0-9]/g, '')) > n, week);
      allowed.pop();
    },
  },
];
