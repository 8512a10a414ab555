import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';

/** / lands here (docs/product.md §2): the starting points of the product. */
export function HomeDashboard() {
  const { account } = useSession();
  return (
    <div className="page">
      <h1>{account.account_name}</h1>
      <div className="report-index">
        <section className="card">
          <h2>Reports</h2>
          <ul>
            <li><Link to="/pricing/reports">Predefined reports</Link></li>
            <li><Link to="/pricing/type/all_my_products">All my products</Link></li>
            <li><Link to="/saved_reports">Saved reports</Link></li>
          </ul>
        </section>
        <section className="card">
          <h2>Trends</h2>
          <ul>
            <li><Link to="/trend/price_trend">Price trend</Link></li>
            <li><Link to="/trend/margin_trend">Margin trend</Link></li>
          </ul>
        </section>
      </div>
    </div>
  );
}
