// Issue 17 gaps (insights2): a role nobody holds is deleted from Manage permissions
// (refused with the server's message while a user holds it), and an assortment
// report is saved with its sort (Save As), reopened from its /type/{id} address and
// from Saved reports with the sort applied, and saved again (Save).
import assert from 'node:assert/strict';
import { psql } from './harness.mjs';
import { signInTo } from './admin.steps.mjs';

const ADMIN = 'admin@pricelens.local';
const ANALYST = 'analyst@pricelens.local';

const coverage = (page) =>
  page.$$eval('.ag-row [col-id="coverage"]', (els) => els.map((e) => parseFloat(e.textContent)).filter((x) => !Number.isNaN(x)));

export const insights2Steps = [
  {
    name: 'manage permissions: delete a role (refused while a user holds it)',
    async run({ page, stack, allowed }) {
      await signInTo(page, stack, ADMIN, '/new/manage/permissions');
      const roles = page.getByRole('region', { name: 'Roles' });
      await roles.getByLabel('New role name').fill('E2E temp');
      await roles.getByRole('button', { name: 'Add role' }).click();
      await page.locator('.ag-header-cell').filter({ hasText: 'E2E temp' }).waitFor();
      // A user holds it: the confirmation, then the server's 409 message; the column stays.
      psql(stack, `UPDATE memberships m SET role = 'E2E temp' FROM users u WHERE u.id = m.user_id AND u.email = '${ANALYST}'
        AND m.account_id = (SELECT account_id FROM account_roles WHERE name = 'E2E temp' ORDER BY account_id LIMIT 1)`);
      allowed.push(/status of 409/);
      await roles.getByRole('button', { name: 'Rename E2E temp' }).click();
      await roles.getByRole('button', { name: 'Delete E2E temp' }).click();
      await page.getByRole('dialog').getByText('Are you sure you want to delete this item?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await roles.getByRole('alert').filter({ hasText: `The role "E2E temp" can't be deleted: 1 user still holds it. Give them another role first.` }).waitFor();
      allowed.pop();
      // Given back its role, the analyst no longer holds it: deleted, the column goes.
      psql(stack, `UPDATE memberships m SET role = 'analyst' FROM users u WHERE u.id = m.user_id AND u.email = '${ANALYST}' AND m.role = 'E2E temp'`);
      await roles.getByRole('button', { name: 'Delete E2E temp' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.waitForFunction(() => ![...document.querySelectorAll('.ag-header-cell')].some((h) => h.textContent.includes('E2E temp')));
      await roles.getByRole('button', { name: 'Rename E2E temp' }).waitFor({ state: 'detached' });
    },
  },
  {
    name: 'assortment report saved: Save As and Save and reopened by address and from Saved reports',
    async run({ page, stack }) {
      await signInTo(page, stack, ANALYST, '/pricing/assortment/assortment_by_brand');
      await page.locator('.ag-row [col-id="coverage"]').first().waitFor();
      // Sort by coverage, descending (two clicks), then Save As.
      const header = page.locator('.ag-header-cell[col-id="coverage"] .ag-header-cell-label');
      await header.click();
      await header.click();
      await page.locator('.ag-header-cell[col-id="coverage"][aria-sort="descending"]').waitFor();
      await page.waitForFunction(() => {
        const v = [...document.querySelectorAll('.ag-row [col-id="coverage"]')].map((e) => parseFloat(e.textContent));
        return v.length > 1 && v.every((x, i) => i === 0 || v[i - 1] >= x);
      });
      await page.getByRole('button', { name: 'Save As' }).click();
      const dlg = page.getByRole('dialog', { name: 'Save report as' });
      await dlg.getByLabel('Report name').fill('E2E brand coverage');
      await dlg.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/pricing\/assortment\/assortment_by_brand\/type\/\d+$/);
      const id = new URL(page.url()).pathname.split('/').pop();
      await page.getByRole('heading', { name: 'E2E brand coverage' }).waitFor();
      const saved = JSON.parse(psql(stack, `SELECT json_build_object('type', report_type, 'path', report_path, 'ordering', ordering)::text FROM saved_reports WHERE id = ${id}`));
      assert.deepEqual(saved, { type: 'assortment_by_brand', path: '/pricing/assortment/assortment_by_brand', ordering: [{ colId: 'coverage', sort: 'desc' }] });

      // Reopened by its address: the saved sort applies.
      await page.goto(stack.base + '/pricing/assortment/assortment_by_brand/type/' + id);
      await page.getByRole('heading', { name: 'E2E brand coverage' }).waitFor();
      await page.locator('.ag-row [col-id="coverage"]').first().waitFor();
      const desc = await coverage(page);
      assert.deepEqual(desc, [...desc].sort((a, b) => b - a), 'the saved sort applies: ' + desc.join(','));
      // From Saved reports: the link opens the assortment screen.
      await page.goto(stack.base + '/saved_reports');
      await page.getByRole('link', { name: 'E2E brand coverage' }).click();
      await page.waitForURL((u) => u.pathname === '/pricing/assortment/assortment_by_brand/type/' + id);
      await page.getByRole('heading', { name: 'E2E brand coverage' }).waitFor();
      // Save: the sort turned to ascending (desc, none, asc: ag-grid's cycle) is saved over the report.
      await page.locator('.ag-row [col-id="coverage"]').first().waitFor();
      const head = page.locator('.ag-header-cell[col-id="coverage"] .ag-header-cell-label');
      await head.click();
      await head.click();
      await page.locator('.ag-header-cell[col-id="coverage"][aria-sort="ascending"]').waitFor();
      await page.waitForFunction(() => {
        const v = [...document.querySelectorAll('.ag-row [col-id="coverage"]')].map((e) => parseFloat(e.textContent));
        return v.length > 1 && v.every((x, i) => i === 0 || v[i - 1] <= x);
      });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Your report has been saved').waitFor();
      assert.deepEqual(JSON.parse(psql(stack, `SELECT ordering::text FROM saved_reports WHERE id = ${id}`)), [{ colId: 'coverage', sort: 'asc' }]);
    },
  },
];
