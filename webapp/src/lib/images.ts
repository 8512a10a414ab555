/**
 * thumbnailURL is a product image through the server's image proxy (GET
 * /api/tooltip/getImg, docs/product.md §7): scaled to the 145 px thumbnail cap, fetched
 * with a timeout by the server. siteId is the competitor of an offer's image;
 * none for the account's own products.
 */
export function thumbnailURL(src: string, siteId?: number): string {
  const q = new URLSearchParams({ i: src });
  if (siteId) q.set('siteId', String(siteId));
  return '/api/tooltip/getImg?' + q.toString();
}
