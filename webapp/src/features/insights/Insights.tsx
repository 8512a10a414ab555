import { useEffect, useState } from 'react';
import { getEmbed, listCustomReports, type CustomReport, type Embed } from './api/customReports';
import { Link } from '../../lib/router';
import { Breadcrumb } from '../../components/Breadcrumb';
import { LockedFeature } from '../../components/ErrorPage';
import { useSession } from '../../lib/session';
import { canReadResource } from '../../lib/permissions';
import { Resource } from '../../api/permissions.gen';
import { PricingInsightsPanel } from './PricingInsightsPanel';
import { InsightCards } from './InsightCards';

/** /insights: the pricing insights panel, the insight cards and the custom reports of the account (Loading..., No reports). */
export function InsightsList() {
  const { account } = useSession();
  const allowed = canReadResource(account.userPermissions, Resource.AdvancedTrending);
  const [reports, setReports] = useState<CustomReport[] | null>(null);
  useEffect(() => {
    if (!allowed) return;
    listCustomReports()
      .then(setReports)
      .catch(() => setReports([]));
  }, [allowed]);
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Insights' }]} />
      <h1>Insights</h1>
      <PricingInsightsPanel />
      <InsightCards />
      <h2>Custom reports</h2>
      {!allowed ? (
        <LockedFeature />
      ) : reports === null ? (
        <div>Loading...</div>
      ) : reports.length === 0 ? (
        <div className="empty-state">No reports</div>
      ) : (
        <ul className="card list">
          {reports.map((r) => (
            <li key={r.id}>
              <Link to={'/insights/' + r.id}>{r.name}</Link> <span className="muted">{r.report_type === 0 ? 'report' : 'dashboard'}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /insights/{id}: one embedded report or dashboard. */
export function InsightDetail({ id }: { id: string }) {
  const [embed, setEmbed] = useState<Embed | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getEmbed(id)
      .then((r) => setEmbed(r.embed))
      .catch(() => setFailed(true));
  }, [id]);
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Insights', to: '/insights' }, { label: 'Report ' + id }]} />
      {failed ? <div className="empty-state">No data to display</div> : !embed ? <div>Loading...</div> : (
        <iframe className="embed" title="Embedded report" src={embed.embed_url + (embed.embed_url.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(embed.embed_token)} />
      )}
    </div>
  );
}

/** /insights/analytics: the layout of the performance page; no sample numbers are drawn. */
export function AnalyticsDemo() {
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Insights', to: '/insights' }, { label: 'Key business metrics - performance' }]} />
      <h1>Key business metrics - performance</h1>
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="Date range">
          {['1 week', '1 month', '3 months', '1 year'].map((p) => (
            <button key={p}>{p}</button>
          ))}
        </div>
        <label>
          Compare to{' '}
          <select>
            <option>Previous period</option>
            <option>Same period last year</option>
          </select>
        </label>
      </div>
      <div className="notice">This report needs business metrics data and configuration. Contact support to set it up for your account.</div>
    </div>
  );
}
