// The scenarios of issue 5, in order; each step builds on the previous one.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clickhouse, psql } from './harness.mjs';
import { exportSteps } from './exports.steps.mjs';
import { adminSteps } from './admin.steps.mjs';
import { reportsSteps } from './reports.steps.mjs';
import { insightsSteps } from './insights.steps.mjs';
import { pricerSteps } from './pricer.steps.mjs';
import { mandatedSteps } from './mandated.steps.mjs';
import { approvalSteps } from './approval.steps.mjs';
import { pricerAfterBulkSteps, pricerResultsSteps } from './pricerresults.steps.mjs';
import { trendSteps } from './trends.steps.mjs';
import { uploadsSteps } from './uploads.steps.mjs';
import { trendrestSteps } from './trendrest.steps.mjs';
import { insights2Steps } from './insights2.steps.mjs';
import { firstHourSteps, gridFixSteps } from './firsthour.steps.mjs';
import { pricerDaySteps } from './pricerday.steps.mjs';
import { tourSteps } from './tour.steps.mjs';
import { homeSteps } from './home.steps.mjs';
import { edgesAfterRunSteps, edgesBeforeRunSteps, edgesLayoutSteps } from './edges.steps.mjs';

const ADMIN = 'admin@pricelens.local';
const ANALYST = 'analyst@pricelens.local';
const VIEWER = 'viewer@pricelens.local';

const rows = '.ag-row[row-index]:not(.ag-row-loading)';

async function signIn(page, base, email, password, next = '') {
  await page.goto(base + '/login' + (next ? '?navigationPage=' + encodeURIComponent(next) : ''));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** cellTexts reads one column of the rendered rows in display order (ag-grid reuses row elements). */
async function cellTexts(page, colId, n = 30) {
  return page.$$eval(
    `${rows} [col-id="${colId}"]`,
    (els, n) =>
      els
        .map((e) => ({ i: Number(e.closest('.ag-row').getAttribute('row-index')), t: e.textContent.trim() }))
        .sort((a, b) => a.i - b.i)
        .slice(0, n)
        .map((x) => x.t),
    n,
  );
}

function money(s) {
  return Number(String(s).replace(/[^0-9.-]/g, ''));
}

/** openFilter opens a column's filter from its header menu. */
async function openFilter(page, colId) {
  const header = page.locator(`.ag-header-cell[col-id="${colId}"]`);
  await header.scrollIntoViewIfNeeded();
  await header.hover();
  const filterButton = header.locator('.ag-header-cell-filter-button, .ag-floating-filter-button');
  if (await filterButton.count()) await filterButton.first().click();
  else {
    await header.locator('.ag-header-cell-menu-button').click();
    await page.locator('.ag-menu .ag-tab[aria-label*="ilter"], .ag-menu-option:has-text("Filter")').first().click();
  }
  return page.locator('.ag-filter').last();
}

/** reload runs an action that makes the grid ask for rows again and waits for the new block. */
async function reload(page, action) {
  const block = page.waitForResponse((r) => r.url().endsWith('/api/tabular/getConditionsData') && r.request().method() === 'POST', { timeout: 20_000 });
  block.catch(() => {}); // when the action itself fails, its error is the one to report
  await action();
  const r = await block;
  assert.equal(r.status(), 200, 'getConditionsData answered ' + r.status() + ': ' + (await r.text()));
  await page.waitForTimeout(100);
  await waitRows(page);
}

async function waitRows(page) {
  await page.waitForSelector(rows + ' [col-id]', { timeout: 20_000 });
}

async function rowCount(page) {
  const t = await page.locator('.row-count').textContent();
  return Number(t.replace(/[^0-9]/g, ''));
}

/** parseCSV splits a CSV text into records (RFC 4180 quoting: "" inside quotes, newlines in quoted fields). */
function parseCSV(text) {
  const out = [];
  let rec = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    rec.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endField();
      out.push(rec);
      rec = [];
    } else field += c;
  }
  if (field || rec.length) {
    endField();
    out.push(rec);
  }
  return out;
}

/** gridHeaders reads the visible columns' header names in grid order, scrolling across (ag-grid renders only the columns in view). */
async function gridHeaders(page) {
  const seen = new Map();
  const viewport = '.ag-body-horizontal-scroll-viewport';
  for (;;) {
    const cells = await page.$$eval('.ag-header-row-column .ag-header-cell[col-id][aria-colindex]', (els) =>
      els.map((e) => ({ i: Number(e.getAttribute('aria-colindex')), id: e.getAttribute('col-id'), t: (e.querySelector('.ag-header-cell-text')?.textContent ?? '').trim() })),
    );
    for (const c of cells) if (!c.id.startsWith('ag-Grid-')) seen.set(c.i, c.t);
    const { left, max } = await page.$eval(viewport, (h) => ({ left: h.scrollLeft, max: h.scrollWidth - h.clientWidth }));
    if (left >= max) break;
    await page.$eval(viewport, (h, x) => (h.scrollLeft = x), Math.min(max, left + 400));
    await page.waitForTimeout(100);
  }
  await page.$eval(viewport, (h) => (h.scrollLeft = 0));
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
}

