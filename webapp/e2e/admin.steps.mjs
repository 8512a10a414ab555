// Administration (issue 17): Manage users and Manage permissions in the browser, and
// what a permission change does to another role's screens.
import assert from 'node:assert/strict';
import { psql } from './harness.mjs';

const ADMIN = 'admin@pricelens.local';
const VIEWER = 'viewer@pricelens.local';
const NEW_USER = 'e2e.new.user@example.com';
const SSO_USER = 'e2e.sso.user@example.com';

export async function signInTo(page, stack, email, next) {
  await page.goto(stack.base + '/login/logout');
  await page.waitForURL(/\/login$/);
  await page.goto(stack.base + '/login?navigationPage=' + encodeURIComponent(next));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(stack.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The chooser shows disabled while the accounts load, and a user of one account
  // goes on without it: wait for an enabled chooser or the page itself.
  const chooser = page.locator('select[aria-label="Choose an account"]:enabled');
  await Promise.race([chooser.waitFor(), page.waitForURL((u) => u.pathname === next)]);
  if (new URL(page.url()).pathname !== next && (await chooser.count())) {
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

/** openGroup opens the grouped rows of a path (resource, then action) of the permissions grid. */
async function openGroup(page, ...path) {
  let from = -1;
  for (const name of path) {
    const found = await page.waitForFunction(
      ({ name, from }) => {
        const rows = [...document.querySelectorAll('.ag-row[row-index]')]
          .map((r) => ({ i: Number(r.getAttribute('row-index')), t: r.querySelector('.ag-group-value')?.textContent.trim() }))
          .filter((r) => r.i > from && r.t === name)
          .sort((a, b) => a.i - b.i);
        return rows.length ? { i: rows[0].i } : null; // an object: row 0 must count as found
      },
      { name, from },
    );
    from = (await found.jsonValue()).i;
    const toggle = page.locator(`.ag-row[row-index="${from}"] .ag-group-contracted`);
    if (await toggle.isVisible()) await toggle.click();
  }
}

export const adminSteps = [
  {
    name: 'manage users: add a user and change a role',
    async run({ page, stack }) {
      // A single sign-on user of the admin's first account (as the identity provider's first sign-in makes one).
      psql(stack, `INSERT INTO users (email, is_saml, sso_subject) VALUES ('${SSO_USER}', true, 'e2e-sso');
        INSERT INTO memberships (user_id, account_id, role) SELECT u.id, m.account_id, 'analyst' FROM users u,
          (SELECT account_id FROM memberships m JOIN users a ON a.id = m.user_id WHERE a.email = '${ADMIN}') m WHERE u.email = '${SSO_USER}'`);
      await signInTo(page, stack, ADMIN, '/new/manage/users');
      await page.getByRole('heading', { name: 'Manage users' }).waitFor();
      await userRow(page, 'analyst@pricelens.local').waitFor();
      assert.equal((await userRow(page, 'analyst@pricelens.local').locator('[col-id="user_type"]').textContent()).trim(), 'Internal user');
      // No actions on a single sign-on user: the button is disabled and says why.
      const sso = userRow(page, SSO_USER);
      assert.equal((await sso.locator('[col-id="user_type"]').textContent()).trim(), 'SSO');
      assert.equal(await sso.getByRole('button', { name: 'Actions for ' + SSO_USER }).isDisabled(), true);
      assert.equal(await sso.locator('[col-id="actions"] [title]').getAttribute('title'), "can't do action to sso user");

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

      // The role is edited in the grid and stored at once; the list reloads and keeps the Email filter.
      const header = page.locator('.ag-header-cell[col-id="email"]');
      await header.hover();
      await header.locator('.ag-header-cell-filter-button').click();
      await page.locator('.ag-filter .ag-filter-body input').first().fill('e2e.');
      const shown = () => page.$$eval('.ag-cell[col-id="email"]', (cs) => cs.map((c) => c.textContent.trim()).sort().join(','));
      await page.waitForFunction(() => document.querySelectorAll('.ag-cell[col-id="email"]').length === 2);
      await page.keyboard.press('Escape');
      const updated = page.waitForResponse((r) => r.url().endsWith('/api/users/updateUser'));
      await (await openRoleEditor(page, row)).getByRole('option', { name: 'viewer', exact: true }).click();
      await page.keyboard.press('Enter');
      assert.equal((await updated).status(), 200);
      await page.waitForFunction((email) => [...document.querySelectorAll('.ag-row')].some((r) => r.querySelector('[col-id="email"]')?.textContent.includes(email) && r.querySelector('[col-id="role"]')?.textContent.trim() === 'viewer'), NEW_USER);
      assert.equal(psql(stack, `SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = '${NEW_USER}'`), 'viewer');
      assert.equal(await shown(), [NEW_USER, SSO_USER].sort().join(','), 'the filter is kept after the reload');

      // Categories: ticked in the cell's editor, stored as super category ids.
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/updateUser'));
      await row.locator('[col-id="categories"]').click();
      const editor = page.getByRole('group', { name: 'Categories' });
      const second = editor.locator('label').nth(1);
      const secondName = (await second.textContent()).trim();
      await second.locator('input').check();
      await editor.getByRole('button', { name: 'Apply' }).click();
      assert.equal((await saved).status(), 200);
      await page.waitForFunction(
        ([email, want]) => [...document.querySelectorAll('.ag-row')].some((r) => r.querySelector('[col-id="email"]')?.textContent.includes(email) && r.querySelector('[col-id="categories"]')?.textContent.trim() === want),
        [NEW_USER, [category, secondName].join(', ')],
      );
      assert.equal(psql(stack, `SELECT array_length(m.categories, 1) FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = '${NEW_USER}'`), '2');

      // Reset password: the new password is shown once, with the spec's words.
      await row.getByRole('button', { name: 'Actions for ' + NEW_USER }).click();
      await page.getByRole('menu', { name: 'Actions for ' + NEW_USER }).getByRole('menuitem', { name: 'Reset password' }).click();
      const shownPassword = page.getByRole('dialog', { name: 'Message' });
      await shownPassword.getByText(/^your new password is: \S{8,}$/).waitFor();
      await shownPassword.getByRole('button', { name: 'OK' }).click();

      // Delete: the placeholder, then the spec's message and the row gone.
      await row.getByRole('button', { name: 'Actions for ' + NEW_USER }).click();
      await page.getByRole('menu', { name: 'Actions for ' + NEW_USER }).getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('status').filter({ hasText: 'user deleted successfully' }).waitFor();
      await page.waitForFunction((email) => ![...document.querySelectorAll('.ag-row [col-id="email"]')].some((c) => c.textContent.includes(email)), NEW_USER);
      assert.equal(await shown(), SSO_USER, 'still filtered');
    },
  },
  {
    name: 'manage permissions: untick view report and the viewer is denied',
    async run({ page, stack, allowed }) {
      await signInTo(page, stack, ADMIN, '/new/manage/permissions');
      await page.getByRole('heading', { name: 'Manage permissions' }).waitFor();
      // Grouped rows: resource, then action; the checkboxes are in the permission rows.
      await openGroup(page, 'reports', 'read:any');
      const box = page.getByRole('checkbox', { name: 'viewer: view report (read:any)' });
      assert.equal(await box.isChecked(), true);
      const sent = page.waitForResponse((r) => r.url().endsWith('/api/system/updatePermission'));
      await box.uncheck();
      assert.equal((await sent).status(), 200);
      assert.equal(await box.isChecked(), false);

      // A tick the server refuses goes back silently: the admins are the only ones managing permissions.
      await openGroup(page, 'manage permissions', 'update:any');
      const own = page.getByRole('checkbox', { name: 'admin: manage permission to role (update:any)' });
      assert.equal(await own.isChecked(), true);
      allowed.push(/status of 409/);
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/system/updatePermission'));
      await own.click();
      assert.equal((await refused).status(), 409);
      await page.waitForFunction(() => document.querySelector('[aria-label="admin: manage permission to role (update:any)"]')?.checked === true);
      assert.equal(await page.getByRole('dialog').count(), 0, 'no message');
      allowed.pop();

      // The viewer's next page load: the report screens are denied.
      await signInTo(page, stack, VIEWER, '/pricing/reports');
      await page.getByRole('heading', { name: 'Permission denied' }).waitFor();
      await page.getByText('Feature is locked for this user').waitFor();
      assert.equal((await page.locator('.error-status').textContent()).trim(), '403');
      // The administration pages too (a viewer has no manage-users permission at all).
      await page.goto(stack.base + '/new/manage/users');
      await page.getByRole('heading', { name: 'Permission denied' }).waitFor();

      // Given back, the viewer reads reports again.
      await signInTo(page, stack, ADMIN, '/new/manage/permissions');
      await openGroup(page, 'reports', 'read:any');
      const again = page.waitForResponse((r) => r.url().endsWith('/api/system/updatePermission'));
      await page.getByRole('checkbox', { name: 'viewer: view report (read:any)' }).check();
      assert.equal((await again).status(), 200);
      await signInTo(page, stack, VIEWER, '/pricing/reports');
      await page.getByRole('link', { name: 'All my products', exact: true }).waitFor();
      // "/" leads to the dashboard on this deployment (PRICELENS_HOME_PAGE unset).
      await page.goto(stack.base + '/');
      await page.waitForURL((u) => u.pathname === '/new/home/dashboard');
    },
  },
  {
    name: 'manage permissions: a menu shows only the pages the viewer may open',
    async run({ page, stack }) {
      const nav = page.getByRole('navigation');
      const menus = async () => (await nav.locator('.menu-button').allTextContents()).map((t) => t.trim());
      // The viewer reads the pricer's rules but reviews no matches: no Competitive Intelligence menu
      // (issue 29: both menus showed for everybody, and led to a 403 page).
      await signInTo(page, stack, VIEWER, '/pricing/reports');
      await nav.getByRole('link', { name: 'Reports', exact: true }).waitFor();
      let shown = await menus();
      assert.ok(shown.includes('Dynamic Pricer') && !shown.includes('Competitive Intelligence'), shown.join('|'));
      // Without the pricer's read rights the Dynamic Pricer menu goes too.
      const setPricerReads = async (on) => {
        await signInTo(page, stack, ADMIN, '/new/manage/permissions');
        await openGroup(page, 'dynamic pricer', 'read:any');
        for (const perm of ['edit/read top-bottom rules', 'edit/read middle rules']) {
          const box = page.getByRole('checkbox', { name: `viewer: ${perm} (read:any)` });
          assert.equal(await box.isChecked(), !on);
          const sent = page.waitForResponse((r) => r.url().endsWith('/api/system/updatePermission'));
          await box.setChecked(on);
          assert.equal((await sent).status(), 200);
        }
      };
      await setPricerReads(false);
      await signInTo(page, stack, VIEWER, '/pricing/reports');
      await nav.getByRole('link', { name: 'Reports', exact: true }).waitFor();
      shown = await menus();
      assert.ok(!shown.includes('Dynamic Pricer') && !shown.includes('Competitive Intelligence'), shown.join('|'));
      // Given back, the menu is back.
      await setPricerReads(true);
      await signInTo(page, stack, VIEWER, '/pricing/reports');
      await nav.getByRole('button', { name: 'Dynamic Pricer' }).waitFor();
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
