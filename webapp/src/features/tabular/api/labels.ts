import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** Product labels (docs/api-contract.md "Labels and alerts"): refusals are shown by the caller, which also rolls the rows back. */

type RemoveLabelFromProduct = Route<'/labels/removeLabelFromProduct', 'post'>;
type InsertProductLabels = Route<'/labels/insertProductLabels', 'post'>;
type InsertNewLabelsForProduct = Route<'/labels/insertNewLabelsForProduct', 'post'>;

export const removeLabelFromProduct = (productId: string, labelName: string) =>
  api.post<RemoveLabelFromProduct>('/labels/removeLabelFromProduct', { productsId: productId, labelName }, { quiet: [400, 403, 404, 409] });

export const insertProductLabels = (body: InsertProductLabels['body']) => api.post<InsertProductLabels>('/labels/insertProductLabels', body, { quiet: [400, 403, 409] });

/** insertNewLabelsForProduct creates a label and puts it on the chosen products; it answers the new label. */
export const insertNewLabelsForProduct = (body: InsertNewLabelsForProduct['body']) =>
  api.post<InsertNewLabelsForProduct>('/labels/insertNewLabelsForProduct', body, { quiet: [400, 409] });
