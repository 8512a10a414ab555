// Mandated brands in the browser (issue 16 part 3): the Add mandated brands dialog with the spec's
// messages, the vertical menu of exactly one super category, the comment counter, and the list; then
// mandated FSNs by CSV through the shared upload dialog, watching its states.
import assert from 'node:assert/strict';
import { clickhouse } from './harness.mjs';
import { signInTo } from './pricer.steps.mjs';

/** aProduct is a product id of the account, read from the stack's ClickHouse database. */
function aProduct(stack, account) {
  return clickhouse(stack.name, `SELECT min(product_id) FROM products WHERE account_id = ${Number(account)}`);
}

const ADMIN = 'admin@pricelens.local';

export const mandatedSteps = [
  {
    name: 'mandated brands: add one with the dialog and see it in the list',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/dynamic_pricer');
      const section = page.getByRole('region', { name: 'Mandated brands' });
      await section.getByRole('button', { name: 'Add mandated brands' }).click();
      const dlg = page.getByRole('dialog', { name: 'Add mandated brands' });
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.getByRole('alert').filter({ hasText: 'Please choose at least one super category' }).waitFor();
      // Two super categories: no vertical menu; exactly one: the menu appears and fills.
      const supers = dlg.getByRole('group', { name: 'Super categories' }).getByRole('checkbox');
      await supers.first().waitFor();
      assert.ok((await supers.count()) >= 2, 'the account has super categories');
      await supers.nth(0).check();
      await supers.nth(1).check();
      assert.equal(await dlg.getByRole('group', { name: 'Verticals' }).count(), 0);
      await supers.nth(1).uncheck();
      const verticals = dlg.getByRole('group', { name: 'Verticals' });
      await verticals.getByText('Select all').waitFor({ timeout: 10_000 });
      const superName = (await dlg.getByRole('group', { name: 'Super categories' }).locator('label').nth(0).textContent()).trim();
      const verticalName = (await verticals.locator('label').nth(1).textContent()).trim();
      await verticals.getByRole('checkbox').nth(1).check();
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.getByRole('alert').filter({ hasText: 'Please choose at least one brand' }).waitFor();
      const brands = dlg.getByRole('group', { name: 'Brands' });
      await brands.getByRole('checkbox').first().waitFor();
      const brandName = (await brands.locator('label').first().textContent()).trim();
      await brands.getByRole('checkbox').first().check();
      await dlg.getByLabel('Comment').fill('Set by the brand owner');
      await dlg.getByText('22/200').waitFor();
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.waitFor({ state: 'detached' });
      const row = section.getByRole('table', { name: 'Mandated brands list' }).getByRole('row').filter({ hasText: brandName });
      await row.waitFor();
      const cells = (await row.getByRole('cell').allTextContents()).map((s) => s.trim());
      assert.deepEqual(cells.slice(0, 4), [superName, verticalName, brandName, 'Set by the brand owner']);
      // Delete it again.
      await row.getByRole('button', { name: 'Delete ' + brandName + ' in ' + superName }).click();
      await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
      await row.waitFor({ state: 'detached' });
    },
  },
  {
    name: 'mandated FSNs: upload a CSV with the action and see the refused row before adding it',
    async run({ page, stack, allowed }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/dynamic_pricer');
      const section = page.getByRole('region', { name: 'Mandated brands' });
      await section.getByRole('button', { name: 'Upload mandated FSNs' }).click();
      const account = await page.evaluate(() => fetch('/api/account/getAccountData').then((r) => r.json()).then((d) => d.account_id));
      const fsn = aProduct(stack, account);
      assert.ok(fsn, 'the account has products');
      const dlg = page.getByRole('dialog', { name: 'Upload mandated FSNs' });
      const upload = dlg.getByRole('button', { name: 'Upload' });
      assert.equal(await upload.isEnabled(), false, 'Upload waits for a file');
      const href = await dlg.getByRole('link', { name: 'Download an example CSV' }).getAttribute('href');
      const example = await page.evaluate((h) => fetch(h).then((r) => r.text()), href);
      assert.match(example, /^fsn,comment\n/);
      const file = (text) => ({ name: 'mandated.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
      await dlg.getByLabel('File').setInputFiles(file(`fsn,comment\n${fsn},\n`));
      await upload.click();
      await dlg.getByRole('alert').filter({ hasText: 'Please choose an action' }).waitFor();
      await dlg.getByLabel('Add').check();
      allowed.push(/status of 400/);
      await upload.click();
      await dlg.getByRole('alert').filter({ hasText: `Nothing was changed: 1 of 1 rows were refused. Line 2 (${fsn}): a comment is required when adding.` }).waitFor();
      allowed.pop();
      assert.equal(await upload.isEnabled(), false, 'Upload disabled after an error until another file');
      assert.equal(await dlg.getByRole('button', { name: 'Cancel' }).isEnabled(), true);
      await dlg.getByLabel('File').setInputFiles(file(`fsn,comment\n${fsn},Brand owner's price\n`));
      await upload.click();
      await dlg.waitFor({ state: 'detached' });
      await section.getByRole('note', { name: 'Mandated FSNs' }).filter({ hasText: 'the 1 mandated FSNs' }).waitFor();
    },
  },
];
