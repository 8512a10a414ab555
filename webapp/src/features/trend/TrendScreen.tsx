import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/api';
import { Breadcrumb } from '../../components/Breadcrumb';
import { TREND_REPORTS } from './reports';
import { defaultState, fromSaved, type TrendState } from './state';
import { getSavedTrend } from './api/savedReport';
import { LineTrend } from './LineTrend';
import { KeyMetricsTrend } from './KeyMetricsTrend';
import { ComparisonTrend } from './ComparisonTrend';

export { TREND_REPORTS };

/**
 * The trend screens (spec §2): /trend/{name}, a saved trend report at
 * /trend/{name}/type/{id} and a shared one at /trend/{name}/share/{id}, which open
 * with the report's saved dates, competitors, weight and view.
 */
export function TrendScreen({ name, id, share = false }: { name: string; id?: string; share?: boolean }) {
  const { account } = useSession();
  const report = TREND_REPORTS.find((r) => r.name === name)!;
  const competitorIds = Object.values(account.competitors).map((c) => c.id);
  const base = () => defaultState(competitorIds, account.custom_fields, name === 'competitiveness_metrics');
  const [state, setState] = useState<TrendState | null>(() => (id ? null : base()));
  const [savedName, setSavedName] = useState('');
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (!id) return;
    let live = true;
    getSavedTrend(id, share)
      .then((r) => {
        if (!live) return;
        setSavedName(r.report.report_name);
        setState(fromSaved(base(), r.report as unknown as Record<string, unknown>, competitorIds));
      })
      .catch((e) => live && e instanceof ApiError && e.status === 404 && setGone(true));
    return () => {
      live = false;
    };
    // The saved report is read once per address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, share]);
  const crumbs = [{ label: 'Reports', to: '/pricing/reports' }, { label: report.title, to: savedName ? '/trend/' + name : undefined }, ...(savedName ? [{ label: savedName }] : [])];
  const set = (s: Partial<TrendState>) => setState((prev) => (prev ? { ...prev, ...s } : prev));
  const props = { report, state: state!, set, reportId: id, share };
  return (
    <div className="page trend-page">
      <Breadcrumb items={crumbs} />
      <h1>{report.title}</h1>
      {gone ? (
        <div className="unavailable" role="alert">
          <h2>{share ? 'This share report is no longer available' : 'This report does not exist in this account'}</h2>
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
