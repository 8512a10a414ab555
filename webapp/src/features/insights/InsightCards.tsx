import { useEffect, useState } from 'react';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { formatValue } from '../../lib/format';
import { getInsightCards, type InsightCard } from './api/insights';
import { thumbnailURL } from '../../lib/images';

/** formatDiff writes a diff percent with + when positive (docs/product.md §2, highlight tiles). */
export function formatDiff(d: number | null | undefined): { text: string; negative: boolean } | null {
  if (d === null || d === undefined || !Number.isFinite(d)) return null;
  const r = Math.round(d * 10) / 10;
  return { text: (r > 0 ? '+' : '') + r.toFixed(1) + '%', negative: r < 0 };
}

/** InsightCards: a card per insight with its title, summary and highlight tiles (a product's my price in the account's currency, and its market delta). */
export function InsightCards() {
  const { account } = useSession();
  const currency = String(account.settings.currency_symbol ?? '$');
  const [cards, setCards] = useState<InsightCard[] | null>(null);
  useEffect(() => {
    getInsightCards()
      .then(setCards)
      .catch(() => setCards([]));
  }, []);
  if (cards === null) return <div>Loading...</div>;
  return (
    <div className="insight-cards">
      {cards.map((c) => (
        <article key={c.key} className="card insight-card" aria-label={c.title}>
          <h2>
            <Link to={c.link}>{c.title}</Link>
          </h2>
          <p className="muted">{c.summary}</p>
          <div className="highlights">
            {(c.highlights ?? []).map((h) => {
              const diff = formatDiff(h.diff);
              return (
                <div key={h.id} className="highlight" title={c.metric}>
                  {h.image ? <img src={thumbnailURL(h.image.src)} alt="" style={{ maxHeight: Math.min(h.image.h, 145), maxWidth: Math.min(h.image.w, 145) }} onError={(e) => (e.currentTarget.style.display = 'none')} /> : null}
                  <div className="highlight-field">{h.field}</div>
                  <div className="highlight-number">{formatValue('currency', h.number, currency)}</div>
                  {diff ? <div className={'highlight-diff' + (diff.negative ? ' negative' : ' positive')}>{diff.text}</div> : null}
                </div>
              );
            })}
          </div>
        </article>
      ))}
    </div>
  );
}
