import { useCallback, useEffect, useState } from 'react';
import { listScenarios } from '../../api/scenarios';
import { getAllSaveReports, removeSaveReport, removeScheduledReport, updateScheduledReport } from './api/savedReports';
import { Link, navigate, useLocation } from '../../lib/router';
import { useUI } from '../../store/ui';
import { useSession } from '../../lib/session';
import { PermName } from '../../api/permissions.gen';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ConfirmDialog } from '../../components/Dialog';
import { ScheduleDialog } from '../../components/dialogs/ScheduleDialog';
import { AssociateDialog, ScenarioDialog } from '../../components/dialogs/ScenarioDialogs';
import { formatDays, parseDays, SCENARIO_ICONS } from '../../lib/validation';
import { PREDEFINED_REPORTS, reportLink } from '../../lib/reports';
import type { SavedReportSummary, Scenario } from '../../api/types';

const BUILTIN = ['Comprehensive Report', 'Competitive Landscape', 'Price Distribution'] as const;
const OTHER = 'other';

type Folder = { key: string; name: string; count: number; scenario?: Scenario };

/**
 * Saved reports grouped by folder (docs/product.md §2): scenarios with counts, the built-in
 * groups of predefined reports and "Other reports"; ?f= selects one folder.
 */
export function SavedReports() {
  const loc = useLocation();
  const { can } = useSession();
  const snack = useUI((s) => s.snack);
  const [reports, setReports] = useState<SavedReportSummary[] | null>(null);
  const [scenarios, setScenarios] = useState<Scenario[]>([]);
  const [removing, setRemoving] = useState<SavedReportSummary | null>(null);
  const [scheduling, setScheduling] = useState<SavedReportSummary | null>(null);
  const [associating, setAssociating] = useState<SavedReportSummary | null>(null);
  const [scenarioDialog, setScenarioDialog] = useState<{ scenario?: Scenario } | null>(null);
  const selected = loc.search.get('f');

  const load = useCallback(async () => {
    const [r, s] = await Promise.all([
      getAllSaveReports(),
      listScenarios(),
    ]);
    setReports(r);
    setScenarios(s.slice().sort((a, b) => a.order - b.order));
  }, []);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load sets state after its requests answer, not during the effect
    void load().catch(() => {});
  }, [load]);

  if (!reports) return <div className="page-loading">Loading...</div>;

  const inFolder = (key: string) =>
    key === OTHER ? reports.filter((r) => r.folder_id === -1 || r.folder_id == null) : reports.filter((r) => String(r.folder_id) === key);
  const folders: Folder[] = [
    ...scenarios.map((s) => ({ key: String(s.id), name: s.name, count: inFolder(String(s.id)).length, scenario: s })),
    ...BUILTIN.map((b) => ({ key: b, name: b, count: PREDEFINED_REPORTS.filter((p) => p.group === b).length })),
    { key: OTHER, name: 'Other reports', count: inFolder(OTHER).length },
  ];
  const shown = selected ? folders.filter((f) => f.key === selected) : folders;

  const remove = async (r: SavedReportSummary) => {
    setRemoving(null);
    try {
      await removeSaveReport(r.id);
      setReports((rs) => rs!.filter((x) => x.id !== r.id));
      snack('Report deleted successfully');
    } catch {
      snack('Failed to delete report');
    }
  };

  // Schedule changes show at once and roll back when the server refuses (docs/product.md §4).
  const applySchedule = async (r: SavedReportSummary, days: number[], userIds: number[], emails: string[]) => {
    setScheduling(null);
    const before = r;
    const optimistic = { ...r, scheduled_days: formatDays(days), user_ids: userIds, email_ids: emails };
    setReports((rs) => rs!.map((x) => (x.id === r.id ? optimistic : x)));
    try {
      const res = days.length
        ? await updateScheduledReport({ report_id: r.id, scheduled_days: formatDays(days), user_ids: userIds, email_ids: emails })
        : await removeScheduledReport(r.id);
      setReports((rs) => rs!.map((x) => (x.id === r.id ? res : x)));
      snack('The report has been update');
    } catch {
      setReports((rs) => rs!.map((x) => (x.id === r.id ? before : x)));
      snack(days.length ? 'update report fail' : 'Disable a report fail');
    }
  };

  return (
    <div className="page saved-reports">
      <Breadcrumb items={[{ label: 'Saved reports', to: selected ? '/saved_reports' : undefined }, ...(selected ? [{ label: folders.find((f) => f.key === selected)?.name ?? '' }] : [])]} />
      <div className="page-head">
        <h1>Saved reports</h1>
        {can(PermName.CreateReport) && (
          <button className="btn" onClick={() => setScenarioDialog({})}>
            Add scenario
          </button>
        )}
      </div>
      <div className="saved-layout">
        <aside className="folder-list" aria-label="Folders">
          <Link to="/saved_reports" className={!selected ? 'folder active' : 'folder'}>
            All reports <span className="count">{folders.reduce((n, f) => n + f.count, 0)}</span>
          </Link>
          {folders.map((f) => (
            <Link key={f.key} to={'/saved_reports?f=' + encodeURIComponent(f.key)} className={selected === f.key ? 'folder active' : 'folder'}>
              {f.scenario && <span className="folder-icon" style={{ background: f.scenario.background_color }}>{SCENARIO_ICONS[f.scenario.icon] ?? ''}</span>}
              {f.name} <span className="count">{f.count}</span>
            </Link>
          ))}
        </aside>
        <div className="folders">
          {shown.map((f) => (
            <section key={f.key} className="card folder-card" aria-label={f.name}>
              <div className="folder-head">
                <h2>
                  {f.name} <span className="count">{f.count}</span>
                </h2>
                {f.scenario && can(PermName.EditReport) && (
                  <button className="btn btn-link" onClick={() => setScenarioDialog({ scenario: f.scenario })}>
                    Edit scenario
                  </button>
                )}
              </div>
              {(BUILTIN as readonly string[]).includes(f.key) ? (
                <ul className="report-list">
                  {PREDEFINED_REPORTS.filter((p) => p.group === f.key).map((p) => (
                    <li key={p.href}>
                      <Link to={'/pricing/type/' + p.href}>{p.name}</Link>
                    </li>
                  ))}
                </ul>
              ) : inFolder(f.key).length === 0 ? (
                <div className="empty-state">No reports</div>
              ) : (
                <ul className="report-list">
                  {inFolder(f.key).map((r) => {
                    const scheduled = parseDays(r.scheduled_days).length > 0;
                    return (
                      <li key={r.id} className="report-row">
                        <Link to={reportLink(r)}>{r.report_name}</Link>
                        <span className="actions">
                          <button className="btn btn-link" onClick={() => navigate(reportLink(r))}>
                            Open
                          </button>
                          {can(PermName.ScheduleReports) && (
                            <button className="btn btn-link" aria-pressed={scheduled} onClick={() => setScheduling(r)}>
                              Send report by email {scheduled ? '(on)' : '(off)'}
                            </button>
                          )}
                          <button className="btn btn-link" onClick={() => setAssociating(r)}>
                            Associate to scenario
                          </button>
                          {can(PermName.DeleteReport) && (
                            <button className="btn btn-link danger" onClick={() => setRemoving(r)}>
                              Remove report
                            </button>
                          )}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          ))}
        </div>
      </div>
      {removing && (
        <ConfirmDialog
          message="Are you sure you want to delete this item?"
          confirmLabel="Delete"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
      {scheduling && (
        <ScheduleDialog
          report={scheduling}
          onClose={() => setScheduling(null)}
          onSave={(d, u, e) => void applySchedule(scheduling, d, u, e)}
          onDisable={() => void applySchedule(scheduling, [], [], [])}
        />
      )}
      {associating && (
        <AssociateDialog
          reportId={associating.id}
          folderId={associating.folder_id ?? -1}
          scenarios={scenarios}
          onClose={() => setAssociating(null)}
          onDone={() => {
            setAssociating(null);
            void load();
          }}
        />
      )}
      {scenarioDialog && (
        <ScenarioDialog
          scenario={scenarioDialog.scenario}
          onClose={() => setScenarioDialog(null)}
          onDone={() => {
            setScenarioDialog(null);
            void load();
          }}
        />
      )}
    </div>
  );
}
