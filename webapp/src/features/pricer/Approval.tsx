import { useCallback, useMemo, useState } from 'react';
import type { CellClassParams, ColDef, EditableCallbackParams, GridApi, NewValueParams, RowSelectionOptions } from 'ag-grid-community';
import { UploadDialog, csvDataHref } from '../../components/UploadDialog';
import { useSession } from '../../lib/session';
import { has } from '../../lib/permissions';
import { PermName, Resource } from '../../api/permissions.gen';
import { ApiError } from '../../lib/api';
import type { ResultRow } from './api/results';
import {
  APPROVAL_CSV_COLUMNS,
  APPROVAL_CSV_EXAMPLE,
  decide,
  getApprovalColumns,
  getApprovalCount,
  getApprovalRows,
  updateComment,
  uploadApprovalCsv,
} from './api/approval';
import { normaliseResultFilters, resultCondition } from './resultCondition';
import { acceptComment, commentEditable, decideBody, isPending, selectedCount, type Selection } from './approvalSelection';
import { ApprovalGroups } from './ApprovalGroups';
import { APPROVAL_GROUP_BY } from './resultGroups';
import { ResultsGrid } from './ResultsGrid';
import { useResultsGrid, type ResultsSource } from './useResultsGrid';

const NO_SELECTION: Selection = { selectAll: false, toggledNodes: [] };

/**
 * The approval grid's side of the server: the latest real run's approval records. The server
 * picks the run (a block names none); group and graph modes group the grid's filters and search.
 */
const APPROVAL_SOURCE: ResultsSource = {
  columns: getApprovalColumns,
  rows: getApprovalRows,
  count: getApprovalCount,
  condition: (req, search) => ({ ...resultCondition(req, search, false), run: undefined }),
  groupCondition: (cond) => ({ filters: cond.filters, search: cond.search }),
};

/**
 * Manual Approval (/new/repricing/approval): the latest real run's approval records as a
 * server-side grid with the shared filters, chips and count. Only Pending rows are selectable;
 * Approve selected / Reject selected decide the ticked rows, or after the header's select-all every
 * Pending record of the grid's filter (resolved on the server). The bizfin comment is editable on
 * Pending rows with the mandated-brands update permission, which deciding also needs. The approval
 * CSV goes through the shared upload dialog.
 */
export function Approval() {
  const { account } = useSession();
  const currency = String(account.settings.currency_symbol ?? '$');
  const canDecide = has(account.userPermissions, PermName.MandatedBrands, Resource.DynamicPricer, 'update:any');
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  // The bizfin comment is edited in place on Pending rows, by who may decide.
  const decorate = useCallback(
    (defs: ColDef[]) =>
      defs.map((d) =>
        d.colId === 'bizfin_comment'
          ? { ...d, editable: (p: EditableCallbackParams) => commentEditable(p.data, canDecide), cellClass: (p: CellClassParams) => (commentEditable(p.data, canDecide) ? 'editable-cell' : '') }
          : d,
      ),
    [canDecide],
  );
  // A new block or filter forgets the selection: it named rows of the old one.
  const onReset = useCallback((api: GridApi) => {
    api.deselectAll();
    setSelection(NO_SELECTION);
  }, []);
  const grid = useResultsGrid(APPROVAL_SOURCE, { currency, groupBy: APPROVAL_GROUP_BY[0].id, decorate, onReset });
  const { runId, count } = grid;
  const rowSelection = useMemo<RowSelectionOptions | undefined>(
    () => (canDecide ? { mode: 'multiRow', headerCheckbox: true, isRowSelectable: (n) => isPending(n.data as ResultRow | undefined) } : undefined),
    [canDecide],
  );

  const onDecide = async (decision: 'approved' | 'rejected') => {
    const api = grid.api();
    if (!runId || !api) return;
    const filters = normaliseResultFilters(api.getFilterModel());
    setBusy(true);
    try {
      const r = await decide(decideBody(selection, runId, decision, { filters, search: grid.searchText() }));
      setMessage(r.message);
      grid.refresh();
    } catch {
      // the global handler shows the failure
    } finally {
      setBusy(false);
    }
  };

  const onCommentChanged = (e: NewValueParams<ResultRow>) => {
    const text = String(e.newValue ?? '');
    if (!runId || !e.data || text === String(e.oldValue ?? '')) return;
    if (!acceptComment(text)) {
      e.node?.setDataValue('bizfin_comment', e.oldValue);
      return;
    }
    updateComment(runId, String(e.data.id), text).then(
      () => setMessage('Bizfin comment saved'),
      (err) => {
        e.node?.setDataValue('bizfin_comment', e.oldValue);
        if (err instanceof ApiError) setMessage(err.message);
      },
    );
  };

  const n = selectedCount(selection, count?.pending ?? 0);
  return (
    <ResultsGrid
      grid={grid}
      title="Manual Approval"
      className="approval"
      groupByOptions={APPROVAL_GROUP_BY}
      countText={(c) => `${c.count.toLocaleString('en-US')} records, ${(c.pending ?? 0).toLocaleString('en-US')} pending`}
      emptyText="No run has finished yet."
      tableToolbar={
        canDecide && (
          <>
            <button className="btn btn-primary" disabled={busy || n === 0} onClick={() => void onDecide('approved')}>
              Approve selected{n ? ` (${n.toLocaleString('en-US')})` : ''}
            </button>
            <button className="btn" disabled={busy || n === 0} onClick={() => void onDecide('rejected')}>
              Reject selected{n ? ` (${n.toLocaleString('en-US')})` : ''}
            </button>
            <button className="btn" disabled={!runId} onClick={() => setUploading(true)}>
              Upload approval CSV
            </button>
          </>
        )
      }
      notice={
        message && (
          <div className="notice-line" role="status">
            {message}
          </div>
        )
      }
      groups={(mode, groupBy, cond) => <ApprovalGroups mode={mode} groupBy={groupBy} cond={cond} currency={currency} />}
      gridOptions={{
        rowSelection,
        singleClickEdit: true,
        stopEditingWhenCellsLoseFocus: true,
        onSelectionChanged: (e) => setSelection(e.api.getServerSideSelectionState() as Selection),
        onCellValueChanged: (e) => e.colDef.colId === 'bizfin_comment' && onCommentChanged(e),
      }}
    >
      {uploading && (
        <UploadDialog
          title="Upload approval CSV"
          columns={APPROVAL_CSV_COLUMNS}
          example={{ href: csvDataHref(APPROVAL_CSV_EXAMPLE), download: 'approval_example.csv', label: 'Download an example CSV' }}
          upload={uploadApprovalCsv}
          onClose={(changed) => {
            setUploading(false);
            if (changed) {
              setMessage('The approval CSV was applied');
              grid.refresh();
            }
          }}
        />
      )}
    </ResultsGrid>
  );
}
