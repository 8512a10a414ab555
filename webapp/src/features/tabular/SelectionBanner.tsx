import { useTabular } from './store';

/**
 * The select-all banner (docs/product.md §4): after "Select all on page" it offers every row of
 * the report; after that it says so and offers to cancel.
 */
export function SelectionBanner({ count, onSelectReport, onCancel }: { count: number | null; onSelectReport: () => void; onCancel: () => void }) {
  const banner = useTabular((s) => s.banner);
  const pageSelected = useTabular((s) => s.pageSelected);
  const setBanner = useTabular((s) => s.setBanner);
  const close = (
    <button className="btn btn-link" aria-label="Close" onClick={() => setBanner('none')}>
      ×
    </button>
  );
  if (banner === 'page' && count !== null) {
    return (
      <div className="banner" role="status">
        All {pageSelected} products on this page are selected.{' '}
        <button className="btn btn-link" onClick={onSelectReport}>
          Select all {count.toLocaleString('en-US')} products in the report
        </button>
        {close}
      </div>
    );
  }
  if (banner === 'report') {
    return (
      <div className="banner" role="status">
        All {count?.toLocaleString('en-US') ?? ''} products in the report are selected.{' '}
        <button className="btn btn-link" onClick={onCancel}>
          Cancel
        </button>
        {close}
      </div>
    );
  }
  return null;
}
