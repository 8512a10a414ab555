import { Link } from '../../lib/router';
import { Breadcrumb } from '../../components/Breadcrumb';
import { PREDEFINED_REPORTS } from '../../lib/reports';

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
      </div>
    </div>
  );
}
