// Manual approval's browser flow (issue 16): approve a record on the approval grid, reject one by
// the approval CSV while watching the upload dialog's states (idle, error, processing), and see both
// decisions in the manual approval audit. It runs after the pricer's steps, whose real run left
// Pending approval records. Each step signs in itself.
import assert from 'node:assert/strict';
import { psql } from './harness.mjs';

const ADMIN = 'admin@pricelens.local';
const VIEWER = 'viewer@pricelens.local';
const rows = '.ag-row[row-index]:not(.ag-row-loading)';

async function signInTo(page, base, email, password, path) {
  await page.context().clearCookies();
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(account|pricing|new)/);
  await page.waitForFunction(() => !location.pathname.startsWith('/account') || document.querySelectorAll('select option').length > 2);
  if (/\/account/.test(new URL(page.url()).pathname)) {
    await page.getByLabel('Choose an account').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/account'));
  }
  await page.goto(base + path);
}

const latestRun = (stack) => psql(stack, "SELECT max(id) FROM pricer_runs WHERE status = 'complete' AND NOT is_simulation");
const statusOf = (stack, fsn) => psql(stack, `SELECT status FROM approval_records WHERE run_id = ${latestRun(stack)} AND product_id = '${fsn}'`);

export const approvalSteps = [
  {
    name: 'approval: approve a record on the grid',
    async run({ page, stack, data }) {
      const pending = Number(psql(stack, `SELECT count(*) FROM approval_records WHERE run_id = ${latestRun(stack)} AND status = 'Pending'`));
      assert.ok(pending >= 2, 'the real run left Pending records: ' + pending);
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/approval');
      await page.getByRole('heading', { name: 'Manual Approval', exact: true }).waitFor();
      await page.waitForSelector(rows + ' [col-id="id"]', { timeout: 30_000 });
      await page.getByLabel('Row count').filter({ hasText: `${pending.toLocaleString('en-US')} pending` }).waitFor();
      const approve = page.getByRole('button', { name: /^Approve selected/ });
      assert.equal(await approve.isDisabled(), true, 'nothing selected yet');
      const first = page.locator(`${rows}[row-index="0"]`).first();
      const fsn = (await first.locator('[col-id="id"]').textContent()).trim();
      assert.equal((await first.locator('[col-id="status"]').textContent()).trim(), 'Pending');
      await first.locator('.ag-selection-checkbox input, [col-id="ag-Grid-SelectionColumn"] input').first().check();
      await page.getByRole('button', { name: 'Approve selected (1)' }).click();
      await page.getByRole('status').filter({ hasText: '1 record approved' }).waitFor();
      assert.equal(statusOf(stack, fsn), 'approved');
      // The grid shows the decision, and the decided row can no longer be ticked.
      const row = page.locator(`${rows}[row-id="${fsn}"]`);
      await row.locator('[col-id="status"]').filter({ hasText: 'approved' }).waitFor();
      const who = psql(stack, `SELECT u.email FROM approval_records r JOIN users u ON u.id = r.decided_by WHERE r.run_id = ${latestRun(stack)} AND r.product_id = '${fsn}'`);
      assert.equal(who, ADMIN, 'who decided is recorded');
      assert.equal(await row.locator('.ag-selection-checkbox input, [col-id="ag-Grid-SelectionColumn"] input').first().isDisabled(), true);
      data.approvedFsn = fsn;
      // The bizfin comment of a Pending row is edited in place (with the mandated-brands permission).
      const other = page.locator(`${rows}[row-index="1"]`).first();
      const otherFsn = (await other.locator('[col-id="id"]').textContent()).trim();
      await page.$eval('.ag-body-horizontal-scroll-viewport', (h) => (h.scrollLeft = h.scrollWidth));
      await other.locator('[col-id="bizfin_comment"]').click();
      const editor = other.locator('[col-id="bizfin_comment"] input');
      await editor.fill('checked with finance');
      await editor.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Bizfin comment saved' }).waitFor();
      assert.equal(psql(stack, `SELECT bizfin_comment FROM approval_records WHERE run_id = ${latestRun(stack)} AND product_id = '${otherFsn}'`), 'checked with finance');
      // A decided row's comment does not open an editor.
      await row.locator('[col-id="bizfin_comment"]').click();
      assert.equal(await row.locator('[col-id="bizfin_comment"] input').count(), 0);
      // Back to the first columns (the grid renders only the columns in view).
      await page.$eval('.ag-body-horizontal-scroll-viewport', (h) => (h.scrollLeft = 0));
    },
  },
  {
    name: 'approval: reject a record by CSV upload and watch the dialog states',
    async run({ page, stack, data, allowed }) {
      if (!/\/new\/repricing\/approval/.test(page.url())) await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/approval');
      await page.waitForSelector(rows + ' [col-id="id"]', { timeout: 30_000 });
      const fsn = psql(stack, `SELECT product_id FROM approval_records WHERE run_id = ${latestRun(stack)} AND status = 'Pending' ORDER BY product_id LIMIT 1`);
      await page.getByRole('button', { name: 'Upload approval CSV' }).click();
      const dlg = page.getByRole('dialog', { name: 'Upload approval CSV' });
      const upload = dlg.getByRole('button', { name: 'Upload', exact: true });
      const cancel = dlg.getByRole('button', { name: 'Cancel' });
      // Idle: Upload waits for a file; the example CSV is offered.
      assert.equal(await upload.isDisabled(), true);
      await dlg.getByRole('link', { name: 'Download an example CSV' }).waitFor();
      // A file of the wrong type: the error state, Upload still disabled.
      await dlg.getByLabel('File').setInputFiles({ name: 'decisions.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
      await dlg.getByRole('alert').filter({ hasText: 'File type is incorrect. Please upload csv file.' }).waitFor();
      assert.equal(await upload.isDisabled(), true);
      // A mixed file: Upload enabled; processing disables both buttons; the 400's rows show.
      const mixed = `fsn,status,bizfin comment\n${fsn},rejected,too deep a cut\nNO-SUCH-FSN,approved,\n`;
      await dlg.getByLabel('File').setInputFiles({ name: 'decisions.csv', mimeType: 'text/csv', buffer: Buffer.from(mixed) });
      assert.equal(await upload.isEnabled(), true);
      // Hold the real answer a moment so that the processing state can be seen.
      await page.route('**/api/upload/uploadApprovalCsv', async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/upload/uploadApprovalCsv'));
      allowed.push(/status of 400/); // the browser logs the refused file's answer
      await upload.click();
      await dlg.getByRole('progressbar', { name: 'Processing' }).waitFor();
      assert.equal(await upload.isDisabled(), true);
      assert.equal(await cancel.isDisabled(), true);
      assert.equal((await answer).status(), 400);
      await dlg.getByRole('alert').filter({ hasText: 'Nothing was applied: 1 of 2 rows were refused.' }).waitFor();
      await dlg.getByRole('alert').filter({ hasText: 'Row 3 (NO-SUCH-FSN): unknown FSN: no approval record in the latest run' }).waitFor();
      assert.equal(await cancel.isEnabled(), true);
      assert.equal(await upload.isDisabled(), true);
      assert.equal(statusOf(stack, fsn), 'Pending', 'nothing of the mixed file applied');
      allowed.pop();
      // The valid file: 200 closes the dialog and the grid refreshes.
      await dlg.getByLabel('File').setInputFiles({ name: 'decisions.csv', mimeType: 'text/csv', buffer: Buffer.from(`fsn,status,bizfin comment\n${fsn},rejected,too deep a cut\n`) });
      await upload.click();
      await dlg.waitFor({ state: 'detached' });
      await page.unroute('**/api/upload/uploadApprovalCsv');
      assert.equal(statusOf(stack, fsn), 'rejected');
      await page.getByRole('status').filter({ hasText: 'The approval CSV was applied' }).waitFor();
      // Cancel closes without a change.
      await page.getByRole('button', { name: 'Upload approval CSV' }).click();
      await page.getByRole('dialog', { name: 'Upload approval CSV' }).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog', { name: 'Upload approval CSV' }).waitFor({ state: 'detached' });
      data.rejectedFsn = fsn;
    },
  },
  {
    name: 'approval: the manual approval audit lists both decisions',
    async run({ page, stack, data }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/manual_approval_audit');
      await page.getByRole('heading', { name: 'Manual Approval Audit Log' }).waitFor();
      await page.waitForSelector(rows + ' [col-id="product_id"]', { timeout: 30_000 });
      const row = (fsn) => page.locator(`${rows}`).filter({ has: page.locator('[col-id="product_id"]', { hasText: fsn }) });
      const rejected = row(data.rejectedFsn);
      await rejected.locator('[col-id="decision"]').filter({ hasText: 'rejected' }).waitFor();
      await rejected.locator('[col-id="source"]').filter({ hasText: 'CSV upload' }).waitFor();
      await rejected.locator('[col-id="bizfin_comment"]').filter({ hasText: 'too deep a cut' }).waitFor();
      await rejected.locator('[col-id="decided_by"]').filter({ hasText: ADMIN }).waitFor();
      const approved = row(data.approvedFsn);
      await approved.locator('[col-id="decision"]').filter({ hasText: 'approved' }).waitFor();
      await approved.locator('[col-id="source"]').filter({ hasText: 'Screen' }).waitFor();
      // The column filters run on the server: the rejected product's id leaves its one decision.
      const header = page.locator('.ag-header-cell[col-id="product_id"]');
      await header.hover();
      await header.locator('.ag-header-cell-filter-button').first().click();
      const filter = page.locator('.ag-filter').last();
      await filter.locator('input[type="text"], input.ag-input-field-input').first().fill(data.rejectedFsn);
      const block = page.waitForResponse((r) => r.url().endsWith('/api/approval/getAuditData'));
      await filter.getByRole('button', { name: 'Apply Filter' }).click();
      const r = await block;
      assert.equal(r.status(), 200, await r.text());
      assert.deepEqual(JSON.parse(r.request().postData()).filters.product_id, { filterType: 'text', type: 'contains', filter: data.rejectedFsn });
      await page.keyboard.press('Escape');
      await approved.waitFor({ state: 'detached' });
      await rejected.locator('[col-id="decision"]').filter({ hasText: 'rejected' }).waitFor();
    },
  },
  {
    name: 'approval: competitor prices with their tooltip; group and graph modes count the records by status',
    async run({ page, stack, allowed }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/approval');
      await page.getByRole('heading', { name: 'Manual Approval', exact: true }).waitFor();
      await page.waitForSelector(rows + ' [col-id="id"]', { timeout: 30_000 });
      const total = Number((await page.getByLabel('Row count').textContent()).split(' records')[0].replace(/[^0-9]/g, ''));
      // Each record shows its competitors' prices, with the competitor tooltip of the other grids.
      allowed.push(/net::ERR_NAME_NOT_RESOLVED|status of 502/);
      const priceCols = await page.$$eval('.ag-header-cell[col-id^="Price@"]', (els) => els.map((e) => e.getAttribute('col-id')));
      assert.ok(priceCols.length > 0, 'competitor price columns');
      let shown = false;
      for (const col of priceCols) {
        for (let i = 0; i < 8 && !shown; i++) {
          const cell = page.locator(`${rows}[row-index="${i}"] [col-id="${col}"]`);
          if (!(await cell.count()) || !(await cell.textContent()).trim()) continue;
          await cell.scrollIntoViewIfNeeded();
          await cell.hover();
          const tip = page.getByRole('tooltip').filter({ hasText: 'Competitor price' }).last();
          await tip.waitFor();
          assert.ok((await tip.textContent()).includes('My price'), await tip.textContent());
          shown = true;
        }
        if (shown) break;
      }
      assert.ok(shown, 'a competitor price with its tooltip');
      await page.mouse.move(5, 5);
      allowed.pop();
      const mode = page.getByRole('group', { name: 'Mode' });
      const block = page.waitForResponse((r) => r.url().endsWith('/api/approval/getConditionsData') && JSON.parse(r.request().postData()).data.group);
      await mode.getByRole('button', { name: 'Group' }).click();
      assert.equal((await block).status(), 200);
      const table = page.getByRole('table', { name: 'Records by status' });
      await table.waitFor();
      // One approved on the grid, one rejected by CSV (the earlier steps); the records add up to the grid's count.
      const cells = async (status) => (await table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: status, exact: true }) }).getByRole('cell').allTextContents()).map((t) => Number(t.replace(/[^0-9.-]/g, '')));
      const rejected = await cells('rejected');
      assert.equal(rejected[0], 1, 'one rejected record: ' + rejected);
      const approved = await cells('approved');
      const pending = await cells('Pending');
      assert.equal(approved[0] + pending[0] + rejected[0], total, `records by status add up to ${total}`);
      assert.ok(!(await page.getByRole('button', { name: /^Approve selected/ }).isVisible()), 'no decisions in group mode');
      await mode.getByRole('button', { name: 'Graph' }).click();
      await page.getByRole('img', { name: 'Records by status' }).waitFor();
      await mode.getByRole('button', { name: 'Table' }).click();
      await page.getByRole('button', { name: /^Approve selected/ }).waitFor();
    },
  },
  {
    name: 'approval: a viewer sees the records but cannot decide',
    async run({ page, stack }) {
      await signInTo(page, stack.base, VIEWER, stack.password, '/new/repricing/approval');
      await page.getByRole('heading', { name: 'Manual Approval', exact: true }).waitFor();
      await page.waitForSelector(rows + ' [col-id="id"]', { timeout: 30_000 });
      assert.equal(await page.getByRole('button', { name: /^Approve selected/ }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Upload approval CSV' }).count(), 0);
      assert.equal(await page.locator('.ag-selection-checkbox').count(), 0);
    },
  },
];
