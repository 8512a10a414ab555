import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/api';
import { navigate } from '../../lib/router';
import { useUI } from '../../store/ui';
import { PermName } from '../../api/permissions.gen';
import { Breadcrumb } from '../../components/Breadcrumb';
import { SaveAsDialog } from '../../components/dialogs/ReportDialogs';
import { ShareUnavailable } from '../../components/ShareUnavailable';
import { TREND_REPORTS, trendLocked, type TrendReport } from './reports';
import { defaultState, fromSaved, isMetricsReport, savedFields, type TrendState } from './state';
import { getSavedTrend, insertSavedTrend, updateSavedTrend } from './api/savedReport';
import { LineTrend } from './LineTrend';
import { KeyMetricsTrend } from './KeyMetricsTrend';
import { ComparisonTrend } from './ComparisonTrend';

export { TREND_REPORTS };

type Saved = { id: number; report_name: string; folder_id: number };

/**
 * The trend screens (docs/product.md §2): /trend/{name}, a saved trend report at
 * /trend/{name}/type/{id} and a shared one at /trend/{name}/share/{id}, which open
 * with the report's saved dates, competitors, weight and view. Save (a saved report
 * of the user's, with edit permission) and Save As (create permission; a shared
 * report is read-only and offers only Save As) as on the tabular screen (docs/product.md §4).
 */
export function TrendScreen({ name, id, share = false }: { name: string; id?: string; share?: boolean }) {
  const { account, can } = useSession();
  const report = TREND_REPORTS.find((r) => r.name === name)!;
  const competitorIds = Object.values(account.competitors).map((c) => c.id);
  const base = () => defaultState(competitorIds, account.custom_fields, name === 'competitiveness_metrics', isMetricsReport(name));
  const [state, setState] = useState<TrendState | null>(() => (id ? null : base()));
  const [saved, setSaved] = useState<Saved | null>(null);
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (!id) return;
    let live = true;
    getSavedTrend(id, share)
      .then((r) => {
        if (!live) return;
        setSaved({ id: r.report.id, report_name: r.report.report_name, folder_id: r.report.folder_id });
        setState(fromSaved(base(), r.report as unknown as Record<string, unknown>, competitorIds));
      })
      .catch((e) => live && e instanceof ApiError && e.status === 404 && setGone(true));
    return () => {
      live = false;
    };
    // The saved report is read once per address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, share]);
  if (gone && share && id) {
    // A removed shared trend report: the message and Save As of its last saved state (docs/product.md §2).
    return (
      <ShareUnavailable
        canCreate={can(PermName.CreateReport)}
        shareId={id}
        crumbs={[{ label: 'Reports', to: '/pricing/reports' }, { label: report.title, to: '/trend/' + name }, { label: 'Shared report' }]}
        savedPath={(n) => `/trend/${name}/type/${n}`}
      />
    );
  }
  const locked = trendLocked(name, competitorIds.length);
  const savedName = saved?.report_name ?? '';
  const crumbs = [{ label: 'Reports', to: '/pricing/reports' }, { label: report.title, to: savedName ? '/trend/' + name : undefined }, ...(savedName ? [{ label: savedName }] : [])];
  const set = (s: Partial<TrendState>) => setState((prev) => (prev ? { ...prev, ...s } : prev));
  const props = { report, state: state!, set, reportId: id, share };
  return (
    <div className="page trend-page">
      <Breadcrumb items={crumbs} />
      <div className="page-head">
        <h1>{report.title}</h1>
        {state && !gone && !locked && <TrendSaving report={report} state={state} saved={share ? null : saved} share={share} competitorIds={competitorIds} onSaved={setSaved} />}
      </div>
      {gone ? (
        <div className="unavailable" role="alert">
          <h2>This report does not exist in this account</h2>
        </div>
      ) : !state ? (
        <div className="page-loading">Loading...</div>
      ) : name === 'competitiveness_metrics' ? (
        <ComparisonTrend {...props} />
      ) : name === 'key_business_metrics' ? (
        <KeyMetricsTrend {...props} />
      ) : (
        <LineTrend {...props} />
      )}
    </div>
  );
}

/** Save and Save As of a trend screen, with their snackbars (docs/product.md §8) and the Save report as dialog. */
function TrendSaving({
  report,
  state,
  saved,
  share,
  competitorIds,
  onSaved,
}: {
  report: TrendReport;
  state: TrendState;
  /** the user's own saved report this screen shows (null: unsaved, or a shared one) */
  saved: Saved | null;
  share: boolean;
  competitorIds: number[];
  onSaved: (s: Saved) => void;
}) {
  const { can } = useSession();
  const snack = useUI((s) => s.snack);
  const [dialog, setDialog] = useState(false);
  const fields = () => savedFields(report, state, competitorIds);
  const save = async () => {
    if (!saved) return;
    try {
      const r = await updateSavedTrend({ id: saved.id, report_name: saved.report_name, folder_id: saved.folder_id, ...fields() });
      onSaved({ id: r.report.id, report_name: r.report.report_name, folder_id: r.report.folder_id });
      snack('Your report has been saved');
    } catch {
      snack('report update fail');
    }
  };
  /** saveAs rethrows a 400 (the dialog shows it); otherwise the dialog is done. */
  const saveAs = async (reportName: string, folderId: number) => {
    let r: { id: number };
    try {
      r = await insertSavedTrend({ ...fields(), report_name: reportName, folder_id: folderId });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) throw e;
      snack('create a new report fail');
      setDialog(false);
      return;
    }
    setDialog(false);
    const to = `/trend/${report.name}/type/${r.id}`;
    snack('report save successfully', { label: 'View report', to });
    // Saving a shared report moves the user to the /type/ path (docs/product.md §4).
    if (share) navigate(to);
  };
  return (
    <div className="head-actions">
      {saved && can(PermName.EditReport) && (
        <button className="btn" onClick={save}>
          Save
        </button>
      )}
      {can(PermName.CreateReport) && (
        <button className="btn" onClick={() => setDialog(true)}>
          Save As
        </button>
      )}
      {dialog && (
        <SaveAsDialog
          initialName={saved ? saved.report_name + ' copy' : report.title}
          folderId={saved ? saved.folder_id : -1}
          onSave={saveAs}
          onClose={() => setDialog(false)}
        />
      )}
    </div>
  );
}
