import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { canReadResource } from '../../lib/permissions';
import { PermName, Resource } from '../../api/permissions.gen';
import { getTrendRows, type TrendRow } from '../../api/trend';
import { getAllAlerts, type Alert } from '../../api/sharing';
import { csvFileUrl, getMyExports } from '../../api/exports';
import { reportLink } from '../../lib/reports';
import { LineChart } from '../../components/LineChart';
import { getPricingInsights, type PricingInsights } from '../../api/insights';
import { getAllSaveReports } from '../../api/savedReports';
import type { SavedReportSummary } from '../../api/types';
import { candidatesWidget, latest, mergePositions, POSITION_VALUES, positionDays, positionRequest, type HomeGates, type PositionKey } from './home';

/** The trend screens of docs/product.md §2, by their breadcrumb names. */
const TRENDS = [
  { to: '/trend/price_trend', label: 'Price trend' },
  { to: '/trend/margin_trend', label: 'Margin trend' },
  { to: '/trend/price_vs_market_trend', label: 'Price vs. margin - trend' },
  { to: '/trend/key_business_metrics', label: 'Key business metrics - correlation and causality' },
  { to: '/trend/competitiveness_metrics', label: 'Competitiveness metrics: Trend' },
];

/** How many recent exports and saved reports the dashboard lists. */
const RECENT = 5;

/**
 * / lands here (docs/product.md §2 "Home dashboard"): where the account stands today. The
 * counts are the pricing insights panel's own answer (GET /api/v1/insights/pricing, no second
 * computation), each linking to the report that lists it; the market position is the
 * competitiveness metrics trend of the whole account; then the user's alerts, exports and
 * saved reports, and the starting points of the product. Each widget shows only to a user
 * whose permissions open what it links to.
 */
export function HomeDashboard() {
  const { account, can } = useSession();
  const gates: HomeGates = {
    reports: can(PermName.ViewReport),
    pricer: canReadResource(account.userPermissions, Resource.DynamicPricer),
    alerts: canReadResource(account.userPermissions, Resource.LabelsAndAlerts),
  };
  const [insights, setInsights] = useState<PricingInsights | null | 'failed'>(null);
  useEffect(() => {
    getPricingInsights().then(setInsights, () => setInsights('failed'));
  }, []);
  const data = insights === 'failed' ? null : insights;
  const candidates = candidatesWidget(data?.candidates_source, gates);
  return (
    <div className="page home">
      <h1>{account.account_name}</h1>
      <div className="home-grid">
        {gates.reports && <MarketPosition />}
        {gates.reports && (
          <Widget title="Competitor price changes">
            <Count data={data} failed={insights === 'failed'} k="changes_at_competitor_last_day" label="Since yesterday" />
            <Count data={data} failed={insights === 'failed'} k="changes_at_competitor_last_week" label="Over the last week" />
            <Count data={data} failed={insights === 'failed'} k="num_products_out_of_stock_at_comp" label="Out of stock at competitors" />
          </Widget>
        )}
        {candidates && (
          <Widget title={candidates === 'pricer' ? 'Latest pricer run' : 'Pricing opportunities'}>
            <Count data={data} failed={false} k="num_products_for_price_up" label={candidates === 'pricer' ? 'Proposed raises' : 'Candidates for price raise'} />
            <Count data={data} failed={false} k="num_products_for_price_down" label={candidates === 'pricer' ? 'Proposed reductions' : 'Candidates for price reduction'} />
          </Widget>
        )}
        {gates.alerts && <MyAlerts data={data} failed={insights === 'failed'} />}
        {gates.reports && <RecentExports />}
        {gates.reports && <RecentSavedReports />}
      </div>
      <div className="report-index">
        {gates.reports && (
          <section className="card" aria-label="Reports">
            <h2>Reports</h2>
            <ul>
              <li><Link to="/pricing/reports">Predefined reports</Link></li>
              <li><Link to="/pricing/type/all_my_products">All my products</Link></li>
              <li><Link to="/saved_reports">Saved reports</Link></li>
            </ul>
          </section>
        )}
        {gates.reports && (
          <section className="card" aria-label="Trends">
            <h2>Trends</h2>
            <ul>
              {TRENDS.map((t) => (
                <li key={t.to}><Link to={t.to}>{t.label}</Link></li>
              ))}
            </ul>
          </section>
        )}
        <section className="card" aria-label="Insights">
          <h2>Insights</h2>
          <ul>
            <li><Link to="/insights">Pricing insights</Link></li>
            <li><Link to="/insights/analytics">Key business metrics - performance</Link></li>
          </ul>
        </section>
      </div>
    </div>
  );
}

function Widget({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card home-widget" aria-label={title}>
      <h2>{title}</h2>
      <ul>{children}</ul>
    </section>
  );
}

type CountKey = 'changes_at_competitor_last_day' | 'changes_at_competitor_last_week' | 'num_products_out_of_stock_at_comp' | 'num_products_for_price_up' | 'num_products_for_price_down' | 'alert_reports_to_review';

/** Count is one of the panel's numbers, linking to the report that lists it ("-": not available). */
function Count({ data, failed, k, label }: { data: PricingInsights | null; failed: boolean; k: CountKey; label: string }) {
  const n = data?.[k];
  return (
    <li>
      <span>{label}</span>
      {failed || (data && typeof n !== 'number') ? (
        <span className="muted">-</span>
      ) : !data ? (
        <span className="muted">…</span>
      ) : (
        <Link to={data.links?.[k] ?? '#'} className="insight-number" title={'Open the report of ' + label.toLowerCase()}>
          {(n as number).toLocaleString('en-US')}
        </Link>
      )}
    </li>
  );
}

