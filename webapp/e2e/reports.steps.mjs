// The rest of the reports (issue 17 parts 5–6): match feedback — an analyst flags a
// competitor offer as a wrong match from the grid's tooltip, the pair leaves the
// comparisons, the Match Feedback screen lists it and takes the flag back.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { psql } from './harness.mjs';
import { signInTo } from './admin.steps.mjs';

const ANALYST = 'analyst@pricelens.local';

/** rowOf is the grid row of a product (by its Product ID cell). */
const rowOf = (page, id) => page.locator('.ag-row').filter({ has: page.locator('[col-id="id"]', { hasText: id }) });

/** cells answers the texts of a column's cells on the rendered rows. */
const cells = (page, col) => page.$$eval(`.ag-row [col-id="${col}"]`, (els) => els.map((e) => e.textContent.trim()));

export const reportsSteps = [
  {
    name: 'assortment report: coverage of my catalogue at each competitor',
    async run({ page, stack }) {
      await signInTo(page, stack, ANALYST, '/pricing/reports');
      await page.getByRole('link', { name: 'Assortment by competitor' }).click();
      await page.getByRole('heading', { name: 'Assortment by competitor' }).waitFor();
      await page.locator('.ag-row [col-id="found"]').first().waitFor();
      const competitors = await cells(page, 'competitor');
      const account = psql(stack, `SELECT m.account_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = '${ANALYST}' ORDER BY m.account_id LIMIT 1`);
      assert.equal(competitors.length, Number(psql(stack, `SELECT count(*) FROM competitors WHERE account_id = ${account}`)), 'a row per competitor: ' + competitors.join(','));
      const products = (await cells(page, 'products')).map((t) => Number(t.replace(/,/g, '')));
      const found = (await cells(page, 'found')).map((t) => Number(t.replace(/,/g, '')));
      assert.ok(found.every((f, i) => f >= 0 && f <= products[i]) && found.some((f) => f > 0), 'found within the catalogue: ' + found.join(','));
      // By brand: a row per (brand, competitor), sortable by coverage.
      await page.goto(stack.base + '/pricing/assortment/assortment_by_brand');
      await page.locator('.ag-row [col-id="brand"]').first().waitFor();
      // The pager says how many rows there are, not "of more".
      const summary = page.locator('.ag-paging-row-summary-panel');
      await summary.filter({ hasText: /of\s*[\d,]+\s*$/ }).waitFor();
      assert.doesNotMatch(await summary.textContent(), /more/);
      await page.locator('.ag-header-cell[col-id="coverage"] .ag-header-cell-label').click();
      await page.waitForFunction(() => {
        const v = [...document.querySelectorAll('.ag-row [col-id="coverage"]')].map((e) => parseFloat(e.textContent));
        return v.length > 1 && v.every((x, i) => i === 0 || v[i - 1] <= x);
      });
      // Export: the Exporting report dialog downloads the report's CSV.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const text = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '');
      const lines = text.trim().split(/\r?\n/);
      assert.equal(lines[0], 'Brand,Competitor,Products,Found,Not found,Coverage %,In stock,On sale,I am lower,Price is similar,I am higher');
      assert.ok(lines.length > 2, 'a line per (brand, competitor): ' + lines.length);
    },
  },
  {
    name: 'real-time view: the latest scans of a chosen competitor',
    async run({ page, stack }) {
      await signInTo(page, stack, ANALYST, '/pricing/real_time');
      await page.getByRole('heading', { name: 'Real-time view' }).waitFor();
      await page.locator('.ag-row [col-id="competitor"]').first().waitFor();
      await page.getByRole('status').filter({ hasText: 'latest scans' }).waitFor();
      const scans = async () => Number((await page.getByRole('status').filter({ hasText: 'latest scans' }).textContent()).split(' ')[0].replace(/,/g, ''));
      const all = await scans();
      // Ids, names and competitors are read whole in the first rows (equal shares of the width cut them to "NW1CGA4M…").
      const cutCells = () =>
        [...document.querySelectorAll('.ag-row[row-index="0"] .ag-cell, .ag-row[row-index="1"] .ag-cell')]
          .filter((c) => ['product_id', 'name', 'competitor', 'competitor_name', 'seen_at'].includes(c.getAttribute('col-id')))
          .filter((c) => {
            const v = c.querySelector('.ag-cell-value') ?? c;
            return v.scrollWidth > v.clientWidth + 1;
          })
          .map((c) => c.getAttribute('col-id') + ': ' + c.textContent.trim());
      await page.waitForFunction(`(${cutCells})().length === 0`, null, { timeout: 5000 }).catch(() => {});
      assert.deepEqual(await page.evaluate(cutCells), [], 'cells cut short');
      // The few columns fill the grid's width, each header above its cells.
      const geometry = await page.evaluate(() => {
        const heads = [...document.querySelectorAll('.ag-header-cell[col-id]')].map((h) => ({ col: h.getAttribute('col-id'), ...h.getBoundingClientRect().toJSON() }));
        const off = heads.filter((h) => {
          const c = document.querySelector(`.ag-row[row-index="0"] [col-id="${h.col}"]`)?.getBoundingClientRect();
          return !c || Math.abs(c.left - h.left) > 1 || Math.abs(c.width - h.width) > 1;
        });
        // Filled: the columns scroll past the grid's right edge, or the last one ends at it.
        const scroll = document.querySelector('.ag-body-horizontal-scroll-viewport');
        const right = Math.max(...heads.map((h) => h.right));
        return {
          off: off.map((h) => h.col),
          scrolls: !!scroll && scroll.scrollWidth > scroll.clientWidth + 1,
          gap: document.querySelector('.ag-root').getBoundingClientRect().right - right,
        };
      });
      assert.deepEqual(geometry.off, [], 'headers not above their cells');
      assert.ok(geometry.scrolls || geometry.gap < 20, `the columns fill the width (a gap of ${geometry.gap} px)`);
      // A row's name tooltip is its product's (the row id is "product@competitor").
      await page.locator('.ag-row[row-index="0"] [col-id="name"]').hover();
      await page.getByRole('tooltip').filter({ hasText: 'Product details' }).waitFor();
      const box = page.getByRole('group', { name: 'Competitors' }).locator('label').first();
      const name = (await box.locator('.competitor-choice-name').textContent()).trim();
      await box.locator('input').check();
      await page.waitForFunction(
        (name) => {
          const v = [...document.querySelectorAll('.ag-row [col-id="competitor"]')].map((e) => e.textContent.trim());
          return v.length > 0 && v.every((x) => x === name);
        },
        name,
      );
      const one = await scans();
      assert.ok(one > 0 && one < all, `one competitor's scans (${one}) are fewer than all (${all})`);
    },
  },
  {
    name: 'match feedback: flag a wrong match and see it leave the buckets',
    async run({ page, stack, allowed }) {
      allowed.push(/status of 502/); // the tooltip image proxy: the seeded image hosts do not resolve offline
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
