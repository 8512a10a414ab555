import { useState } from 'react';
import { useSession } from '../../lib/session';
import { canReadResource } from '../../lib/permissions';
import { Resource } from '../../api/permissions.gen';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorPage } from '../../components/ErrorPage';

/** The trend reports of spec §2 with their breadcrumb names. */
export const TREND_REPORTS = [
  { name: 'price_trend', title: 'Price trend', weighBy: true },
  { name: 'key_business_metrics', title: 'Key business metrics - correlation and causality', weighBy: true },
  { name: 'margin_trend', title: 'Margin trend', weighBy: false },
  { name: 'price_vs_market_trend', title: 'Price vs. margin - trend', weighBy: false },
  { name: 'competitiveness_metrics', title: 'Competitiveness metrics: Trend', weighBy: false },
];

const PRESETS = ['7 Days', '1 Month', '3 Months', '6 Months', '1 Year', '2 Year'];

/**
 * Trend screens: the real layout (weigh-by, date range presets, competitor
 * multi-select, graph/table toggle) with the empty state until the trend API
 * exists. No sample data is drawn.
 */
export function TrendScreen({ name }: { name: string }) {
  const { account } = useSession();
  const [view, setView] = useState<'graph' | 'table'>('graph');
  const [preset, setPreset] = useState('1 Month');
  const t = TREND_REPORTS.find((r) => r.name === name)!;
  if (!canReadResource(account.userPermissions, Resource.Reports)) {
    return <ErrorPage status={403} title="Permission denied" message="Feature is locked for this user" />;
  }
  const competitors = Object.values(account.competitors);
  if (name === 'competitiveness_metrics' && competitors.length > 1) {
    return (
      <div className="page">
        <Breadcrumb items={[{ label: 'Reports', to: '/pricing/reports' }, { label: t.title }]} />
        <div className="locked">Feature is locked for this user</div>
      </div>
    );
  }
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Reports', to: '/pricing/reports' }, { label: t.title }]} />
      <h1>{t.title}</h1>
      {name === 'key_business_metrics' && (
        <div className="notice">This report needs business metrics data and configuration. Contact support to set it up for your account.</div>
      )}
      <div className="toolbar">
        {t.weighBy && (
          <label>
            Weigh by{' '}
            <select defaultValue="price">
              <option value="price">Price</option>
              {account.custom_fields.map((c) => (
                <option key={c.logical_name} value={c.logical_name}>
                  {c.display_name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="segmented" role="group" aria-label="Date range">
          {PRESETS.map((p) => (
            <button key={p} className={p === preset ? 'active' : ''} onClick={() => setPreset(p)}>
              {p}
            </button>
          ))}
        </div>
        <label>
          Competitors{' '}
          <select multiple size={1} aria-label="Competitors">
            <option>Market price</option>
            <option>Selected competitors</option>
            {competitors.map((c) => (
              <option key={c.id}>{c.name}</option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label="View">
          <button className={view === 'graph' ? 'active' : ''} onClick={() => setView('graph')}>
            Graph
          </button>
          <button className={view === 'table' ? 'active' : ''} onClick={() => setView('table')}>
            Table
          </button>
        </div>
      </div>
      <div className="empty-state">No data to display</div>
    </div>
  );
}
