import { useEffect, useState } from 'react';
import { Link } from '../../lib/router';
import { getPricingInsights, type PricingInsights } from './api/insights';
import { PANEL_BLOCKS } from '../../lib/insights';

/**
 * PricingInsightsPanel shows the account's pricing insights: each number links to
 * the report listing exactly what it counts.
 */
export function PricingInsightsPanel() {
  const [data, setData] = useState<PricingInsights | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getPricingInsights()
      .then(setData)
      .catch(() => setFailed(true));
  }, []);
  return (
    <section className="insights-panel" aria-label="Pricing insights">
      {PANEL_BLOCKS.map((b) => (
        <div key={b.title} className="card insights-block">
          <h2>{b.title}</h2>
          <ul>
            {b.entries.map((e) => (
              <li key={e.key}>
                <span>{e.label}</span>
                {failed || (data && typeof data[e.key] !== 'number') ? (
                  // Not available: the call failed, or the offer history took too long (null).
                  <span className="muted">-</span>
                ) : !data ? (
                  <span className="muted">…</span>
                ) : (
                  <Link to={data.links?.[e.key] ?? '#'} className="insight-number" title={'Open the report of ' + e.label.toLowerCase()}>
                    {(data[e.key] as number).toLocaleString('en-US')}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