/** watchExportProgress records every progress line the Exporting report dialog shows (it may close within a second). */
async function watchExportProgress(page) {
  await page.evaluate(() => {
    window.__exportProgress = [];
    const seen = () => {
      for (const p of document.querySelectorAll('.export-progress p')) {
        const t = p.textContent.trim();
        if (window.__exportProgress.at(-1) !== t) window.__exportProgress.push(t);
      }
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** readDownload waits for the browser's download and returns the file's name and text. */
async function readDownload(download) {
  const d = await download;
  const path = await d.path();
  return { name: d.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

export const steps = [
  {
    name: 'unknown path shows the not-found page',
    async run({ page, stack }) {
      await page.goto(stack.base + '/no/such/page');
      await page.getByRole('heading', { name: 'This Page Could Not Be Found' }).waitFor();
    },
  },
  {
    name: 'sign in with a password',
    async run({ page, stack, allowed }) {
      await page.goto(stack.base + '/login');
      // The sign-in page shows the logo and the password form of internal users.
      await page.getByLabel('Pricelens').first().waitFor();
      // A wrong password says so without saying which part was wrong.
      await page.getByLabel('Email').fill(ADMIN);
      await page.getByLabel('Password').fill('wrong-password');
      allowed.push(/status of 401/);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: /wrong email or password/i }).waitFor();
      allowed.pop();
      await page.getByLabel('Password').fill(stack.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/account/);
    },
  },
  {
    name: 'choose an account',
    async run({ page }) {
      const select = page.getByLabel('Choose an account');
      await select.waitFor();
      // The admin has two accounts, so nothing is chosen automatically.
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please choose account' }).waitFor();
      const options = await select.locator('option').allTextContents();
      assert.ok(options.length >= 3, 'two accounts and the Choose... prompt: ' + options.join('|'));
      await select.selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/pricing\/reports/);
    },
  },
  {
    name: 'report index lists the predefined reports',
    async run({ page }) {
      for (const name of ['All my products', 'My products found at competitors', 'Competitiveness metrics snapshot', 'Constraints report', 'Competitive landscape by brand', 'Price distribution by label']) {
        await page.getByRole('link', { name, exact: true }).waitFor();
      }
    },
  },
  {
    name: 'open all my products: first rows',
    async run({ page, stack, metrics, data }) {
      // Cold: a full page load of the report's address.
      let t0 = Date.now();
      await page.goto(stack.base + '/pricing/type/all_my_products');
      await waitRows(page);
      metrics['first rows, cold page load (S)'] = Date.now() - t0 + ' ms';
      metrics['waterfall'] = JSON.stringify(
        await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/') || e.name.includes('/assets/'))
            .map((e) => `${e.name.replace(location.origin, '')} ${Math.round(e.startTime)}→${Math.round(e.responseEnd)}`),
        ),
        null,
        1,
      );
      // Warm: from the report index, as a user navigates.
      await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
      await page.getByRole('link', { name: 'All my products', exact: true }).waitFor();
      await page.evaluate(() => performance.clearResourceTimings());
      const clickAt = await page.evaluate(() => performance.now());
      t0 = Date.now();
      await page.getByRole('link', { name: 'All my products', exact: true }).click();
      await waitRows(page);
      const shownAt = await page.evaluate(() => performance.now());
      const blocks = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/tabular/getConditionsData')).length);
      assert.equal(blocks, 1, 'the first block is asked for once (prefetched while the grid is built)');
      metrics['warm waterfall (ms after the click)'] = JSON.stringify(
        await page.evaluate(
          (c) =>
            performance
              .getEntriesByType('resource')
              .filter((e) => e.name.includes('/api/'))
              .map((e) => `${e.name.replace(location.origin, '')} ${Math.round(e.startTime - c)}→${Math.round(e.responseEnd - c)}`),
          clickAt,
        ),
      ) + ` rows in the DOM by ${Math.round(shownAt - clickAt)}`;
      metrics['first rows, navigation from the report index (S)'] = Date.now() - t0 + ' ms';
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('All my products').waitFor();
      await page.waitForFunction(() => /\d/.test(document.querySelector('.row-count')?.textContent ?? ''));
      data.total = await rowCount(page);
      assert.ok(data.total > 1000, 'S has thousands of products, the count says ' + data.total);
      const names = await cellTexts(page, 'name');
      // Page size 30 of 30/50/100: the pager says so.
      await page.locator('.ag-paging-row-summary-panel').filter({ hasText: /^\s*1\s*to\s*30\s*of/ }).waitFor();
      assert.ok(names.every((n) => n.length > 0));
      data.firstName = names[0];
      // The count makes every page reachable: the last page shows the last product.
      await page.locator('.ag-paging-row-summary-panel').filter({ hasText: data.total.toLocaleString('en-US') }).waitFor();
      await page.getByRole('button', { name: 'Last Page' }).click();
      await page.waitForSelector(`.ag-row[row-index="${data.total - 1}"]:not(.ag-row-loading) [col-id="name"]`);
      await page.getByRole('button', { name: 'First Page' }).click();
      await page.waitForSelector('.ag-row[row-index="0"]:not(.ag-row-loading) [col-id="name"]');
      // Page sizes 30, 50 and 100.
      await page.locator('.ag-paging-page-size .ag-picker-field-wrapper').click();
      const sizes = (await page.locator('.ag-list-item, .ag-select-list-item').allTextContents()).map((t) => t.trim()).filter(Boolean);
      assert.deepEqual(sizes, ['30', '50', '100']);
      await page.locator('.ag-select-list').getByRole('option', { name: '50', exact: true }).click();
      await page.locator('.ag-paging-row-summary-panel').filter({ hasText: /^\s*1\s*to\s*50\s*of/ }).waitFor();
      await page.locator('.ag-paging-page-size .ag-picker-field-wrapper').click();
      await page.locator('.ag-select-list').getByRole('option', { name: '30', exact: true }).click();
      await page.locator('.ag-paging-row-summary-panel').filter({ hasText: /^\s*1\s*to\s*30\s*of/ }).waitFor();
    },
  },
  {
    name: 'filter with text, number and set filters',
    async run({ page, data }) {
      // Text: names containing a word of the first product's name.
      const word = data.firstName.split(/\s+/).find((w) => w.length >= 4) ?? data.firstName.slice(0, 4);
      let f = await openFilter(page, 'name');
      await f.locator('input[type="text"], input.ag-input-field-input').first().fill(word);
      await reload(page, () => f.getByRole('button', { name: 'Apply Filter' }).click());
      await page.keyboard.press('Escape');
      await page.locator('.chip-bar').getByText('contains ' + word).waitFor();
      await page.waitForFunction((total) => Number((document.querySelector('.row-count')?.textContent ?? '').replace(/[^0-9]/g, '')) < total, data.total);
      const names = await cellTexts(page, 'name');
      assert.ok(names.length > 0 && names.every((n) => n.toLowerCase().includes(word.toLowerCase())), `every name contains "${word}": ${names.join(' | ')}`);
      const afterText = await rowCount(page);

      // Number: my price greater than the median of the visible prices.
      const prices = (await cellTexts(page, 'price')).map(money).sort((a, b) => a - b);
      const threshold = prices[Math.floor(prices.length / 2)];
      f = await openFilter(page, 'price');
      await f.locator('select, .ag-picker-field').first().click();
      await page.getByRole('option', { name: 'Greater than', exact: true }).click();
      await f.locator('input[type="number"], input.ag-input-field-input').first().fill(String(threshold));
      await reload(page, () => f.getByRole('button', { name: 'Apply Filter' }).click());
      await page.keyboard.press('Escape');
      await page.waitForFunction((n) => Number((document.querySelector('.row-count')?.textContent ?? '').replace(/[^0-9]/g, '')) < n, afterText);
      const filtered = (await cellTexts(page, 'price')).map(money);
      assert.ok(filtered.every((p) => p > threshold), `all prices > ${threshold}: ${filtered.join(',')}`);

      // Set (values from the API's label list): products with the first label, within the price filter.
      await reload(page, () => page.locator('.chip-bar .chip').filter({ hasText: 'Name' }).getByRole('button').click());
      f = await openFilter(page, 'labels');
      await f.locator('.ag-set-filter-list, .ag-virtual-list-viewport').first().waitFor();
      await f.getByLabel('(Select All)').uncheck();
      const values = (await f.locator('.ag-set-filter-item').allTextContents()).map((t) => t.trim()).filter((t) => t && !t.startsWith('('));
      assert.ok(values.length > 0, 'the label list came from the API');
      const label = values[0];
      await f.getByLabel(label, { exact: true }).check();
      await reload(page, () => f.getByRole('button', { name: 'Apply Filter' }).click());
      await page.keyboard.press('Escape');
      const labelled = await cellTexts(page, 'labels');
      assert.ok(labelled.length > 0 && labelled.every((l) => l.includes(label)), `every row has ${label}: ${labelled.join(' | ')}`);
      const prices2 = (await cellTexts(page, 'price')).map(money);
      assert.ok(prices2.every((p) => p > threshold), 'the price filter still applies');
      assert.equal(await page.locator('.chip-bar .chip').count(), 2, 'two filter chips');
      data.filteredCount = await rowCount(page);
    },
  },
  {
    name: 'brand filter with search',
    async run({ page }) {
      await reload(page, () => page.locator('.chip-bar').getByRole('button', { name: 'Clear all' }).click());
      const brand = (await cellTexts(page, 'canonical_mfgr_display'))[0];
      await openFilter(page, 'canonical_mfgr_display');
      const search = page.getByLabel('Search brands');
      await search.fill(brand.slice(0, 4).toLowerCase());
      // The list is searched on the server: only matching brands remain.
      await page.waitForFunction(
        (q) => {
          const labels = [...document.querySelectorAll('.brand-filter label')].map((l) => l.textContent.toLowerCase());
          return labels.length > 0 && labels.every((l) => l.includes(q));
        },
        brand.slice(0, 4).toLowerCase(),
      );
      await page.locator('.brand-filter').getByLabel(brand, { exact: true }).check();
      await reload(page, () => page.locator('.brand-filter').getByRole('button', { name: 'Apply Filter' }).click());
      await page.keyboard.press('Escape');
      const brands = await cellTexts(page, 'canonical_mfgr_display');
      assert.ok(brands.every((b) => b === brand), `only ${brand}: ${brands.join(',')}`);
      await page.locator('.chip-bar').getByText(brand).waitFor();
    },
  },
  {
    name: 'multi-level category and radio filters',
    async run({ page }) {
      await reload(page, () => page.locator('.chip-bar').getByRole('button', { name: 'Clear all' }).click());
      await openFilter(page, 'category_display');
      const tree = page.locator('.category-filter');
      await tree.locator('.tree-node').first().waitFor();
      const top = (await tree.locator('.tree-node > label').first().textContent()).trim();
      await tree.getByRole('button', { name: 'Expand ' + top }).click();
      const second = (await tree.locator('.tree-node .tree-node > label').first().textContent()).trim();
      await tree.getByLabel(second, { exact: true }).check();
      await reload(page, () => tree.getByRole('button', { name: 'Apply Filter' }).click());
      await page.keyboard.press('Escape');
      const cats = await cellTexts(page, 'category_display');
      assert.ok(cats.length > 0 && cats.every((c) => c.startsWith(`${top} > ${second}`)), `under ${top} > ${second}: ${cats.join(' | ')}`);
      await page.locator('.chip-bar').getByText(`${top} > ${second}`).waitFor();

      // The radio filter of the market price bucket, from the Filters side panel.
      await page.locator('.ag-side-button').filter({ hasText: 'Filters' }).click();
      const panel = page.locator('.ag-filter-toolpanel');
      await panel.getByRole('button', { name: 'Market price bucket', exact: true }).click();
      await panel.getByLabel('I am lower', { exact: true }).check();
      await reload(page, () => panel.getByRole('button', { name: 'Apply Filter' }).click());
      await page.locator('.ag-side-button').filter({ hasText: 'Filters' }).click();
      await page.locator('.chip-bar').getByText('I am lower').waitFor();
      // market_delta is far right: scroll the grid there so its cells render.
      await page.evaluate(() => {
        const h = document.querySelector('.ag-body-horizontal-scroll-viewport');
        h.scrollLeft = h.scrollWidth;
      });
      await page.locator('.ag-row[row-index="0"] [col-id="market_delta"]').waitFor();
      const deltas = (await cellTexts(page, 'market_delta')).map(money);
      await page.evaluate(() => (document.querySelector('.ag-body-horizontal-scroll-viewport').scrollLeft = 0));
      assert.ok(deltas.length > 0 && deltas.every((d) => d < 0), 'I am lower means a negative market delta: ' + deltas.join(','));
      await reload(page, () => page.locator('.chip-bar').getByRole('button', { name: 'Clear all' }).click());
    },
  },
  {
    name: 'hover tooltips on name and competitor price',
    async run({ page }) {
      const name = page.locator('.ag-row[row-index="0"] [col-id="name"]');
      await name.hover();
      const tip = page.getByRole('tooltip').filter({ hasText: 'Manufacturer number' }).last();
      await tip.waitFor();
      // The seeded image addresses (https://img.<shop host>.example/...) never resolve: the
      // image proxy draws the demo's picture, so the tooltip shows an image, not a broken one.
      const thumb = tip.locator('img.thumb');
      await thumb.waitFor();
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await thumb.elementHandle());
      assert.equal(await thumb.evaluate((img) => img.naturalWidth), 145, 'the tooltip image is the 145 px drawn picture');
      const brand = (await cellTexts(page, 'canonical_mfgr_display', 1))[0];
      assert.ok((await tip.textContent()).includes(brand), 'product tooltip names the brand ' + brand);
      await page.mouse.move(5, 5);
      // The first competitor price cell that has a price.
      const priceCols = await page.$$eval('.ag-header-cell[col-id^="Price@"]', (els) => els.map((e) => e.getAttribute('col-id')));
      let shown = false;
      for (const col of priceCols) {
        for (let i = 0; i < 8 && !shown; i++) {
          const cell = page.locator(`.ag-row[row-index="${i}"] [col-id="${col}"]`);
          if (!(await cell.textContent()).trim()) continue;
          await cell.scrollIntoViewIfNeeded();
          await cell.hover();
          const ctip = page.getByRole('tooltip').filter({ hasText: 'Competitor price' }).last();
          await ctip.waitFor();
          const text = await ctip.textContent();
          assert.ok(text.includes('My price') && text.includes((await cell.textContent()).trim()), 'competitor vs my price: ' + text);
          shown = true;
        }
        if (shown) break;
      }
      assert.ok(shown, 'a competitor price cell with a tooltip');
      await page.mouse.move(5, 5);
      await page.evaluate(() => (document.querySelector('.ag-body-horizontal-scroll-viewport').scrollLeft = 0));
    },
  },
  {
    name: 'select all on the page, then in the whole report',
    async run({ page, data }) {
      await page.getByLabel('Select all on page').check();
      const banner = page.locator('.banner');
      await banner.getByText('All 30 products on this page are selected.').waitFor();
      await banner.getByRole('button', { name: /Select all [\d,]+ products in the report/ }).click();
      await banner.getByText(`All ${data.total.toLocaleString('en-US')} products in the report are selected.`).waitFor();
      await banner.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForFunction(() => !document.querySelector('.banner'));
      assert.equal(await page.locator('.ag-row .ag-selection-checkbox input:checked').count(), 0, 'cancel clears the selection');
    },
  },
  {
    name: 'sort by my price',
    async run({ page }) {
      assert.equal(await page.locator('.chip-bar').count(), 0, 'no filter left');
      await reload(page, () => page.locator('.ag-header-cell[col-id="price"] .ag-header-cell-label').click());
      await page.waitForSelector('.ag-header-cell[col-id="price"][aria-sort="ascending"]');
      const asc = (await cellTexts(page, 'price')).map(money);
      assert.deepEqual(asc, [...asc].sort((a, b) => a - b), 'ascending: ' + asc.join(','));
      await reload(page, () => page.locator('.ag-header-cell[col-id="price"] .ag-header-cell-label').click());
      await page.waitForSelector('.ag-header-cell[col-id="price"][aria-sort="descending"]');
      const desc = (await cellTexts(page, 'price')).map(money);
      assert.deepEqual(desc, [...desc].sort((a, b) => b - a), 'descending: ' + desc.join(','));
    },
  },
  {
    name: 'export the report to CSV and download it',
    async run({ page, data, metrics }) {
      const count = await rowCount(page);
      const headers = await gridHeaders(page);
      assert.ok(headers.length >= 5, 'the default columns: ' + headers.join('|'));
      await watchExportProgress(page);
      const download = page.waitForEvent('download', { timeout: 90_000 });
      download.catch(() => {});
      await page.getByRole('button', { name: 'Export to CSV' }).click();
      await page.getByRole('dialog', { name: 'Exporting report' }).waitFor();
      const file = await readDownload(download);
      // Done: the dialog downloaded the file and closed.
      await page.waitForFunction(() => ![...document.querySelectorAll('[role="dialog"]')].some((d) => d.textContent.includes('Exporting report')));
      const progress = await page.evaluate(() => window.__exportProgress);
      assert.ok(progress.length > 0, 'the dialog showed its progress');
      for (const p of progress) assert.match(p, /^\d{1,3}% · Time left: (Unknown|\d+ s|\d+ min \d+ s)$/);
      metrics['export of the report (S): the dialog showed'] = progress.join(' → ') + `; ${count} rows, ${headers.length} columns`;
      assert.match(file.name, /^export_[0-9a-f]+\.csv$/);
      assert.ok(file.text.startsWith('\uFEFF'), 'UTF-8 BOM for spreadsheet tools');
      const recs = parseCSV(file.text.slice(1));
      assert.deepEqual(recs[0], headers, 'the file has the grid’s columns in grid order with their header names');
      assert.equal(recs.length - 1, count, 'one line per product of the grid’s count');
      data.exportName = file.name.replace(/\.csv$/, '');
      data.exportText = file.text;
    },
  },
  {
    name: 'recent exports offers the download again',
    async run({ page, data }) {
      await page.getByRole('button', { name: 'Recent exports' }).click();
      const dlg = page.getByRole('dialog', { name: 'Recent exports' });
      const link = dlg.getByRole('link', { name: 'Download' }).first();
      await link.waitFor();
      assert.equal(await link.getAttribute('download'), data.exportName + '.csv', 'the newest export is first');
      const download = page.waitForEvent('download');
      download.catch(() => {});
      await link.click();
      const file = await readDownload(download);
      assert.equal(file.text, data.exportText, 'the same file');
      await dlg.getByRole('button', { name: 'Close' }).click();
    },
  },
  {
    name: 'group mode and graph mode',
    async run({ page, data }) {
      await reload(page, () => page.getByRole('button', { name: 'Group', exact: true }).click());
      await page.waitForSelector('.ag-row-group');
      const groups = await page.locator('.ag-row-group[row-index] [col-id="ag-Grid-AutoColumn"]').count();
      assert.ok(groups >= 2, 'super category groups: ' + groups);
      // Group mode shows the group metrics instead of the product columns.
      await page.locator('.ag-header-cell[col-id="products"]').waitFor();
      assert.equal(await page.locator('.ag-header-cell[col-id="name"]').count(), 0, 'product name column hidden in group mode');
      // Weigh by a custom field changes the group shares.
      const byProduct = await cellTexts(page, 'Lower');
      const options = await page.getByLabel('Weigh by').locator('option').allTextContents();
      assert.ok(options.length >= 2 && options[0] === 'Product', 'Product and the custom fields: ' + options.join('|'));
      await reload(page, () => page.getByLabel('Weigh by').selectOption({ index: 1 }));
      await page.waitForTimeout(200);
      const weighted = await cellTexts(page, 'Lower');
      assert.notDeepEqual(weighted, byProduct, 'weighted shares differ from product counts');
      await reload(page, () => page.getByLabel('Weigh by').selectOption('product'));
      // Graph needs selected group rows.
      await page.getByRole('button', { name: 'Graph', exact: true }).click();
      await page.getByText('Select rows in group mode').waitFor();
      await page.getByRole('button', { name: 'Group', exact: true }).click();
      const boxes = page.locator('.ag-row-group[row-index] .ag-selection-checkbox input');
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await page.getByRole('button', { name: 'Graph', exact: true }).click();
      const svg = page.getByRole('img', { name: 'Price position by group' });
      await svg.waitFor();
      const bars = await svg.locator('rect[data-key]').count();
      assert.equal(bars, 6, 'two rows × Lower/Similar/Higher');
      const h = Number(await svg.getAttribute('height'));
      assert.equal(h, 60 * 2 + 80, 'height rule for 2 rows');
      data.graph = true;
      await reload(page, () => page.getByRole('button', { name: 'Table', exact: true }).click());
    },
  },
  ...gridFixSteps,
  {
    name: 'assign a label to a selection',
    async run({ page, data }) {
      await page.getByRole('button', { name: 'Assign a label' }).waitFor();
      const names = await cellTexts(page, 'name', 2);
      const boxes = page.locator('.ag-row .ag-selection-checkbox input');
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await page.getByRole('button', { name: 'Assign a label' }).click();
      await page.getByRole('menuitem', { name: '+ Add label' }).click();
      const dlg = page.getByRole('dialog', { name: 'Add label' });
      await dlg.getByLabel('Label name').fill('E2E focus');
      assert.equal(await dlg.getByRole('group', { name: 'Label colour' }).getByRole('button').count(), 16);
      await dlg.getByRole('button', { name: '#43a047' }).click();
      await dlg.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'label add successfully' }).waitFor();
      data.labelled = names;
      // The existing label on a third row: the cell shows it at once.
      await page.locator('.ag-row[row-index] .ag-selection-checkbox input:checked').first().waitFor();
      const third = page.locator('.ag-row[row-index="2"]');
      await page.getByLabel('Select all on page').check();
      await page.getByLabel('Select all on page').uncheck();
      await third.locator('.ag-selection-checkbox input').check();
      await page.getByRole('button', { name: 'Assign a label' }).click();
      await page.getByRole('menuitem', { name: 'E2E focus' }).click();
      const cell = page.locator('.ag-row[row-index="2"] [col-id="labels"]');
      await cell.filter({ hasText: 'E2E focus' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'label add successfully' }).waitFor();
      // The labels editor removes it again from that product.
      const removed = page.waitForResponse((r) => r.url().endsWith('/api/labels/removeLabelFromProduct'));
      // The labels column sits far right; scrolling to it makes ag-grid re-render the
      // row's cells (column virtualisation), which a pointer click keeps chasing, so the
      // button gets the click event itself.
      await cell.getByRole('button', { name: 'Remove label E2E focus' }).dispatchEvent('click');
      assert.equal((await removed).status(), 200);
      await page.waitForFunction(() => !document.querySelector('.ag-row[row-index="2"] [col-id="labels"]').textContent.includes('E2E focus'));
      assert.equal(await page.getByRole('dialog').count(), 0, 'no error dialog');
    },
  },
  {
    name: 'add a competitor price alert',
    async run({ page, stack }) {
      await page.getByRole('button', { name: 'Alert', exact: true }).click();
      const dlg = page.getByRole('dialog', { name: 'Add or update alert' });
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.getByText('*please fill all fields').waitFor();
      await dlg.getByLabel('Alert name').fill('Camera watch');
      await dlg.locator('fieldset').first().getByRole('checkbox').first().check();
      await dlg.getByLabel('Frequency').selectOption('1');
      await dlg.getByLabel('Add an e-mail address').fill('pricing@example.com');
      await dlg.getByRole('button', { name: 'Add', exact: true }).click();
      await dlg.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'The report has been update' }).waitFor();
      assert.equal(psql(stack, "SELECT count(*) FROM alerts WHERE label_name = 'Camera watch'"), '1');
    },
  },
  {
    name: 'save the report',
    async run({ page }) {
      await page.getByRole('button', { name: 'Save As' }).click();
      const dlg = page.getByRole('dialog', { name: 'Save report as' });
      await dlg.getByLabel('Report name').fill('bad {name}');
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.getByText('Report name can not contain the following: # % ^ ` { }').waitFor();
      await dlg.getByLabel('Report name').fill('E2E weekly review');
      await dlg.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'report save successfully' }).waitFor();
    },
  },
  {
    name: 'an alert on the saved report, listed and removed on the alerts screen',
    async run({ page, stack }) {
      const id = psql(stack, "SELECT id FROM saved_reports WHERE report_name = 'E2E weekly review'");
      await page.goto(stack.base + '/pricing/type/' + id);
      await waitRows(page);
      await page.getByRole('button', { name: 'Alert', exact: true }).click();
      const dlg = page.getByRole('dialog', { name: 'Add or update alert' });
      await dlg.getByLabel('Alert name').fill('Saved report watch');
      await dlg.locator('fieldset').first().getByRole('checkbox').first().check();
      await dlg.getByLabel('Frequency').selectOption('0');
      await dlg.getByLabel('Date filter').selectOption('7');
      await dlg.getByLabel('Only changes since the last notification').check();
      await dlg.getByLabel('Add an e-mail address').fill('pricing@example.com');
      await dlg.getByRole('button', { name: 'Add', exact: true }).click();
      const added = page.waitForResponse((r) => r.url().endsWith('/api/labels/addAlert'));
      await dlg.getByRole('button', { name: 'Save' }).click();
      // The dialog names the saved report as saved_report_id; as report_id it was read as an alert's id (404).
      assert.equal((await added).status(), 200);
      await page.getByRole('status').filter({ hasText: 'The report has been update' }).waitFor();
      assert.equal(
        psql(stack, "SELECT a.saved_report_id || ',' || a.date_filter || ',' || a.since_last_notice FROM alerts a WHERE a.label_name = 'Saved report watch'"),
        id + ',7,true',
      );
      await page.goto(stack.base + '/alerts');
      const table = page.getByRole('table', { name: 'Price alerts' });
      await table.getByRole('link', { name: 'E2E weekly review' }).waitFor();
      await table.getByRole('button', { name: 'Remove alert Saved report watch' }).click();
      await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('status').filter({ hasText: 'Alert deleted successfully' }).waitFor();
      assert.equal(psql(stack, "SELECT count(*) FROM alerts WHERE label_name = 'Saved report watch'"), '0');
      assert.equal(await table.getByText('Saved report watch').count(), 0);
    },
  },
  {
    name: 'the assigned label is there after a reload',
    async run({ page, stack }) {
      // Assignments reach ClickHouse through the outbox relay (a few seconds): filter
      // by the new label until both products are found.
      let n = 0;
      const deadline = Date.now() + 60_000;
      for (let i = 0; n !== 2 && Date.now() < deadline; i++) {
        if (i > 0) await page.waitForTimeout(1000);
        await page.goto(stack.base + '/pricing/type/all_my_products');
        await waitRows(page);
        const f = await openFilter(page, 'labels');
        await f.locator('.ag-set-filter-list, .ag-virtual-list-viewport').first().waitFor();
        await f.getByLabel('(Select All)').uncheck();
        await f.getByLabel('E2E focus', { exact: true }).check();
        await reload(page, () => f.getByRole('button', { name: 'Apply Filter' }).click()).catch(() => {});
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => /\d/.test(document.querySelector('.row-count')?.textContent ?? ''));
        n = await rowCount(page);
      }
      assert.equal(n, 2, 'two products carry the label (the third had it removed)');
      const names = await cellTexts(page, 'name');
      assert.equal(names.length, 2);
    },
  },
  {
    name: 'find it on the saved reports page',
    async run({ page, stack, data }) {
      await page.goto(stack.base + '/saved_reports');
      const other = page.getByRole('region', { name: 'Other reports' });
      const link = other.getByRole('link', { name: 'E2E weekly review' });
      await link.waitFor();
      data.reportPath = await link.getAttribute('href');
      // The admin may delete and schedule.
      await other.getByRole('button', { name: 'Remove report' }).first().waitFor();
      await other.getByRole('button', { name: /Send report by email/ }).first().waitFor();
    },
  },
  {
    name: 'open its share link as another user',
    async run({ page, stack, data }) {
      await page.goto(stack.base + data.reportPath);
      await waitRows(page);
      // Save keeps the report's sort: it comes back when the report is opened again.
      // (It was saved sorted by price descending; a click turns that off, the next sorts ascending.)
      await page.waitForSelector('.ag-header-cell[col-id="price"][aria-sort="descending"]');
      await reload(page, () => page.locator('.ag-header-cell[col-id="price"] .ag-header-cell-label').click());
      await reload(page, () => page.locator('.ag-header-cell[col-id="price"] .ag-header-cell-label').click());
      await page.waitForSelector('.ag-header-cell[col-id="price"][aria-sort="ascending"]');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Your report has been saved' }).waitFor();
      await page.goto(stack.base + data.reportPath);
      await waitRows(page);
      await page.waitForSelector('.ag-header-cell[col-id="price"][aria-sort="ascending"]');
      const asc = (await cellTexts(page, 'price')).map(money);
      assert.deepEqual(asc, [...asc].sort((a, b) => a - b), 'the saved sort applies: ' + asc.join(','));
      await page.getByRole('button', { name: 'Share' }).click();
      const dlg = page.getByRole('dialog', { name: 'Share report' });
      await dlg.getByRole('button', { name: 'Copy link' }).click();
      await page.getByRole('status').filter({ hasText: 'the link has been copied!' }).waitFor();
      const link = await dlg.getByLabel('Share link').inputValue();
      assert.match(link, /\/pricing\/share\/[^/]+$/);
      await dlg.getByRole('button', { name: 'Cancel' }).click();
      await page.goto(stack.base + '/login/logout');
      await page.waitForURL(/\/login$/);
      const path = new URL(link).pathname;
      await signIn(page, stack.base, ANALYST, stack.password, path);
      await page.waitForURL((u) => u.pathname === path);
      await page.getByRole('heading', { name: 'E2E weekly review' }).waitFor();
      await waitRows(page);
      data.sharePath = path;
    },
  },
  {
    name: 'an account the user is not assigned to is refused',
    async run({ page, stack, allowed }) {
      allowed.push(/status of 403/);
      const other = psql(stack, "SELECT id FROM accounts ORDER BY id DESC LIMIT 1");
      await page.goto(stack.base + '/pricing/reports?account_id=' + other);
      await page.getByText('You are trying to access account that you are not assigned to').waitFor();
      assert.equal(await page.getByRole('link', { name: 'Home' }).count(), 0, 'no home button');
      allowed.pop();
      await page.goto(stack.base + '/pricing/reports');
      await page.getByRole('link', { name: 'All my products', exact: true }).waitFor();
    },
  },
  {
    name: 'an expired session shows Session Expired',
    async run({ page, stack, allowed }) {
      // The expired session answers 440; the logout that follows finds no session (401).
      allowed.push(/status of 440/, /status of 401/);
      psql(stack, "UPDATE sessions SET last_seen_at = now() - interval '30 days'");
      await page.getByRole('link', { name: 'Saved reports' }).first().click();
      const dlg = page.getByRole('dialog', { name: 'Session Expired' });
      await dlg.getByText('Your session has expired. Please login again.').waitFor();
      await dlg.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL(/\/login$/);
    },
  },
  {
    name: 'a viewer sees no create, share or label actions',
    async run({ page, stack }) {
      await signIn(page, stack.base, VIEWER, stack.password, '/pricing/type/all_my_products');
      await page.waitForURL(/\/pricing\/type\/all_my_products/);
      await waitRows(page);
      for (const name of ['Save As', 'Share', 'Assign a label', 'Alert']) {
        assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, name + ' is hidden for a viewer');
      }
      await page.getByRole('link', { name: 'Saved reports' }).first().click();
      await page.getByRole('heading', { name: 'Saved reports' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Add scenario' }).count(), 0);
      await page.goto(stack.base + '/login/logout');
      await page.waitForURL(/\/login$/);
    },
  },
  {
    name: 'schedule the report by e-mail, then disable it',
    async run({ page, stack }) {
      await signIn(page, stack.base, ADMIN, stack.password, '/saved_reports');
      await page.getByLabel('Choose an account').selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/saved_reports/);
      const row = page.locator('.report-row').filter({ hasText: 'E2E weekly review' });
      await row.getByRole('button', { name: 'Send report by email (off)' }).click();
      const dlg = page.getByRole('dialog', { name: 'Send report by email' });
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.getByText('Select at least one recipient and schedule.').waitFor();
      await dlg.getByRole('button', { name: 'Mo', exact: true }).click();
      await dlg.getByRole('button', { name: 'We', exact: true }).click();
      await dlg.getByLabel('Add an e-mail address').fill('ops');
      await dlg.getByRole('button', { name: 'Add', exact: true }).click();
      await dlg.getByText('Email is not correct. Please insert a correct email address.').waitFor();
      await dlg.getByLabel('Add an e-mail address').fill('ops@example.com');
      await dlg.getByRole('button', { name: 'Add', exact: true }).click();
      await dlg.getByRole('button', { name: 'Save' }).click();
      await row.getByRole('button', { name: 'Send report by email (on)' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'The report has been update' }).waitFor();
      assert.equal(psql(stack, "SELECT scheduled_days FROM saved_reports WHERE report_name = 'E2E weekly review'"), '1,3');
      await row.getByRole('button', { name: 'Send report by email (on)' }).click();
      await dlg.getByRole('button', { name: 'Disable' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm' });
      await confirm.getByText('Disable email report?').waitFor();
      await confirm.getByRole('button', { name: 'OK' }).click();
      await row.getByRole('button', { name: 'Send report by email (off)' }).waitFor();
    },
  },
  {
    name: 'folders: add a scenario and move the report into it',
    async run({ page }) {
      await page.getByRole('button', { name: 'Add scenario' }).click();
      const dlg = page.getByRole('dialog', { name: 'Add scenario' });
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.getByText('Scenario name is required').waitFor();
      await dlg.getByLabel('Scenario name').fill('Q4 pricing');
      await dlg.getByRole('button', { name: 'Save' }).click();
      const folder = page.getByRole('region', { name: 'Q4 pricing' });
      await folder.getByText('No reports').waitFor();
      const row = page.locator('.report-row').filter({ hasText: 'E2E weekly review' });
      await row.getByRole('button', { name: 'Associate to scenario' }).click();
      const assoc = page.getByRole('dialog', { name: 'Associate report to scenario' });
      await assoc.getByLabel('Scenario', { exact: true }).selectOption({ label: 'Q4 pricing' });
      await assoc.getByRole('button', { name: 'Save' }).click();
      await folder.getByRole('link', { name: 'E2E weekly review' }).waitFor();
      assert.equal((await folder.locator('h2 .count').textContent()).trim(), '1');
      // The built-in groups list the predefined reports.
      await page.getByRole('region', { name: 'Competitive Landscape' }).getByRole('link', { name: 'Competitive landscape by brand' }).waitFor();
      // ?f= shows one folder.
      await page.getByRole('link', { name: /Q4 pricing/ }).first().click();
      await page.waitForURL(/f=/);
      assert.equal(await page.getByRole('region', { name: 'Other reports' }).count(), 0);
      await page.getByRole('link', { name: /^All reports/ }).click();
    },
  },
  {
    name: 'other screens keep their layout and empty states',
    async run({ page, stack }) {
      await page.goto(stack.base + '/new/manage/users');
      await page.getByRole('heading', { name: 'Manage users' }).waitFor();
      await page.getByRole('gridcell', { name: 'analyst@pricelens.local', exact: true }).waitFor();
      await page.goto(stack.base + '/new/repricing/dynamic_pricer');
      await page.getByRole('heading', { name: 'Manage Pricing Rules' }).waitFor();
      await page.goto(stack.base + '/trend/no_such_trend');
      await page.getByRole('heading', { name: 'This Page Could Not Be Found' }).waitFor();
      await page.goto(stack.base + '/saved_reports');
      await page.getByRole('heading', { name: 'Saved reports' }).waitFor();
    },
  },
  ...trendSteps,
  {
    name: 'offline: the no internet connection dialog',
    async run({ page, browser, allowed }) {
      allowed.push(/ERR_INTERNET_DISCONNECTED/);
      await browser.context.setOffline(true);
      try {
        await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
        await page.getByRole('link', { name: 'All my products', exact: true }).click();
        const dlg = page.getByRole('dialog', { name: 'No internet connection' });
        await dlg.getByText("Sorry this page isn't available offline...").waitFor();
        await dlg.getByRole('button', { name: 'Refresh' }).waitFor();
        await dlg.getByRole('button', { name: 'Cancel' }).click();
      } finally {
        await browser.context.setOffline(false);
      }
      allowed.pop();
      await page.getByRole('link', { name: 'Saved reports' }).first().click();
      await page.getByRole('heading', { name: 'Saved reports' }).waitFor();
    },
  },
  {
    name: 'a removed report: its share link says it is no longer available',
    async run({ page, stack, data, allowed }) {
      const row = page.locator('.report-row').filter({ hasText: 'E2E weekly review' });
      await row.getByRole('button', { name: 'Remove report' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm' });
      await confirm.getByText('Are you sure you want to delete this item?').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('status').filter({ hasText: 'Report deleted successfully' }).waitFor();
      await page.waitForFunction(() => ![...document.querySelectorAll('.report-row')].some((r) => r.textContent.includes('E2E weekly review')));
      allowed.push(/status of 404/);
      await page.goto(stack.base + data.sharePath);
      await page.getByRole('heading', { name: 'This share report is no longer available' }).waitFor();
      await page.getByText(/Save As/).first().waitFor();
    },
  },
  {
    name: 'an invited user chooses a password from the mailed link and signs in',
    async run({ page, stack }) {
      await page.goto(stack.base + '/login/logout');
      await page.waitForURL(/\/login$/);
      await signIn(page, stack.base, ADMIN, stack.password);
      await page.getByLabel('Choose an account').selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/pricing\/reports/);
      // There is no add-user screen yet (issue 17): the administrator's call, as the browser sends it.
      const answer = await page.evaluate(async () => {
        const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('pricelens_csrf='))?.split('=')[1] ?? '');
        const r = await fetch('/api/users/addInternalUser', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf }, body: JSON.stringify({ email: 'invitee@example.com' }) });
        return { status: r.status, body: await r.json() };
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.message, 'An invitation has been sent to invitee@example.com.');
      const link = new URL(psql(stack, "SELECT detail->>'link' FROM mail_messages WHERE kind = 'invitation' AND 'invitee@example.com' = ANY(recipients) ORDER BY id DESC LIMIT 1"));
      assert.equal(link.pathname, '/login/reset');
      await page.goto(stack.base + '/login/logout');
      await page.waitForURL(/\/login$/);
      await page.goto(stack.base + link.pathname + link.search);
      await page.getByLabel('New password').fill('invited-user-pw');
      await page.getByLabel('Repeat the password').fill('invited-user-pw');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Your password is set.').waitFor();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await signIn(page, stack.base, 'invitee@example.com', 'invited-user-pw');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    },
  },
  ...edgesBeforeRunSteps,
  ...pricerSteps,
  ...approvalSteps,
  ...mandatedSteps,
  ...uploadsSteps,
  ...pricerResultsSteps,
  ...edgesAfterRunSteps,
  // Before the cancel step: the match feedback step needs compared products on the first page.
  ...reportsSteps,
  {
    name: 'cancel an export under way',
    async run({ page, stack }) {
      await signIn(page, stack.base, ADMIN, stack.password, '/pricing/type/all_my_products');
      await page.getByLabel('Choose an account').selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/pricing\/type\/all_my_products/);
      // A million more products in this account, so that the export runs long enough to be canceled.
      const account = await page.evaluate(async () => (await (await fetch('/api/account/getAccountData')).json()).account_id);
      clickhouse(
        stack.name,
        `INSERT INTO product_snapshot (account_id, product_id, name, brand, my_price) SELECT ${Number(account)}, concat('E2E', toString(number)), concat('Bulk product ', toString(number)), 'Bulk', toFloat64(number % 97) FROM numbers(1000000)`,
      );
      // A build records itself when it swaps new rows in; the grid keeps answers per build (its order cache).
      clickhouse(
        stack.name,
        `INSERT INTO snapshot_builds (account_id, build_id, built_at, fresh_min, stale_max, parity, lower, upper, change_days) SELECT account_id, build_id + 1, now(), fresh_min, stale_max, parity, lower, upper, change_days FROM snapshot_builds WHERE account_id = ${Number(account)} ORDER BY build_id DESC LIMIT 1`,
      );
      await page.reload();
      await waitRows(page);
      await page.waitForFunction(() => Number((document.querySelector('.row-count')?.textContent ?? '').replace(/[^0-9]/g, '')) > 1_000_000);
      await page.getByRole('button', { name: 'Export to CSV' }).click();
      const dlg = page.getByRole('dialog', { name: 'Exporting report' });
      // Running: a percent and the time left ("Unknown" while ClickHouse sorts the rows,
      // before the first arrive: once they flow, a million rows are written in
      // seconds, too soon to cancel reliably). Cancelling now also stops the sort.
      await dlg.getByText(/^\d{1,2}% · Time left: (Unknown|\d+ s|\d+ min \d+ s)$/).waitFor({ timeout: 60_000 });
      await dlg.getByRole('button', { name: 'Cancel' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm' });
      await confirm.getByText('Are you sure you want to cancel the export process ?').waitFor();
      await confirm.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('status').filter({ hasText: 'Export has been canceled' }).waitFor();
      assert.equal(await page.getByRole('dialog').count(), 0, 'both dialogs closed');
      const [status, rows] = psql(stack, "SELECT status || '|' || rows_done FROM export_jobs ORDER BY created_at DESC LIMIT 1").split('|');
      assert.equal(status, 'canceled');
      assert.ok(Number(rows) < 1_000_000, 'stopped before the end: ' + rows);
      // The recent exports list says so, and offers no download for it.
      await page.getByRole('button', { name: 'Recent exports' }).click();
      const list = page.getByRole('dialog', { name: 'Recent exports' });
      await list.locator('tr').first().getByText('canceled').waitFor();
      await list.getByRole('button', { name: 'Close' }).click();
    },
  },
  ...pricerAfterBulkSteps,
  ...exportSteps,
  ...adminSteps,
  ...insightsSteps,
  ...trendrestSteps,
  // They sign in as the administrator, then the analyst: after every step that relies on the first session.
  ...insights2Steps,
  ...firstHourSteps,
  // Self-contained: a pricing manager's day with the pricer (issue 29).
  ...pricerDaySteps,
  // After a pricer run: the home dashboard's pricer widget and its gating.
  ...homeSteps,
  ...edgesLayoutSteps,
  // Last: the single sign-on links the administrator to the provider's identity, then the screenshot tour.
  ...tourSteps,
];
