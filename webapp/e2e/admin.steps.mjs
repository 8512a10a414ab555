// Administration (issue 17): Manage users and Manage permissions in the browser, and
// what a permission change does to another role's screens.
import assert from 'node:assert/strict';
import { psql } from './harness.mjs';

const ADMIN = 'admin@pricelens.local';
const VIEWER = 'viewer@pricelens.local';
const NEW_USER = 'e2e.new.user@example.com';

async function signInTo(page, stack, email, next) {
  await page.goto(stack.base + '/login/logout');
  await page.waitForURL(/\/login$/);
  await page.goto(stack.base + '/login?navigationPage=' + encodeURIComponent(next));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(stack.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const chooser = page.getByLabel('Choose an account');
  await Promise.race([chooser.waitFor(), page.waitForURL((u) => u.pathname === next)]);
  if (await chooser.count()) {
    await chooser.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await page.waitForURL((u) => u.pathname === next);
}

/** row finds the grid row whose Email cell is the address. */
function userRow(page, email) {
  return page.locator('.ag-row').filter({ has: page.locator('[col-id="email"]', { hasText: email }) });
}

/** openRoleEditor opens a row's Role editor (ag-grid's select editor) and answers its list of roles. */
async function openRoleEditor(page, row) {
  await row.locator('[col-id="role"]').click();
  await page.locator('.ag-cell-inline-editing .ag-picker-field-wrapper').click();
  return page.locator('.ag-select-list');
}

export const adminSteps = [
  {
    name: 'manage users: add a user and change a role',
    async run({ page, stack }) {
      await signInTo(page, stack, ADMIN, '/new/manage/users');
      await page.getByRole('heading', { name: 'Manage users' }).waitFor();
      await userRow(page, 'analyst@pricelens.local').waitFor();
      assert.equal((await userRow(page, 'analyst@pricelens.local').locator('[col-id="user_type"]').textContent()).trim(), 'Internal user');

      // The dialog: the e-mail rules with the spec's messages, Save disabled until valid, role type 2 preset.
      await page.getByRole('button', { name: 'Add user' }).click();
      const dlg = page.getByRole('dialog', { name: 'Add user' });
      const save = dlg.getByRole('button', { name: 'Save' });
      assert.equal(await save.isDisabled(), true);
      await dlg.getByLabel('Email').fill('new.user@');
      await dlg.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }).waitFor();
      await dlg.getByLabel('Email').fill('');
      await dlg.getByRole('alert').filter({ hasText: 'Email is required' }).waitFor();
      assert.equal(await dlg.getByLabel('Role').inputValue(), '2');
      await dlg.getByLabel('Email').fill(NEW_USER);
      const firstCategory = dlg.locator('.category-choice label').first();
      const category = (await firstCategory.textContent()).trim();
      await firstCategory.locator('input').check();
      await save.click();
      // The server's message: an invitation (issue 11: never a password, never whether the address exists).
      const msg = page.getByRole('dialog', { name: 'Message' });
      await msg.getByText(`An invitation has been sent to ${NEW_USER}.`).waitFor();
      await msg.getByRole('button', { name: 'OK' }).click();
      const row = userRow(page, NEW_USER);
      await row.waitFor();
      assert.equal((await row.locator('[col-id="role"]').textContent()).trim(), 'analyst');
      assert.equal((await row.locator('[col-id="categories"]').textContent()).trim(), category);

      // The role is edited in the grid and stored at once.
      const updated = page.waitForResponse((r) => r.url().endsWith('/api/users/updateUser'));
      await (await openRoleEditor(page, row)).getByRole('option', { name: 'viewer', exact: true }).click();
      await page.keyboard.press('Enter');
      assert.equal((await updated).status(), 200);
      await page.waitForFunction((email) => [...document.querySelectorAll('.ag-row')].some((r) => r.querySelector('[col-id="email"]')?.textContent.includes(email) && r.querySelector('[col-id="role"]')?.textContent.trim() === 'viewer'), NEW_USER);
      assert.equal(psql(stack, `SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = '${NEW_USER}'`), 'viewer');

      // Delete: the placeholder, then the spec's message and the row gone.
      await row.getByRole('button', { name: 'Actions for ' + NEW_USER }).click();
      await page.getByRole('menu', { name: 'Actions for ' + NEW_USER }).getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('status').filter({ hasText: 'user deleted successfully' }).waitFor();
      await page.waitForFunction((email) => ![...document.querySelectorAll('.ag-row [col-id="email"]')].some((c) => c.textContent.includes(email)), NEW_USER);
    },
  },
  {
    name: 'manage permissions: untick view report and the viewer is denied',
    async run({ page, stack }) {
      await page.goto(stack.base + '/new/manage/permissions');
      await page.getByRole('heading', { name: 'Manage permissions' }).waitFor();
      // Grouped rows: resource, then action; the checkboxes are in the permission rows.
      await page.locator('.ag-row').filter({ hasText: 'reports' }).first().locator('.ag-group-contracted').click();
      await page.locator('.ag-row').filter({ hasText: 'read:any' }).first().locator('.ag-group-contracted').click();
      const box = page.getByRole('checkbox', { name: 'viewer: view report (read:any)' });
      assert.equal(await box.isChecked(), true);
      const sent = page.waitForResponse((r) => r.url().endsWith('/api/system/updatePermission'));
      await box.uncheck();
      assert.equal((await sent).status(), 200);
      assert.equal(await box.isChecked(), false);

      // The viewer's next page load: the report screens are denied.
      await signInTo(page, stack, VIEWER, '/pricing/reports');
      await page.getByRole('heading', { name: 'Permission denied' }).waitFor();
      await page.getByText('Feature is locked for this user').waitFor();
      assert.equal((await page.locator('.error-status').textContent()).trim(), '403');

      // Given back, the viewer reads reports again.
      await signInTo(page, stack, ADMIN, '/new/manage/permissions');
      await page.locator('.ag-row').filter({ hasText: 'reports' }).first().locator('.ag-group-contracted').click();
      await page.locator('.ag-row').filter({ hasText: 'read:any' }).first().locator('.ag-group-contracted').click();
      const again = page.waitForResponse((r) => r.url().endsWith('/api/system/updatePermission'));
      await page.getByRole('checkbox', { name: 'viewer: view report (read:any)' }).check();
      assert.equal((await again).status(), 200);
      await signInTo(page, stack, VIEWER, '/pricing/reports');
      await page.getByRole('link', { name: 'All my products', exact: true }).waitFor();
    },
  },
  {
    name: 'manage permissions: add a role and rename it',
    async run({ page, stack, allowed }) {
      await signInTo(page, stack, ADMIN, '/new/manage/permissions');
      const roles = page.getByRole('region', { name: 'Roles' });
      await roles.getByLabel('New role name').fill('E2E lead');
      await roles.getByRole('button', { name: 'Add role' }).click();
      await page.locator('.ag-header-cell').filter({ hasText: 'E2E lead' }).waitFor();
      await roles.getByRole('button', { name: 'Rename E2E lead' }).click();
      await roles.getByLabel('New name for E2E lead').fill('E2E leads');
      await roles.getByRole('button', { name: 'Save' }).click();
      await page.locator('.ag-header-cell').filter({ hasText: 'E2E leads' }).waitFor();
      // A name already taken is refused with the server's message.
      allowed.push(/status of 409/);
      await roles.getByLabel('New role name').fill('viewer');
      await roles.getByRole('button', { name: 'Add role' }).click();
      await roles.getByRole('alert').filter({ hasText: 'A role with this name already exists' }).waitFor();
      allowed.pop();
      // The users grid offers the new role.
      await page.goto(stack.base + '/new/manage/users');
      const list = await openRoleEditor(page, userRow(page, 'analyst@pricelens.local'));
      await list.getByRole('option', { name: 'E2E leads', exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    },
  },
];
