import { describe, expect, test } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { UploadDialog, csvDataHref } from './UploadDialog';

describe('UploadDialog', () => {
  test('opens idle: Upload disabled, Cancel enabled, the columns hint, the example link and the extra fields', () => {
    const html = renderToStaticMarkup(
      <UploadDialog
        title="Upload approval CSV"
        columns={['fsn', 'status', 'bizfin comment']}
        example={{ href: csvDataHref('fsn,status,bizfin comment\n'), download: 'approval_example.csv' }}
        fields={<label>Action</label>}
        upload={async () => ({ status: 200, text: '' })}
        onClose={() => {}}
      />,
    );
    expect(html).toContain('aria-label="Upload approval CSV"');
    expect(html).toMatch(/<button class="btn btn-primary" disabled="">Upload<\/button>/);
    expect(html).toMatch(/<button class="btn">Cancel<\/button>/);
    expect(html).toContain('Columns: fsn, status, bizfin comment');
    expect(html).toContain('download="approval_example.csv"');
    expect(html).toContain('href="data:text/csv;charset=utf-8,fsn%2Cstatus%2Cbizfin%20comment%0A"');
    expect(html).toContain('<label>Action</label>');
    expect(html).toContain('accept=".csv"');
    expect(html).not.toContain('progressbar');
  });
});
