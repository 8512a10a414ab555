import { useEffect, useState } from 'react';
import { getCompetitorColumns, getCompetitorOffers, getProduct, type CompetitorColumn, type CompetitorOffer } from './api/product';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorPage } from '../../components/ErrorPage';
import { Table } from '../../components/Table';
import { formatValue } from '../../lib/format';
import { ApiError } from '../../lib/api';
import { thumbnailURL } from '../../lib/images';
import { ProductTrend } from './ProductTrend';

type Loaded = { product: Record<string, unknown>; columns: CompetitorColumn[]; offers: CompetitorOffer[] };

/**
 * /new/product/{id}: one product's details, its competitors' latest offers
 * (competitor/getColumnsDef and competitor/getData) and its price trend.
 */
export function ProductPage({ id }: { id: string }) {
  const [data, setData] = useState<Loaded | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([getProduct(id), getCompetitorColumns(), getCompetitorOffers(id)])
      .then(([product, columns, offers]) => live && setData({ product, columns, offers }))
      .catch((e) => live && e instanceof ApiError && e.status === 404 && setMissing(e.message));
    return () => {
      live = false;
    };
  }, [id]);
  if (missing) return <ErrorPage status={404} title="This Page Could Not Be Found" message={missing} />;
  if (!data) return <div className="page-loading">Loading...</div>;
  const p = data.product;
  const currency = String(p.currency_symbol ?? '$');
  const name = String(p.name ?? id);
  const fact = (label: string, v: string) =>
    v ? (
      <>
        <dt>{label}</dt>
        <dd>{v}</dd>
      </>
    ) : null;
  return (
    <div className="page product-page">
      <Breadcrumb items={[{ label: 'Reports', to: '/pricing/reports' }, { label: 'All my products', to: '/pricing/type/all_my_products' }, { label: name }]} />
      <h1>{name}</h1>
      <div className="card product-facts">
        <dl className="facts">
          {fact('Product id', String(p.id ?? id))}
          {fact('Brand', formatValue('text', p.canonical_mfgr_display))}
          {fact('Manufacturer number', formatValue('text', p.mfgr_prod_id))}
          {fact('Category', formatValue('text', p.category_display))}
          {fact('My price', formatValue('currency', p.price, currency))}
          {fact('Cost', formatValue('currency', p.cost, currency))}
          {fact('Availability', p.in_stock === undefined || p.in_stock === null ? '' : formatValue('bool', p.in_stock) === 'Yes' ? 'In stock' : 'Out of stock')}
          {fact('Market price', formatValue('currency', p.market_price, currency))}
          {fact('Market price bucket', formatValue('text', p.market_bucket))}
          {fact('Labels', formatValue('text', p.labelsNames))}
        </dl>
        <div className="product-links">
          {typeof p.img_url === 'string' && p.img_url && (
            <img className="thumb" src={thumbnailURL(p.img_url)} alt="" onError={(e) => ((e.target as HTMLImageElement).style.display = 'none')} />
          )}
          {typeof p.url === 'string' && p.url && (
            <a href={p.url} target="_blank" rel="noreferrer noopener">
              Open product page
            </a>
          )}
        </div>
      </div>
      <h2>Competitors</h2>
      {data.offers.length === 0 ? (
        <div className="empty-state">No competitor offers for this product</div>
      ) : (
        <Table label="Competitors" columns={data.columns} rows={data.offers as Record<string, unknown>[]} currency={currency} />
      )}
      <h2>Price trend</h2>
      <ProductTrend productId={id} currency={currency} />
    </div>
  );
}