/**
 * MarketPosition: the price index and the cheaper / similar / dearer shares of the comparable
 * (product, competitor) pairs over the last 30 days, each the competitiveness metrics trend of
 * the whole account (docs/trends.md); the latest day's figures beside the chart.
 */
function MarketPosition() {
  const [dates] = useState(() => positionDays());
  const [rows, setRows] = useState<Record<string, unknown>[] | null | 'failed'>(null);
  useEffect(() => {
    const ctl = new AbortController();
    Promise.all(POSITION_VALUES.map((v) => getTrendRows(positionRequest(v.value, dates), ctl.signal))).then(
      (answers) => {
        const byKey = {} as Record<PositionKey, TrendRow[]>;
        POSITION_VALUES.forEach((v, i) => (byKey[v.key] = answers[i]));
        setRows(mergePositions(dates, byKey));
      },
      () => !ctl.signal.aborted && setRows('failed'),
    );
    return () => ctl.abort();
  }, [dates]);
  const fmt = (v: number | null, pct: boolean) => (v === null ? '-' : v.toFixed(1) + (pct ? '%' : ''));
  return (
    <section className="card home-widget home-position" aria-label="Market position">
      <h2>Market position</h2>
      {rows === null ? (
        <div className="muted">Loading...</div>
      ) : rows === 'failed' ? (
        <div className="muted">Not available</div>
      ) : (
        <>
          <ul>
            {POSITION_VALUES.map((v) => (
              <li key={v.key}>
                <span>{v.label}</span>
                <Link to="/pricing/type/competitiveness_metrics_snapshot" className="position-number" data-key={v.key}>
                  {fmt(latest(rows, v.key), v.key !== 'index')}
                </Link>
              </li>
            ))}
          </ul>
          <LineChart
            rows={rows}
            lines={POSITION_VALUES.filter((v) => v.key !== 'index').map((v) => ({ key: v.key, label: v.label }))}
            format={(v) => v.toFixed(1) + '%'}
            height={200}
            label="Cheaper, similar and dearer over the last 30 days"
          />
          <LineChart rows={rows} lines={[{ key: 'index', label: 'Price index' }]} height={160} label="Price index over the last 30 days" />
        </>
      )}
    </section>
  );
}

/** MyAlerts: the alert reports to review (the panel's number) and each alert with its last firing. */
function MyAlerts({ data, failed }: { data: PricingInsights | null; failed: boolean }) {
  const [alerts, setAlerts] = useState<Alert[] | null>(null);
  useEffect(() => {
    getAllAlerts().then(setAlerts, () => setAlerts([]));
  }, []);
  return (
    <section className="card home-widget" aria-label="My alerts">
      <h2>My alerts</h2>
      <ul>
        <Count data={data} failed={failed} k="alert_reports_to_review" label="Alert reports to review" />
        {alerts === null ? (
          <li className="muted">Loading...</li>
        ) : alerts.length === 0 ? (
          <li className="muted">No alerts</li>
        ) : (
          alerts.map((a) => (
            <li key={a.report_id} className="home-alert">
              <Link to="/alerts">{a.label_name}</Link>
              <span className="muted">{a.last_notified_at ? 'last sent ' + new Date(a.last_notified_at).toLocaleString('en-US') : 'never sent'}</span>
            </li>
          ))
        )}
      </ul>
    </section>
  );
}

type ExportEntry = Awaited<ReturnType<typeof getMyExports>>['exports'][number];

/** RecentExports: the user's latest exports, a finished one linking to its file. */
function RecentExports() {
  const [list, setList] = useState<ExportEntry[] | null>(null);
  useEffect(() => {
    getMyExports().then(
      (r) => setList([...r.exports].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, RECENT)),
      () => setList([]),
    );
  }, []);
  return (
    <section className="card home-widget" aria-label="My recent exports">
      <h2>My recent exports</h2>
      <ul>
        {list === null ? (
          <li className="muted">Loading...</li>
        ) : list.length === 0 ? (
          <li className="muted">No exports yet</li>
        ) : (
          list.map((e) => (
            <li key={e.reportName}>
              {e.status === 'done' ? <a href={csvFileUrl(e.reportName)}>{e.reportName}</a> : <span>{e.reportName}</span>}
              <span className="muted">
                {e.status} · {e.rows.toLocaleString('en-US')} rows
              </span>
            </li>
          ))
        )}
      </ul>
    </section>
  );
}

/** RecentSavedReports: the saved reports changed last. */
function RecentSavedReports() {
  const [list, setList] = useState<SavedReportSummary[] | null>(null);
  useEffect(() => {
    getAllSaveReports().then(
      (r) => setList([...r].sort((a, b) => b.updated_at.localeCompare(a.updated_at)).slice(0, RECENT)),
      () => setList([]),
    );
  }, []);
  return (
    <section className="card home-widget" aria-label="Saved reports">
      <h2>Saved reports</h2>
      <ul>
        {list === null ? (
          <li className="muted">Loading...</li>
        ) : list.length === 0 ? (
          <li className="muted">No saved reports</li>
        ) : (
          list.map((r) => (
            <li key={r.id}>
              <Link to={reportLink(r)}>{r.report_name}</Link>
              <span className="muted">{new Date(r.updated_at).toLocaleDateString('en-US')}</span>
            </li>
          ))
        )}
      </ul>
    </section>
  );
}
