// Issue 13's remaining browser steps: share links that open in their account, the refusal for a user
// outside it, and the Account settings screen (time zone, export schedules). Self-contained: each
// step signs in as it needs.
import assert from 'node:assert/strict';

const ADMIN = 'admin@pricelens.local';
const ANALYST = 'analyst@pricelens.local';
const rows = '.ag-row[row-index]:not(.ag-row-loading)';

/** call sends an API request from the page, with the session cookie and the CSRF header. */
export async function call(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie.split('; ').find((c) => c.startsWith('pricelens_csrf='))?.split('=')[1] ?? '';
      const r = await fetch('/api' + path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    { method, path, body },
  );
}

async function signOut(page, base) {
  await page.goto(base + '/login/logout');
  await page.waitForURL(/\/login$/);
}

/** signInAt signs in on the sign-in page at url (the form of internal users). */
async function signInAt(page, url, email, password) {
  await page.goto(url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const exportSteps = [
  {
    name: 'a share link opens the shared report in its account from another of the user’s accounts',
    async run({ page, stack, data }) {
      await signOut(page, stack.base);
      await signInAt(page, stack.base + '/login', ADMIN, stack.password);
      await page.waitForURL(/\/account/);
      // The admin has accounts 1 and 2: a link of each, then the session is left in account 2.
      const links = {};
      for (const acc of [1, 2]) {
        assert.equal((await call(page, 'POST', '/account/setAccount', { account_id: acc })).status, 200);
        const r = await call(page, 'POST', '/saveReport/insertSaveReportForCopyLink', { condition: { report_path: '/pricing/type/all_my_products' } });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        links[acc] = r.body.id;
      }
      data.shareLinks = links;
      const link = `/login/OneLogin?navigationPage=${encodeURIComponent('/pricing/share/' + links[1])}&account_id=1`;
      await page.goto(stack.base + link);
      await page.waitForURL(new RegExp('/pricing/share/' + links[1] + '$'), { timeout: 20_000 });
      await page.waitForSelector(rows, { timeout: 30_000 });
      const auth = await call(page, 'POST', '/auth/isAuth', { site_id: '' });
      assert.equal(auth.body.account_id, 1, 'the session moved to the link’s account');
    },
  },
  {
    name: 'a user outside the link’s account is refused',
    async run({ page, stack, data, allowed }) {
      await signOut(page, stack.base);
      // The analyst belongs to account 1 only; the link is of account 2.
      const link = `/login/OneLogin?navigationPage=${encodeURIComponent('/pricing/share/' + data.shareLinks[2])}&account_id=2`;
      allowed.push(/status of 403/);
      await signInAt(page, stack.base + link, ANALYST, stack.password);
      await page.getByText('You are trying to access account that you are not assigned to').waitFor({ timeout: 20_000 });
      allowed.pop();
      assert.equal(await page.locator(rows).count(), 0, 'no report shows');
    },
  },
  {
    name: 'account settings are for administrators only',
    async run({ page, stack }) {
      // Still the analyst: no menu entry, and the address shows the permission-denied page.
      await page.goto(stack.base + '/pricing/reports');
      await page.getByRole('link', { name: 'All my products', exact: true }).waitFor();
      await page.locator('.topbar > .menu .menu-button').click();
      await page.getByRole('menu').getByText('Switch Business').waitFor();
      assert.equal(await page.getByRole('menu').getByText('Account settings').count(), 0);
      await page.goto(stack.base + '/settings');
      await page.getByRole('heading', { name: 'Permission denied' }).waitFor();
      await page.getByText('Feature is locked for this user').waitFor();
    },
  },
  {
    name: 'an administrator sets the account’s time zone',
    async run({ page, stack, allowed }) {
      await signOut(page, stack.base);
      await signInAt(page, stack.base + '/login?navigationPage=' + encodeURIComponent('/settings') + '&account_id=1', ADMIN, stack.password);
      await page.getByRole('heading', { name: 'Account settings' }).waitFor({ timeout: 20_000 });
      await page.locator('.topbar > .menu .menu-button').click();
      await page.getByRole('menu').getByText('Account settings').waitFor();
      await page.locator('.topbar > .menu .menu-button').click();
      const tz = page.getByRole('combobox', { name: 'Time zone' });
      assert.equal(await tz.inputValue(), 'UTC', 'the default');
      allowed.push(/status of 400/);
      await tz.fill('Mars/Olympus');
      await page.getByRole('button', { name: 'Save time zone' }).click();
      await page.getByRole('alert').filter({ hasText: '"Mars/Olympus" is not a time zone: use an IANA name such as Europe/Berlin or UTC.' }).waitFor();
      allowed.pop();
      await tz.fill('Europe/Berlin');
      await page.getByRole('button', { name: 'Save time zone' }).click();
      await page.getByText('The time zone is now Europe/Berlin').waitFor();
      const data = await call(page, 'GET', '/account/getAccountData');
      assert.equal(data.body.settings.timezone, 'Europe/Berlin');
    },
  },
  {
    name: 'an alert on a label is added from the Alerts screen',
    async run({ page, stack }) {
      const label = await call(page, 'POST', '/labels/insertNewLabels', { name: 'E2E watch label', color: 'ff8800' });
      assert.equal(label.status, 200, JSON.stringify(label.body));
      await page.goto(stack.base + '/alerts');
      await page.getByRole('heading', { name: 'Price alerts' }).waitFor();
      await page.getByRole('button', { name: 'Add alert' }).click();
      const dlg = page.getByRole('dialog', { name: 'Add or update alert' });
      await dlg.getByLabel('Alert name').fill('Label watch');
      await dlg.getByLabel('Products').selectOption({ label: 'Label E2E watch label' });
      await dlg.locator('fieldset').first().getByRole('checkbox').first().check();
      await dlg.getByLabel('Frequency').selectOption('0');
      await dlg.getByLabel('Add an e-mail address').fill('pricing@example.com');
      await dlg.getByRole('button', { name: 'Add', exact: true }).click();
      await dlg.getByRole('button', { name: 'Save' }).click();
      const row = page.getByRole('table', { name: 'Price alerts' }).locator('tr', { hasText: 'Label watch' });
      await row.getByText('Label E2E watch label').waitFor();
    },
  },
  {
    name: 'an administrator adds an export schedule then sees its drop and removes it',
    async run({ page, stack, allowed, metrics }) {
      await page.goto(stack.base + '/settings');
      await page.getByRole('heading', { name: 'Account settings' }).waitFor();
      const saved = await call(page, 'POST', '/saveReport/insertSaveReport', {
        report_name: 'Drop of lego',
        report_type: 'all_my_products',
        condition: { report_type: 'all_my_products', search: 'a' },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      await page.reload();
      await page.getByRole('button', { name: 'Add export schedule' }).click();
      const dlg = page.getByRole('dialog', { name: 'Add export schedule' });
      await dlg.waitFor();
      allowed.push(/status of 400/);
      await dlg.getByLabel('Cron expression').fill('61 * * * *');
      await dlg.getByRole('button', { name: 'Add' }).click();
      await dlg.getByRole('alert').filter({ hasText: 'cron expression "61 * * * *" is not valid' }).waitFor();
      await dlg.getByLabel('Cron expression').fill('* * * * *');
      await dlg.getByLabel('Folder').fill('../elsewhere');
      await dlg.getByRole('button', { name: 'Add' }).click();
      await dlg.getByRole('alert').filter({ hasText: 'goes up with ".."' }).waitFor();
      allowed.pop();
      await dlg.getByLabel('Folder').fill('daily/finance');
      await dlg.getByLabel('Report').selectOption({ label: 'Drop of lego (admin@pricelens.local)' });
      await dlg.getByLabel('Format').selectOption('parquet');
      await dlg.getByRole('button', { name: 'Add' }).click();
      await dlg.waitFor({ state: 'detached' });
      const table = page.getByRole('table', { name: 'Export schedules' });
      const row = table.locator('tbody tr').first();
      await row.getByText('daily/finance').waitFor();
      assert.match(await row.textContent(), /^Drop of lego/);
      assert.match(await row.textContent(), /\* \* \* \* \*parquetdaily\/finance.*Never/);
      // The drop_schedules tick (every minute) queues the drop; the worker writes it.
      const t0 = Date.now();
      for (;;) {
        await page.reload();
        const text = await table.locator('tbody tr').first().textContent();
        if (/ok/.test(text) && /\.parquet: \d+ rows, \d+ bytes/.test(text)) break;
        assert.ok(!/failed/.test(text), 'the drop failed: ' + text);
        assert.ok(Date.now() - t0 < 180_000, 'no drop within 3 minutes: ' + text);
        await page.waitForTimeout(5000);
      }
      metrics['export schedule: first drop shown after'] = Math.round((Date.now() - t0) / 1000) + ' s';
      await table.getByRole('button', { name: /Remove export schedule/ }).first().click();
      await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No export schedules.').waitFor();
    },
  },
];
