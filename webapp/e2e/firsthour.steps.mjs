// Issue 32, the analyst's first hour: the grid's rough edges (an opened group's
// products, a column switched on, search suggestions, drawn demo images) and the
// calls the webapp did not make (forgot password, change e-mail, refresh account
// data, delete a label), the insight detail's title and the insight tiles.
import assert from 'node:assert/strict';
import { psql } from './harness.mjs';
import { signInTo } from './admin.steps.mjs';
import { call } from './exports.steps.mjs';

const ADMIN = 'admin@pricelens.local';
const ANALYST = 'analyst@pricelens.local';
const rows = '.ag-row[row-index]:not(.ag-row-loading)';

/** texts reads a column's cell texts on the rendered rows. */
const texts = (page, col) => page.$$eval(`${rows} [col-id="${col}"]`, (els) => els.map((e) => e.textContent.trim()));

/** accountMenu opens the account menu (the account's name, right of the top bar) and clicks an entry. */
async function accountMenu(page, entry) {
  await page.locator('header .menu-button').last().click();
  await page.getByRole('menu').getByRole('button', { name: entry }).click();
}

// On all my products in table mode, signed in as the administrator (after 'group mode and graph mode').
export const gridFixSteps = [
  {
    name: 'group mode: an opened group lists its products by name and id',
    async run({ page }) {
      await page.getByRole('button', { name: 'Group', exact: true }).click();
      await page.waitForSelector('.ag-row-group[row-index]');
      // Group levels down to the products: open the first group of each level until product rows show.
      for (let depth = 0; depth < 4 && !(await page.locator('.group-leaf').count()); depth++) {
        const closed = page.locator('.ag-row-group.ag-row-group-contracted[row-index]').first();
        await closed.locator('.ag-group-contracted').click();
        await page.waitForTimeout(300);
        await page.waitForSelector(rows);
      }
      const leaf = page.locator('.group-leaf').first();
      await leaf.waitFor();
      const name = (await leaf.getByRole('link').textContent()).trim();
      const id = (await leaf.locator('.group-leaf-id').textContent()).trim();
      assert.ok(name.length > 0 && id.length > 0, `a product row shows its name and id: "${name}" "${id}"`);
      assert.equal(await leaf.getByRole('link').getAttribute('href'), '/new/product/' + encodeURIComponent(id));
      await page.getByRole('button', { name: 'Table', exact: true }).click();
      await page.waitForSelector(rows + ' [col-id="name"]');
    },
  },
  {
    name: 'a column switched on in the Columns panel fills at once; its images are drawn',
    async run({ page }) {
      await page.locator('.ag-side-button').filter({ hasText: 'Columns' }).click();
      const panel = page.locator('.ag-column-select');
      for (const [label, col] of [
        ['Super category', 'super_category'],
        ['Image', 'img_url'],
      ]) {
        assert.equal(await page.locator(`.ag-header-cell[col-id="${col}"]`).count(), 0, label + ' starts hidden');
        await panel.locator('.ag-column-select-column').filter({ hasText: new RegExp('^\\s*' + label + '\\s*$') }).locator('input[type="checkbox"]').check();
        await page.locator(`.ag-header-cell[col-id="${col}"]`).waitFor();
        // No other action: the cells fill by themselves.
        await page.waitForFunction(
          (col) => {
            const cells = [...document.querySelectorAll(`.ag-row[row-index]:not(.ag-row-loading) [col-id="${col}"]`)];
            return cells.length > 0 && cells.every((c) => c.textContent.trim() !== '' || c.querySelector('img'));
          },
          col,
          { timeout: 20_000 },
        );
      }
      assert.ok((await texts(page, 'super_category')).every((t) => t.length > 0));
      // The demo's images come through the proxy, drawn: loaded, not broken.
      const img = page.locator(`${rows} [col-id="img_url"] img.thumb`).first();
      await img.scrollIntoViewIfNeeded();
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
      assert.match(await img.getAttribute('src'), /^\/api\/tooltip\/getImg\?i=https%3A%2F%2Fimg\./);
      for (const label of ['Super category', 'Image']) {
        await panel.locator('.ag-column-select-column').filter({ hasText: new RegExp('^\\s*' + label + '\\s*$') }).locator('input[type="checkbox"]').uncheck();
      }
      await page.locator('.ag-side-button').filter({ hasText: 'Columns' }).click();
    },
  },
  {
    name: 'search suggestions while typing',
    async run({ page }) {
      const first = (await texts(page, 'name'))[0];
      const word = first.split(/\s+/).find((w) => w.length >= 4) ?? first.slice(0, 4);
      const search = page.getByRole('searchbox', { name: 'Search in report' });
      const asked = page.waitForResponse((r) => r.url().endsWith('/api/tabular/searchInReport'));
      await search.fill(word);
      assert.equal((await asked).status(), 200);
      const list = page.getByRole('listbox', { name: 'Search suggestions' });
      await list.waitFor();
      const names = await list.locator('.suggestion-name').allTextContents();
      assert.ok(names.length > 0 && names.every((n) => n.length > 0), 'named suggestions for ' + word);
      await list.getByRole('button', { name: /^Show all [\d,]+ matching products$/ }).waitFor();
      // A suggestion links to its product page (not followed: the grid's unsaved sort stays for the next steps).
      assert.match(await list.locator('.suggestion').first().getAttribute('href'), /^\/new\/product\/.+/);
      await search.press('Escape');
      await list.waitFor({ state: 'detached' });
      await search.fill('');
    },
  },
];

