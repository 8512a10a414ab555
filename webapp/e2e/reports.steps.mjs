// The rest of the reports (issue 17 parts 5–6): match feedback — an analyst flags a
// competitor offer as a wrong match from the grid's tooltip, the pair leaves the
// comparisons, the Match Feedback screen lists it and takes the flag back.
import assert from 'node:assert/strict';
import { psql } from './harness.mjs';
import { signInTo } from './admin.steps.mjs';

const ANALYST = 'analyst@pricelens.local';

/** rowOf is the grid row of a product (by its Product ID cell). */
const rowOf = (page, id) => page.locator('.ag-row').filter({ has: page.locator('[col-id="id"]', { hasText: id }) });

export const reportsSteps = [
  {
    name: 'match feedback: flag a wrong match and see it leave the buckets',
    async run({ page, stack, allowed }) {
      allowed.push(/net::ERR_NAME_NOT_RESOLVED/); // the seeded image hosts do not resolve offline
      await signInTo(page, stack, ANALYST, '/pricing/type/all_my_products');
      await page.locator('.ag-row[row-index="0"] [col-id="id"]').waitFor();
      const deltaCols = await page.$$eval('.ag-header-cell[col-id^="price_delta@"]', (els) => els.map((e) => e.getAttribute('col-id')));
      let found = null;
      for (const col of deltaCols) {
        for (let i = 0; i < 10 && !found; i++) {
          const cell = page.locator(`.ag-row[row-index="${i}"] [col-id="${col}"]`);
          if ((await cell.textContent()).trim()) {
            found = { col, id: (await page.locator(`.ag-row[row-index="${i}"] [col-id="id"]`).textContent()).trim() };
          }
        }
        if (found) break;
      }
      assert.ok(found, 'a compared product on the first page');
      const delta = () => rowOf(page, found.id).locator(`[col-id="${found.col}"]`);
      await delta().scrollIntoViewIfNeeded();
      await delta().hover();
      const tip = page.getByRole('tooltip').filter({ hasText: 'Competitor price' }).last();
      await tip.getByRole('button', { name: 'Wrong match' }).click();
      await tip.getByText('Flagged as a wrong match').waitFor();
      // The grid reloads its rows: the pair has no delta (no bucket) any more.
      await page.waitForFunction(
        ({ id, col }) => {
          const row = [...document.querySelectorAll('.ag-row')].find((r) => r.querySelector('[col-id="id"]')?.textContent.trim() === id);
          return row && row.querySelector(`[col-id="${col}"]`)?.textContent.trim() === '';
        },
        found,
      );
      assert.equal(psql(stack, `SELECT count(*) FROM match_flags WHERE product_id = '${found.id}' AND status = 'open'`), '1');
      await page.mouse.move(5, 5);

      // The screen lists it; Unflag brings the pair back into the comparisons.
      await page.goto(stack.base + '/new/competitive_intelligence/match_feedback');
      const table = page.getByRole('table', { name: 'Match feedback' });
      const row = table.locator('tr').filter({ hasText: found.id });
      await row.waitFor();
      assert.ok((await row.textContent()).includes('Open'));
      await row.getByRole('button', { name: 'Unflag' }).click();
      await page.getByRole('status').filter({ hasText: 'The flag was removed' }).waitFor();
      await page.getByText('No data to display').waitFor();
      await page.goto(stack.base + '/pricing/type/all_my_products');
      await rowOf(page, found.id).waitFor();
      assert.notEqual((await delta().textContent()).trim(), '', 'unflagged: the delta is back');
      allowed.pop();
    },
  },
];
