// npm test runs this after vitest: the browser end-to-end flow of issue 5 against
// the real server and seeded data. No API response is faked.
import { startStack, stopStack, launchBrowser } from './harness.mjs';
import { steps } from './steps.mjs';
import { TOUR_DIR } from './tour.steps.mjs';

// Console messages that are not errors of ours: ag-grid's trial-licence notice.
const LICENCE = /AG Grid Enterprise|License Key|licen[cs]e|\*{10,}|info@ag-grid\.com|Trial|watermark/i;

// A stray rejection must not end the process before the server is stopped and the
// databases are dropped: log it and let the step's own error decide.
process.on('unhandledRejection', (e) => console.log('[e2e] unhandled rejection:', e?.message ?? e));

async function main() {
  const only = process.env.E2E_ONLY ? new Set(process.env.E2E_ONLY.split(',')) : null;
  const started = Date.now();
  const stack = await startStack();
  // Ctrl-C or a CI timeout: still stop the server and drop the databases.
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, () => {
      console.log('[e2e] ' + sig + ': cleaning up');
      stopStack(stack).finally(() => process.exit(130));
    });
  }
  let browser;
  const results = [];
  let failed = false;
  try {
    browser = await launchBrowser();
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.setDefaultTimeout(20_000);
    const ctx = { stack, page, browser, data: {}, metrics: {}, allowed: [], consoleErrors: [] };
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const text = m.text();
      if (LICENCE.test(text) || ctx.allowed.some((re) => re.test(text))) return;
      ctx.consoleErrors.push(`[${ctx.step}] ${text}`);
    });
    page.on('pageerror', (e) => ctx.consoleErrors.push(`[${ctx.step}] page error: ${e.message}`));
    for (const s of steps) {
      if (only && !only.has(s.name)) continue;
      ctx.step = s.name;
      const t = Date.now();
      try {
        await s.run(ctx);
        results.push({ name: s.name, ok: true, ms: Date.now() - t });
        console.log(`  ✓ ${s.name} (${Date.now() - t} ms)`);
      } catch (e) {
        failed = true;
        results.push({ name: s.name, ok: false, ms: Date.now() - t, error: e });
        console.log(`  ✗ ${s.name}: ${e.stack || e}`);
        await page.screenshot({ path: `e2e/.artifacts/${s.name}.png` }).catch(() => {});
        break; // later steps build on earlier ones
      }
    }
    if (ctx.consoleErrors.length) {
      failed = true;
      console.log('  ✗ console errors:\n    ' + ctx.consoleErrors.join('\n    '));
    }
    for (const [k, v] of Object.entries(ctx.metrics)) console.log(`  metric ${k}: ${v}`);
  } finally {
    await browser?.close();
    if (failed && stack.serverLog.length) console.log('  server log (tail):\n' + stack.serverLog.slice(-30).join(''));
    await stopStack(stack);
  }
  console.log(`[e2e] ${results.filter((r) => r.ok).length}/${results.length} steps passed in ${Date.now() - started} ms`);
  if (results.some((r) => r.name.startsWith('screenshot tour'))) console.log(`[e2e] screenshot tour of every route: ${TOUR_DIR} (tour.txt lists them)`);
  if (failed) process.exit(1);
}

main().catch((e) => {
  console.error('[e2e] harness failed:', e);
  process.exit(1);
});
