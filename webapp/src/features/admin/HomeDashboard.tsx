import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { PermName } from '../../api/permissions.gen';

/** The trend screens of docs/product.md §2, by their breadcrumb names. */
const TRENDS = [
  { to: '/trend/price_trend', label: 'Price trend' },
  { to: '/trend/margin_trend', label: 'Margin trend' },
  { to: '/trend/price_vs_market_trend', label: 'Price vs. margin - trend' },
  { to: '/trend/key_business_metrics', label: 'Key business metrics - correlation and causality' },
  { to: '/trend/competitiveness_metrics', label: 'Competitiveness metrics: Trend' },
];

/**
 * / lands here (docs/product.md §2): the starting points of the product, so that
 * every report, trend and insights screen is one click from home (the reports and
 * trends need the view report permission, as their routes do).
 */
export function HomeDashboard() {
  const { account, can } = useSession();
  const reports = can(PermName.ViewReport);
  return (
    <div className="page">
      <h1>{account.account_name}</h1>
      <div className="report-index">
        {reports && (
          <section className="card" aria-label="Reports">
            <h2>Reports</h2>
            <ul>
              <li><Link to="/pricing/reports">Predefined reports</Link></li>
              <li><Link to="/pricing/type/all_my_products">All my products</Link></li>
              <li><Link to="/saved_reports">Saved reports</Link></li>
            </ul>
          </section>
        )}
        {reports && (
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
