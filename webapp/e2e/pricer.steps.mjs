// The dynamic pricer's browser flow (issue 15): create a rule with the competitor menu, preview it,
// simulate, read "why this price" in the simulation results, run for real and see the results,
// the rules audit log, and what a viewer may not do. Each step signs in itself.
import assert from 'node:assert/strict';
import { psql } from './harness.mjs';

const ADMIN = 'admin@pricelens.local';
const VIEWER = 'viewer@pricelens.local';
const RULE = 'E2E beat the market';
const SCOPED = 'E2E one super category';
const rows = '.ag-row[row-index]:not(.ag-row-loading)';

/** signInTo signs in afresh and opens path in the user's first account. */
export async function signInTo(page, base, email, password, path) {
  await page.context().clearCookies();
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(account|pricing|new)/);
  // A user of one account goes on at once; the administrator has two and chooses the first.
  await page.waitForFunction(() => !location.pathname.startsWith('/account') || document.querySelectorAll('select option').length > 2);
  if (/\/account/.test(new URL(page.url()).pathname)) {
    await page.getByLabel('Choose an account').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/account'));
  }
  await page.goto(base + path);
}

/** runAndWait clicks Run or Simulate and waits for the run's outcome line. */
export async function runAndWait(page, button, what) {
  await page.getByRole('button', { name: button, exact: true }).click();
  // The buttons are disabled while the run is under way.
  await page.getByRole('status').filter({ hasText: new RegExp(`Last ${what} (complete|failed)`) }).waitFor({ timeout: 120_000 });
  const text = await page.getByRole('status').filter({ hasText: `Last ${what}` }).textContent();
  assert.match(text, new RegExp(`Last ${what} complete: [\\d,]+ products, [\\d,]+ changed`), text);
  assert.equal(await page.getByRole('button', { name: button, exact: true }).isEnabled(), true);
  return text;
}

export async function waitRows(page) {
  await page.waitForSelector(rows + ' [col-id]', { timeout: 30_000 });
}

