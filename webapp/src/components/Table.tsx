import { lazy, Suspense, type ComponentProps } from 'react';

const DataTable = lazy(() => import('./DataTable'));

/** Table is DataTable loaded on demand (ag-grid is most of the bundle). */
export function Table(props: ComponentProps<typeof DataTable>) {
  return (
    <Suspense fallback={<div className="page-loading">Loading...</div>}>
      <DataTable {...props} />
    </Suspense>
  );
}