// Self-contained: each signs in as it needs (at the end of the flow).
export const firstHourSteps = [
  {
    name: 'home: every trend and insights screen is one click away',
    async run({ page, stack }) {
      await signInTo(page, stack, ANALYST, '/new/home/dashboard');
      const screens = [
        ['Trends', 'Price vs. margin - trend', '/trend/price_vs_market_trend', (p) => p.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Price vs. margin - trend')],
        ['Trends', 'Key business metrics - correlation and causality', '/trend/key_business_metrics', (p) => p.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Key business metrics - correlation and causality')],
        ['Trends', 'Competitiveness metrics: Trend', '/trend/competitiveness_metrics', (p) => p.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Competitiveness metrics: Trend')],
        ['Insights', 'Pricing insights', '/insights', (p) => p.getByRole('region', { name: 'Pricing insights' })],
        ['Insights', 'Key business metrics - performance', '/insights/analytics', (p) => p.getByRole('heading', { name: 'Key business metrics - performance' })],
      ];
      for (const [card, link, path, shown] of screens) {
        await page.goto(stack.base + '/new/home/dashboard');
        await page.getByRole('region', { name: card }).getByRole('link', { name: link, exact: true }).click();
        await page.waitForURL((u) => u.pathname === path);
        await shown(page).waitFor();
      }
    },
  },
  {
    name: 'forgot password: the sign-in page asks for a reset link',
    async run({ page, stack }) {
      await page.goto(stack.base + '/login/logout');
      await page.waitForURL(/\/login$/);
      await page.getByLabel('Email').fill(ANALYST);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const form = page.getByRole('form', { name: 'Reset your password' });
      assert.equal(await form.getByLabel('Email for the reset link').inputValue(), ANALYST, 'the address typed above');
      await form.getByRole('button', { name: 'Send reset link' }).click();
      await form.getByRole('status').filter({ hasText: 'a reset link has been sent' }).waitFor();
      const link = new URL(psql(stack, `SELECT detail->>'link' FROM mail_messages WHERE kind = 'password_reset' AND '${ANALYST}' = ANY(recipients) ORDER BY id DESC LIMIT 1`));
      assert.equal(link.pathname, '/login/reset');
    },
  },
  {
    name: 'account menu: refresh account data and change one’s e-mail',
    async run({ page, stack }) {
      await signInTo(page, stack, ANALYST, '/pricing/reports');
      const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/account/refreshAccountData'));
      await accountMenu(page, 'Refresh account data');
      assert.equal((await refreshed).status(), 200);
      await page.getByRole('status').filter({ hasText: 'Account data refreshed' }).waitFor();
      const change = async (to) => {
        await accountMenu(page, 'Change e-mail');
        const dlg = page.getByRole('dialog', { name: 'Change e-mail' });
        await dlg.getByLabel('New e-mail address').fill(to);
        await dlg.getByRole('button', { name: 'Save' }).click();
        await page.getByRole('status').filter({ hasText: 'Your e-mail address is now ' + to }).waitFor();
        await page.locator('header').getByText(to).waitFor();
      };
      await change('analyst.renamed@pricelens.local');
      assert.equal(psql(stack, "SELECT count(*) FROM users WHERE email = 'analyst.renamed@pricelens.local'"), '1');
      await change(ANALYST); // later runs and steps sign in with it
    },
  },
  {
    name: 'alerts screen: delete a label',
    async run({ page, stack }) {
      await signInTo(page, stack, ADMIN, '/alerts');
      const made = await call(page, 'POST', '/labels/insertNewLabels', { name: 'E2E label to delete', color: '3366ff' });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      await page.reload();
      const labels = page.getByRole('table', { name: 'Labels' });
      await labels.getByText('E2E label to delete').waitFor();
      await labels.getByRole('button', { name: 'Remove label E2E label to delete' }).click();
      await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('status').filter({ hasText: 'Label deleted successfully' }).waitFor();
      await labels.getByText('E2E label to delete').waitFor({ state: 'detached' });
      const all = await call(page, 'GET', '/labels/getAllLabels');
      assert.ok(!JSON.stringify(all.body).includes('E2E label to delete'), 'the server has no such label any more');
    },
  },
  {
    name: 'insights: a detail page titled with its name; tiles inside their cards',
    async run({ page, stack, allowed }) {
      allowed.push(/ERR_NAME_NOT_RESOLVED/); // the page checks that the report's host (bi.example) can be reached
      await signInTo(page, stack, ADMIN, '/insights');
      const made = await call(page, 'POST', '/custom_reports', { name: 'E2E weekly pricing review', report_type: 1, embed_url: 'https://bi.example/dash/7' });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      await page.goto(stack.base + '/insights/' + made.body.report.id);
      await page.getByRole('heading', { name: /^E2E weekly pricing review/ }).waitFor();
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('E2E weekly pricing review').waitFor();
      assert.equal(await page.getByText(/^Report \d+$/).count(), 0, 'no "Report N" title');
      await call(page, 'DELETE', '/custom_reports/' + made.body.report.id);
      allowed.pop();
      // The tiles of the insight cards keep their text and images inside.
      await page.goto(stack.base + '/insights');
      await page.locator('.highlight').first().waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('.highlight img')].every((i) => i.complete));
      const over = await page.$$eval('.highlight', (els) =>
        els
          .filter((e) => {
            const box = e.getBoundingClientRect();
            const parent = e.closest('article')?.getBoundingClientRect();
            const imgs = [...e.querySelectorAll('img')].map((i) => i.getBoundingClientRect());
            return e.scrollWidth > e.clientWidth + 1 || (parent && box.right > parent.right + 1) || imgs.some((r) => r.right > box.right + 1);
          })
          .map((e) => e.textContent.slice(0, 40)),
      );
      assert.deepEqual(over, [], 'tiles that overflow');
    },
  },
];
