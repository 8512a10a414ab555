import { useEffect, useState } from 'react';
import type { CustomTooltipProps } from 'ag-grid-react';
import { thumbnailURL } from '../../lib/images';
import { formatValue } from '../../lib/format';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { getCompetitorTips, getProductTip } from '../../api/tooltips';
import { flagMatch } from '../../api/matchFeedback';
import { PermName } from '../../api/permissions.gen';

/** Product names in tooltips are cut at 110 characters plus an ellipsis (docs/product.md §5). */
export function cutName(s: string): string {
  return s.length > 110 ? s.slice(0, 110) + '…' : s;
}

type Row = Record<string, unknown>;

function field(label: string, v: unknown) {
  if (v === undefined || v === null || v === '') return null;
  return (
    <div className="tt-row">
      <span className="tt-label">{label}</span>
      <span>{String(v)}</span>
    </div>
  );
}

// Tooltip answers are kept per product while the screen is open: hovering back and
// forth over one row asks the server once. They are kept by call, then by product id.
const tipCache = new Map<(productId: string) => Promise<unknown>, Map<string, Promise<unknown>>>();

/** useTip loads a tooltip's answer: null while it loads, 'error' when it failed. */
function useTip<T>(load: (productId: string) => Promise<T>, productId: unknown): T | null | 'error' {
  const [v, setV] = useState<T | null | 'error'>(null);
  useEffect(() => {
    if (productId === undefined || productId === null) return;
    const key = String(productId);
    let byProduct = tipCache.get(load);
    if (!byProduct) tipCache.set(load, (byProduct = new Map()));
    const cache = byProduct;
    let p = cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load(key);
      cache.set(key, p);
      p.catch(() => cache.delete(key));
    }
    let live = true;
    p.then((r) => live && setV(r)).catch(() => live && setV('error'));
    return () => {
      live = false;
    };
  }, [load, productId]);
  return v;
}

const yesNo = (v: unknown) => (v === undefined || v === null ? undefined : formatValue('bool', v));
const stock = (v: unknown) => (v === undefined || v === null ? undefined : formatValue('bool', v) === 'Yes' ? 'In stock' : 'Out of stock');
const hideOnError = (e: { target: EventTarget }) => ((e.target as HTMLImageElement).style.display = 'none');

/**
 * The hover tooltips of docs/product.md §2, shown after 300 ms: the product tooltip (name
 * cell, 359 px) and the competitor-versus-my-price tooltip (price and
 * price_delta cells, 546 px). Their fields come from the tooltip calls.
 */
export function GridTooltip(p: CustomTooltipProps & { kind?: 'product' | 'competitor'; colId?: string }) {
  const d = (p.data ?? {}) as Row;
  // A real-time row is a (product, competitor) pair: its id is "product@competitor", its product product_id.
  const productId = d.product_id ?? d.id;
  if (p.kind === 'competitor' && p.colId)
    return <CompetitorTooltip productId={productId} competitorId={Number(p.colId.split('@')[1])} onFlagged={() => p.api.refreshServerSide({ purge: false })} />;
  return <ProductTooltip productId={productId} />;
}

function ProductTooltip({ productId }: { productId: unknown }) {
  const t = useTip(getProductTip, productId);
  return (
    <div className="grid-tooltip" style={{ width: 359 }} role="tooltip">
      {t === null ? (
        'Loading...'
      ) : t === 'error' ? (
        'No data to display'
      ) : (
        <>
          <div className="tt-title">{cutName(String(t.description ?? ''))}</div>
          <div className="tt-cols">
            <div>
              {field('Brand', t.brand)}
              {field('Manufacturer number', t.mfgr_prod_id)}
              {field('Availability', stock(t.availability))}
              {field('On sale', yesNo(t.on_sale))}
              {field('Last scanned', t.last_scanned ? formatValue('date', t.last_scanned) : undefined)}
              {field('Category', t.category)}
              {t.link ? (
                <a href={t.link} target="_blank" rel="noreferrer noopener">
                  Open product page
                </a>
              ) : null}
              <div>
                <Link to={'/new/product/' + encodeURIComponent(String(productId))}>Product details</Link>
              </div>
            </div>
            {t.image && <img className="thumb" src={thumbnailURL(t.image)} alt="" onError={hideOnError} />}
          </div>
        </>
      )}
    </div>
  );
}

function CompetitorTooltip({ productId, competitorId, onFlagged }: { productId: unknown; competitorId: number; onFlagged: () => void }) {
  const t = useTip(getCompetitorTips, productId);
  const { can } = useSession();
  const [flag, setFlag] = useState<'' | 'sending' | 'done' | string>('');
  const c = t && t !== 'error' ? t.competitors.find((x) => x.competitor_id === competitorId) : undefined;
  return (
    <div className="grid-tooltip" style={{ width: 546 }} role="tooltip">
      {t === null ? (
        'Loading...'
      ) : !c ? (
        'No data to display'
      ) : (
        <>
          <div className="tt-title">
            {c.competitor}: {cutName(String(c.name ?? ''))}
          </div>
          <div className="tt-cols">
            <div>
              {field('Competitor price', formatValue('currency', c.price, c.currency_symbol))}
              {field('My price', formatValue('currency', c.my_price, c.currency_symbol))}
              {field('Price delta', formatValue('percent', c.price_delta))}
              {field('Bucket', c.bucket)}
              {field('Brand', c.brand)}
              {field('Manufacturer number', c.mfgr_prod_id)}
              {field('Availability', stock(c.in_stock))}
              {field('On sale', yesNo(c.on_sale))}
              {field('Last scanned', c.seen_at ? formatValue('date', c.seen_at) : undefined)}
              {c.url ? (
                <a href={c.url} target="_blank" rel="noreferrer noopener">
                  Open at competitor
                </a>
              ) : null}
              {can(PermName.ManageReviewMatches) && (
                <div className="tt-flag">
                  {flag === 'done' ? (
                    'Flagged as a wrong match: left out of the comparisons until resolved'
                  ) : (
                    <button
                      disabled={flag === 'sending'}
                      onClick={() => {
                        setFlag('sending');
                        flagMatch({ productId: String(productId), competitorId, competitorProductId: String(c.prod_id ?? ''), reason: '' }).then(
                          () => {
                            setFlag('done');
                            onFlagged();
                          },
                          (e: { message?: string }) => setFlag(e.message ?? 'The match could not be flagged'),
                        );
                      }}
                    >
                      Wrong match
                    </button>
                  )}
                  {flag !== '' && flag !== 'sending' && flag !== 'done' && <span className="error-text"> {flag}</span>}
                </div>
              )}
            </div>
            {c.img_url && <img className="thumb" src={thumbnailURL(c.img_url, competitorId)} alt="" onError={hideOnError} />}
          </div>
        </>
      )}
    </div>
  );
}

