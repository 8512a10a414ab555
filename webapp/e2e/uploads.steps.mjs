// The Upload Files screen (issue 16 part 4): upload a label FSN file through the shared upload
// dialog, watching its states (idle, error, processing), then see the file processed in the
// background, its per-row report, the labels applied, and a refused file's rows with reasons.
import assert from 'node:assert/strict';
import { psql } from './harness.mjs';

const ADMIN = 'admin@pricelens.local';

/** signInTo signs in afresh and opens path in the user's first account. */
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

const csvFile = (name, text) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

export const uploadsSteps = [
  {
    name: 'upload files: a label FSN file through the dialog then its report and labels',
    async run({ page, stack, allowed }) {
      allowed.push(/status of 400/); // the refused header's answer, which the dialog shows
      await signInTo(page, stack.base, ADMIN, stack.password, '/new/repricing/upload_files');
      await page.getByRole('heading', { name: 'Upload Files', level: 1 }).waitFor();
      const account = await page.evaluate(() => fetch('/api/account/getAccountData').then((r) => r.json()));
      const acc = Number(account.account_id);
      assert.ok(acc > 0, 'the account is selected');
      const label = psql(stack, `SELECT name FROM labels WHERE account_id = ${acc} AND NOT sso_user_read_only ORDER BY id LIMIT 1`);
      assert.ok(label, 'the seeded account has a label');
      const fsns = psql(
        stack,
        `SELECT DISTINCT product_id FROM label_assignments WHERE account_id = ${acc}
           AND product_id NOT IN (SELECT la.product_id FROM label_assignments la JOIN labels l ON l.id = la.label_id WHERE l.account_id = ${acc} AND l.name = '${label}')
         ORDER BY 1 LIMIT 2`,
      ).split('\n');
      assert.equal(fsns.length, 2, 'two products without the label');

      // Every kind the administrator may upload has its section.
      for (const title of ['Contract file', 'Reset-BAU file', 'Label FSN file', 'Manual contract', 'CI label', 'Event planning']) {
        await page.getByRole('region', { name: title }).waitFor();
      }
      const section = page.getByRole('region', { name: 'Label FSN file' });
      await section.getByRole('button', { name: 'Upload' }).click();
      const dlg = page.getByRole('dialog', { name: 'Upload Label FSN file' });
      const upload = dlg.getByRole('button', { name: 'Upload', exact: true });
      const cancel = dlg.getByRole('button', { name: 'Cancel' });
      // Idle: Upload waits for a file.
      assert.equal(await upload.isEnabled(), false, 'Upload is disabled until a file is added');
      assert.equal(await dlg.getByRole('link', { name: 'Download an example file' }).getAttribute('download'), 'example_label_fsn.csv');
      // Error: a wrong type is refused before sending; a wrong header by the server, verbatim.
      await dlg.getByLabel('File').setInputFiles(csvFile('labels.txt', 'fsn,label\n'));
      await dlg.getByRole('alert').filter({ hasText: 'File type is incorrect. Please upload csv file.' }).waitFor();
      await dlg.getByLabel('File').setInputFiles(csvFile('labels.csv', `FSN,Label\n${fsns[0]},${label}\n`));
      assert.equal(await upload.isEnabled(), true, 'Upload is enabled once a file is added');
      await upload.click();
      await dlg.getByRole('alert').filter({ hasText: 'The file does not contain the required columns (lowercase): fsn, label' }).waitFor();
      assert.equal(await upload.isEnabled(), false, 'after an error Upload is disabled');
      assert.equal(await cancel.isEnabled(), true, 'after an error Cancel is enabled');
      // Processing: both buttons disabled with the bar while the answer is on its way (held back
      // here so that the state can be seen); the dialog then waits for the job (issue 29) and closes
      // once the file is applied whole, and the list refreshes.
      let release;
      const held = new Promise((r) => (release = r));
      await page.route('**/api/upload/uploadLabelFSNFile', async (route) => {
        await held;
        await route.continue();
      });
      await dlg.getByLabel('File').setInputFiles(csvFile('labels.csv', `fsn,label\n${fsns[0]},${label}\n${fsns[1]},${label.toUpperCase()}\n`));
      await upload.click();
      await dlg.getByRole('progressbar', { name: 'Processing' }).waitFor();
      assert.equal(await upload.isEnabled(), false);
      assert.equal(await cancel.isEnabled(), false);
      release();
      await dlg.waitFor({ state: 'detached', timeout: 30_000 });
      await page.unroute('**/api/upload/uploadLabelFSNFile');

      // The job applies the file: the row says done, 2 rows applied, and the labels are in force.
      const files = section.getByRole('table', { name: 'Uploaded files' });
      await files.getByRole('row').nth(1).getByText('done').waitFor({ timeout: 30_000 });
      const cells = await files.getByRole('row').nth(1).getByRole('cell').allTextContents();
      assert.equal(cells[0], 'labels.csv');
      assert.equal(cells[4], '2', 'rows applied: ' + cells.join('|'));
      assert.equal(cells[5], '0');
      const inForce = section.getByRole('table', { name: 'In force' });
      for (const f of fsns) await inForce.getByRole('cell', { name: f, exact: true }).first().waitFor();
      assert.equal(
        psql(stack, `SELECT count(*) FROM label_assignments la JOIN labels l ON l.id = la.label_id WHERE l.account_id = ${acc} AND l.name = '${label}' AND la.product_id IN ('${fsns[0]}', '${fsns[1]}')`),
        '2',
      );
      // The per-row report: the file's rows with their result.
      const href = await files.getByRole('row').nth(1).getByRole('link', { name: 'Download report' }).getAttribute('href');
      const report = await page.evaluate((h) => fetch(h).then((r) => r.text()), href);
      assert.deepEqual(report.trim().split('\n'), ['fsn,label,result,reason', `${fsns[0]},${label},applied,`, `${fsns[1]},${label.toUpperCase()},applied,`]);

      // A file with an unknown FSN applies nothing and says why, row by row.
      await section.getByRole('button', { name: 'Upload' }).click();
      const dlg2 = page.getByRole('dialog', { name: 'Upload Label FSN file' });
      await dlg2.getByLabel('File').setInputFiles(csvFile('bad.csv', `fsn,label\n${fsns[0]},${label}\nNO-SUCH-FSN,${label}\n`));
      await dlg2.getByRole('button', { name: 'Upload', exact: true }).click();
      // The dialog says why (issue 29: it closed as a success and the refusal showed only in the list).
      const why = dlg2.getByRole('alert').filter({ hasText: 'Nothing was applied: 1 of 2 rows were refused.' });
      await why.waitFor({ timeout: 30_000 });
      assert.match(await why.textContent(), /Line 3 \(NO-SUCH-FSN\): unknown FSN: not in the account's catalogue/);
      await dlg2.getByRole('button', { name: 'Cancel' }).click();
      await dlg2.waitFor({ state: 'detached' });
      await files.getByRole('row').nth(1).getByText('failed').waitFor({ timeout: 30_000 });
      await files.getByRole('row').nth(1).getByText('Nothing was applied: 1 of 2 rows were refused.').waitFor();
      await files.getByRole('row').nth(1).getByRole('button', { name: '1' }).click();
      const refused = page.getByRole('table', { name: 'Refused rows' });
      await refused.getByRole('cell', { name: "unknown FSN: not in the account's catalogue" }).waitFor();
      assert.deepEqual(await refused.getByRole('row').nth(1).getByRole('cell').allTextContents(), ['3', 'NO-SUCH-FSN', "unknown FSN: not in the account's catalogue"]);
    },
  },
];
