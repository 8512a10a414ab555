import { api } from '../../../lib/api';
import type { Handwritten } from '../../../api/route';
import type { Label } from '../../../api/types';
import type { Condition } from '../condition';

/** Product labels (api/CONTRACT.md "Labels and alerts"): refusals are shown by the caller, which also rolls the rows back. */

export type OkAnswer = { ok?: boolean };

type RemoveLabelFromProduct = Handwritten<'/labels/removeLabelFromProduct', 'post', { body: { productsId: string; labelName: string }; answer: OkAnswer }>;
type InsertProductLabels = Handwritten<
  '/labels/insertProductLabels',
  'post',
  { body: { productsIds: string[]; labelId: number; selectAllRows: boolean; toggled: string[]; condition: Condition }; answer: OkAnswer }
>;
type InsertNewLabelsForProduct = Handwritten<
  '/labels/insertNewLabelsForProduct',
  'post',
  { body: { name: string; color: string; productsIds: string[]; selectAllRows: boolean; condition: Condition }; answer: { label: Label } | string }
>;

export const removeLabelFromProduct = (productId: string, labelName: string) =>
  api.post<RemoveLabelFromProduct>('/labels/removeLabelFromProduct', { productsId: productId, labelName }, { quiet: [400, 403, 404, 409] });

export const insertProductLabels = (body: InsertProductLabels['body']) => api.post<InsertProductLabels>('/labels/insertProductLabels', body, { quiet: [400, 403, 409] });

/** insertNewLabelsForProduct answers the new label, or a string to show as a message (spec §8). */
export const insertNewLabelsForProduct = (body: InsertNewLabelsForProduct['body']) =>
  api.post<InsertNewLabelsForProduct>('/labels/insertNewLabelsForProduct', body, { quiet: [400, 409] });
