/** The product's price trend (PDP_price_trend): waits for the trend API. */
export function ProductTrend({ productId }: { productId: string; currency: string }) {
  void productId;
  return <div className="empty-state">No data to display</div>;
}
