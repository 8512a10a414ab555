import { Link } from '../../lib/router';
import { Breadcrumb } from '../../components/Breadcrumb';
import { PREDEFINED_REPORTS } from '../../lib/reports';

/** The assortment reports and the real-time view (docs/reports.md#assortment-reports, "Real-time view"). */
const ASSORTMENT_LINKS = [
  ['/pricing/assortment/assortment', 'Assortment by competitor'],
  ['/pricing/assortment/assortment_by_brand', 'Assortment by brand'],
  ['/pricing/assortment/assortment_by_category', 'Assortment by category'],
  ['/pricing/assortment/assortment_products', 'Assortment of my products'],
  ['/pricing/real_time', 'Real-time view'],
] as const;

/** /pricing/reports: the links to every predefined tabular report. */
export function ReportIndex() {
  const groups = ['Comprehensive Report', 'Competitive Landscape', 'Price Distribution'] as const;
  return (
    <div className="page">
      <Breadcrumb items={[{ label: 'Reports' }]} />
      <h1>Reports</h1>
      <div className="report-index">
        {groups.map((g) => (
          <section key={g} className="card">
            <h2>{g === 'Comprehensive Report' ? 'Tabular reports' : g + ' reports'}</h2>
            <ul>
              {PREDEFINED_REPORTS.filter((r) => r.group === g).map((r) => (
                <li key={r.href}>
                  <Link to={'/pricing/type/' + r.href}>{r.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section className="card">
          <h2>Assortment reports</h2>
          <ul>
            {ASSORTMENT_LINKS.map(([href, name]) => (
              <li key={href}>
                <Link to={href}>{name}</Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
