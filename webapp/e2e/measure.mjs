// Browser timings for the note of issue 5, against a running server:
//   PRICELENS_BASE=http://127.0.0.1:8080 E2E_EMAIL=... E2E_PASSWORD=... node e2e/measure.mjs
// or with no PRICELENS_BASE: a private stack seeded with E2E_SIZE (default S).
// Prints: navigation → first rows of "all my products", the time to show the block
// holding row 500,000 (or the last row when there are fewer), and the bundle size.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, startStack, stopStack, webappDir } from './harness.mjs';

const rows = '.ag-row[row-index]:not(.ag-row-loading) [col-id="name"]';

function bundle() {
  const dir = join(webappDir, 'dist', 'assets');
  let raw = 0;
  let gz = 0;
  for (const f of readdirSync(dir)) {
    const b = readFileSync(join(dir, f));
    raw += statSync(join(dir, f)).size;
    gz += gzipSync(b).length;
  }
  return { raw, gz };
}

/** marksSince lists the webapp's performance marks (pricelens:*) in ms after t0; it runs in the page. */
function marksSince(t0) {
  return performance
    .getEntriesByType('mark')
    .filter((m) => m.name.startsWith('pricelens:'))
    .map((m) => `${m.name.slice(10)} ${Math.round(m.startTime - t0)}`)
    .join(', ');
}

async function main() {
  let stack = null;
  let base = process.env.PRICELENS_BASE;
  let email = process.env.E2E_EMAIL || 'admin@pricelens.local';
  let password = process.env.E2E_PASSWORD;
  if (!base) {
    stack = await startStack({ size: process.env.E2E_SIZE || 'S' });
    base = stack.base;
    password = stack.password;
  }
  const browser = await launchBrowser();
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.setDefaultTimeout(120_000);
    await page.goto(base + '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Choose an account').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/pricing\/reports/);
    const first = [];
    let waterfall = '';
    for (let i = 0; i < 5; i++) {
      await page.goto(base + '/pricing/reports');
      await page.getByRole('link', { name: 'All my products', exact: true }).waitFor();
      // A person reads the index for a moment before choosing; the grid code preloads meanwhile.
      await page.waitForTimeout(1000);
      await page.evaluate(() => (performance.clearResourceTimings(), performance.clearMarks()));
      const clickAt = await page.evaluate(() => performance.now());
      const t0 = Date.now();
      await page.getByRole('link', { name: 'All my products', exact: true }).click();
      await page.waitForSelector(rows);
      first.push(Date.now() - t0);
      waterfall = await page.evaluate(
        (c) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/'))
            .map((e) => `${e.name.replace(location.origin, '').replace('/api/', '')} ${Math.round(e.startTime - c)}→${Math.round(e.responseEnd - c)}`)
            .join(', '),
        clickAt,
      );
      waterfall += ' | marks: ' + (await page.evaluate(marksSince, clickAt));
    }
    const cold = [];
    let coldWaterfall = '';
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      await page.goto(base + '/pricing/type/all_my_products');
      await page.waitForSelector(rows);
      cold.push(Date.now() - t0);
      coldWaterfall = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/') || e.name.endsWith('.js'))
          .map((e) => `${e.name.replace(location.origin, '').replace('/api/', '').replace('/assets/', '')} ${Math.round(e.startTime)}→${Math.round(e.responseEnd)}`)
          .join(', '),
      );
      coldWaterfall += ' | marks: ' + (await page.evaluate(marksSince, 0));
    }
    await page.waitForFunction(() => /\d/.test(document.querySelector('.row-count')?.textContent ?? ''));
    const total = Number((await page.locator('.row-count').textContent()).replace(/[^0-9]/g, ''));
    const target = Math.min(500_000, total - 1);
    const jumps = [];
    let jumpWaterfall = '';
    for (const row of [target, Math.floor(target / 2), target - 5000]) {
      await page.evaluate(() => performance.clearResourceTimings());
      const clickAt = await page.evaluate(() => performance.now());
      const t0 = Date.now();
      await page.evaluate((row) => {
        const api = document.querySelector('.grid-wrap').gridApi;
        api.paginationGoToPage(Math.floor(row / api.paginationGetPageSize()));
      }, row);
      await page.waitForSelector(`.ag-row[row-index="${row}"]:not(.ag-row-loading) [col-id="name"]`);
      jumps.push(Date.now() - t0);
      if (!jumpWaterfall)
        jumpWaterfall = await page.evaluate(
          (c) =>
            performance
              .getEntriesByType('resource')
              .filter((e) => e.name.includes('/api/'))
              .map((e) => `${e.name.replace(location.origin, '').replace('/api/', '')} ${Math.round(e.startTime - c)}→${Math.round(e.responseEnd - c)}`)
              .join(', '),
          clickAt,
        );
    }
    const sorted = [...first].sort((a, b) => a - b);
    const b = bundle();
    console.log(`products in report: ${total}`);
    console.log(`navigation → first rows of all my products: median ${sorted[2]} ms (runs: ${first.join(', ')} ms)`);
    console.log(`  last run, ms after the click: ${waterfall}`);
    console.log(`full page load of /pricing/type/all_my_products → first rows: median ${[...cold].sort((a, b) => a - b)[1]} ms (runs: ${cold.join(', ')} ms)`);
    console.log(`  last run, ms after navigation start: ${coldWaterfall}`);
    console.log(`block holding row ${target} shown after paging there: ${jumps[0]} ms (other jumps: ${jumps.slice(1).join(', ')} ms)`);
    console.log(`  first jump, ms after the call: ${jumpWaterfall}`);
    console.log(`bundle (dist/assets): ${(b.raw / 1024).toFixed(0)} KiB, ${(b.gz / 1024).toFixed(0)} KiB gzip`);
  } finally {
    await browser.close();
    if (stack) await stopStack(stack);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