export const pricerSteps = [
  {
    name: 'pricer: add a rule with the competitor menu and its live preview',
    async run({ page, stack, data, allowed }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/dynamic_pricer');
      await page.getByRole('heading', { name: 'Manage Pricing Rules' }).waitFor();
      const middle = page.getByRole('region', { name: 'Middle (target price)' });
      await middle.getByRole('button', { name: 'Add rule' }).click();
      const dlg = page.getByRole('dialog', { name: 'Add rule' });
      // Saving without a name says what is missing (the server's message, checked before any call).
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.getByRole('alert').filter({ hasText: 'Rule name is required' }).waitFor();
      await dlg.getByLabel('Rule name').fill(RULE);
      // The competitor menu: none 'Choose...', one its name, several 'N competitors'.
      await dlg.getByLabel('Source').selectOption({ label: 'Competitors' });
      const menu = dlg.getByRole('button', { name: 'Competitors' });
      assert.equal((await menu.textContent()).trim(), 'Choose...');
      await menu.click();
      const boxes = dlg.getByRole('group', { name: 'Choose competitors' }).getByRole('checkbox');
      assert.ok((await boxes.count()) >= 2, 'the account has competitors');
      const first = (await dlg.getByRole('group', { name: 'Choose competitors' }).locator('label').first().textContent()).trim();
      await boxes.nth(0).check();
      assert.equal((await menu.textContent()).trim(), first);
      await boxes.nth(1).check();
      assert.equal((await menu.textContent()).trim(), '2 competitors');
      // A source other than Competitors clears them.
      await dlg.getByLabel('Source').selectOption({ label: 'My price' });
      await dlg.getByLabel('Source').selectOption({ label: 'Competitors' });
      assert.equal((await dlg.getByRole('button', { name: 'Competitors' }).textContent()).trim(), 'Choose...');
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.getByRole('alert').filter({ hasText: 'Choose at least one competitor for a competitors source' }).waitFor();
      await dlg.getByRole('button', { name: 'Competitors' }).click();
      await dlg.getByRole('group', { name: 'Choose competitors' }).getByRole('checkbox').nth(0).check();
      await dlg.getByRole('button', { name: 'Competitors' }).click();
      await dlg.getByLabel('Aggregate').selectOption('min');
      await dlg.getByLabel('Adjust %').fill('-1');
      // The live preview over the rule's scope, before saving.
      const preview = dlg.getByRole('complementary', { name: 'Preview' });
      await page.waitForFunction(() => document.querySelector('[data-testid="preview-matched"]'), null, { timeout: 20_000 });
      await page.waitForFunction(() => document.querySelector('[aria-label="Preview"]')?.getAttribute('aria-busy') === 'false');
      const num = async (id) => Number((await preview.getByTestId(id).textContent()).replace(/[^0-9]/g, ''));
      const matched = await num('preview-matched');
      const changed = await num('preview-changed');
      assert.ok(matched > 0, 'an unscoped rule matches the products: ' + matched);
      assert.ok(changed > 0 && changed <= matched, `changed ${changed} of ${matched}`);
      await preview.getByRole('table', { name: 'Distribution of changes' }).waitFor();
      data.previewMatched = matched;
      allowed.push(/status of 400/);
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.waitFor({ state: 'detached' });
      allowed.pop();
      const list = middle.getByRole('table', { name: 'Target rules' });
      await list.getByRole('cell', { name: RULE, exact: true }).waitFor();
      data.ruleId = Number(psql(stack, `SELECT id FROM pricer_rules WHERE name = '${RULE}'`));
      assert.ok(data.ruleId > 0, 'saved in PostgreSQL');
    },
  },
  {
    name: 'pricer: simulate and read why this price',
    async run({ page, stack, data }) {
      if (!/dynamic_pricer/.test(page.url())) await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/dynamic_pricer');
      await runAndWait(page, 'Simulate', 'simulation');
      assert.equal(psql(stack, 'SELECT count(*) FROM approval_records'), '0', 'a simulation creates no approval records');
      await page.getByRole('link', { name: 'Simulation Results' }).click();
      await page.getByRole('heading', { name: 'Simulation Results' }).waitFor();
      await waitRows(page);
      // The count follows the first block.
      const count = Number((await page.getByLabel('Row count').filter({ hasText: /products/ }).textContent()).replace(/[^0-9]/g, ''));
      assert.ok(count > 0, 'results for every product: ' + count);
      // The rows the new rule decided: the Rule column's number filter, shown as a chip.
      // The Rule and Why this price columns are the last ones: scroll the grid to them.
      await page.$eval('.ag-body-horizontal-scroll-viewport', (h) => (h.scrollLeft = h.scrollWidth));
      const header = page.locator('.ag-header-cell[col-id="rule_id"]');
      await header.hover();
      const filterButton = header.locator('.ag-header-cell-filter-button, .ag-floating-filter-button');
      if (await filterButton.count()) await filterButton.first().click();
      else {
        await header.locator('.ag-header-cell-menu-button').click();
        await page.locator('.ag-menu .ag-tab[aria-label*="ilter"], .ag-menu-option:has-text("Filter")').first().click();
      }
      const filter = page.locator('.ag-filter').last();
      await filter.locator('input[type="number"], input.ag-input-field-input').first().fill(String(data.ruleId));
      const block = page.waitForResponse((r) => r.url().endsWith('/api/repricing/getConditionsData'));
      await filter.getByRole('button', { name: 'Apply Filter' }).click();
      assert.equal((await block).status(), 200);
      await page.keyboard.press('Escape');
      await page.locator('.chip-bar').getByText('Rule:').waitFor();
      await waitRows(page);
      const why = page.locator(`${rows} .why-cell`).first();
      const sentence = (await why.textContent()).trim();
      assert.ok(sentence.includes(RULE), 'the explanation names the rule: ' + sentence);
      await why.click();
      const panel = page.getByRole('complementary', { name: 'Why this price' });
      assert.equal((await panel.locator('.why-sentence').textContent()).trim(), sentence);
      const steps = await panel.locator('.why-steps li').allTextContents();
      assert.ok(steps.length >= 1 && steps.some((s) => s.includes(RULE)), 'the steps name the rule: ' + steps.join(' | '));
    },
  },
  {
    name: 'pricer: run for real and see the results',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/dynamic_pricer');
      await page.getByRole('heading', { name: 'Manage Pricing Rules' }).waitFor();
      const line = await runAndWait(page, 'Run', 'run');
      assert.match(line, /auto-approved, [\d,]+ pending/);
      assert.ok(Number(psql(stack, 'SELECT count(*) FROM approval_records')) > 0, 'a real run creates approval records');
      await page.getByRole('link', { name: 'Results', exact: true }).click();
      await page.getByRole('heading', { name: 'Results', exact: true }).waitFor();
      await waitRows(page);
      await page.getByLabel('Row count').filter({ hasText: /products, [\d,]+ pending/ }).waitFor();
      const statuses = await page.$$eval(`${rows} [col-id="status"]`, (els) => els.map((e) => e.textContent.trim()));
      // Statuses in words (issue 29), not their codes.
      assert.ok(statuses.every((s) => ['No change', 'Auto-approved', 'Pending', 'Mandated'].includes(s)), statuses.join(','));
    },
  },
  {
    name: 'pricer: rules audit log and status toggle',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/dynamic_pricer');
      const list = page.getByRole('table', { name: 'Target rules' });
      const toggle = list.getByRole('checkbox', { name: 'Active ' + RULE });
      await toggle.click();
      await page.waitForFunction((n) => !document.querySelector(`[aria-label="Active ${n}"]`)?.checked, RULE);
      assert.equal(psql(stack, `SELECT status FROM pricer_rules WHERE name = '${RULE}'`), 'inactive');
      await page.goto(stack.base + '/new/repricing/audit_log');
      const log = page.getByRole('table', { name: 'Rules audit log' });
      await log.waitFor();
      const first = log.locator('tbody tr').first();
      await first.getByText(RULE).waitFor();
      await first.getByText('active').first().waitFor();
      assert.match(await first.textContent(), /status: active → inactive/);
      assert.match(await log.textContent(), new RegExp(ADMIN.replace('.', '\\.')));
    },
  },
  {
    name: 'pricer: a rule scoped by the category tree moves up with the arrows',
    async run({ page, stack, data }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/dynamic_pricer');
      const middle = page.getByRole('region', { name: 'Middle (target price)' });
      await middle.getByRole('button', { name: 'Add rule' }).click();
      const dlg = page.getByRole('dialog', { name: 'Add rule' });
      await dlg.getByLabel('Rule name').fill(SCOPED);
      await dlg.getByLabel('Adjust %').fill('2');
      // The scope's category tree is the grid's category filter.
      await dlg.getByRole('button', { name: /^Categories: All$/ }).click();
      const tree = dlg.locator('.category-filter');
      const top = (await tree.locator('.tree-node label').first().textContent()).trim();
      await tree.getByRole('checkbox').first().check();
      await tree.getByRole('button', { name: 'Apply Filter' }).click();
      await dlg.getByRole('button', { name: 'Categories: ' + top }).waitFor();
      const preview = dlg.getByRole('complementary', { name: 'Preview' });
      await page.waitForFunction(() => document.querySelector('[aria-label="Preview"]')?.getAttribute('aria-busy') === 'false' && document.querySelector('[data-testid="preview-matched"]'));
      const matched = Number((await preview.getByTestId('preview-matched').textContent()).replace(/[^0-9]/g, ''));
      assert.ok(matched > 0 && matched < data.previewMatched, `one super category: ${matched} of ${data.previewMatched}`);
      await dlg.getByRole('button', { name: 'Save' }).click();
      await dlg.waitFor({ state: 'detached' });
      const list = middle.getByRole('table', { name: 'Target rules' });
      await list.getByRole('cell', { name: SCOPED, exact: true }).waitFor();
      const order = () => psql(stack, "SELECT string_agg(name, '|' ORDER BY position) FROM pricer_rules WHERE section = 'middle'");
      assert.equal(order(), `${RULE}|${SCOPED}`);
      await list.getByRole('button', { name: 'Move up ' + SCOPED }).click();
      await page.waitForFunction((n) => document.querySelector('[aria-label="Target rules"] tbody tr td:nth-child(2)')?.textContent === n, SCOPED);
      for (let i = 0; i < 50 && order() !== `${SCOPED}|${RULE}`; i++) await page.waitForTimeout(100);
      assert.equal(order(), `${SCOPED}|${RULE}`);
      await list.getByRole('button', { name: 'Move up ' + SCOPED }).and(page.locator(':disabled')).waitFor();
      // Edit opens the saved rule (rules/getRuleData) with its scope.
      await list.getByRole('row').filter({ hasText: SCOPED }).getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit rule' });
      assert.equal(await edit.getByLabel('Rule name').inputValue(), SCOPED);
      await edit.getByRole('button', { name: 'Categories: ' + top }).waitFor();
      await edit.getByRole('button', { name: 'Cancel' }).click();
      // The lists follow a search (rules/refreshRulesList); a filtered list offers no reordering.
      await page.getByLabel('Search rules').fill('super category');
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="Target rules"] tbody tr').length === 1);
      assert.equal(await list.getByRole('button', { name: /^Move up/ }).count(), 0);
      await page.getByLabel('Search rules').fill('');
      await list.getByRole('cell', { name: RULE, exact: true }).waitFor();
    },
  },
  {
    name: 'pricer: guardrails from a matrix profile',
    async run({ page, stack }) {
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/dynamic_pricer');
      const panel = page.getByRole('region', { name: 'Guardrails' });
      await panel.waitFor();
      const select = panel.getByLabel('Matrix profile');
      const options = await select.locator('option').allTextContents();
      assert.ok(options.length >= 2, 'profiles are listed: ' + options.join('|'));
      const before = psql(stack, `SELECT coalesce(max(matrix_profile), '') FROM pricer_guardrails`);
      await select.selectOption({ index: 1 });
      // Choosing a profile shows its guardrails; only Save applies them (issue 29).
      await panel.getByRole('status').filter({ hasText: 'Not saved yet' }).waitFor();
      assert.equal(psql(stack, `SELECT coalesce(max(matrix_profile), '') FROM pricer_guardrails`), before, 'nothing saved before Save');
      await panel.getByRole('button', { name: 'Save guardrails' }).click();
      await panel.getByRole('status').filter({ hasText: 'Guardrails saved' }).waitFor();
      assert.notEqual(psql(stack, 'SELECT matrix_profile FROM pricer_guardrails'), '');
    },
  },
  {
    name: 'pricer: a viewer reads the rules but cannot change or run them',
    async run({ page, stack }) {
      await signInTo(page, stack.base, VIEWER, stack.password, '/new/repricing/dynamic_pricer');
      await page.getByRole('heading', { name: 'Manage Pricing Rules' }).waitFor();
      await page.getByRole('table', { name: 'Target rules' }).getByRole('cell', { name: RULE, exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Add rule' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Run', exact: true }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Simulate' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: /^Move (up|down) / }).count(), 0);
      assert.equal(await page.getByRole('checkbox', { name: 'Active ' + RULE }).isDisabled(), true);
    },
  },
];
