import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

type RemoveLabel = Route<'/labels/removeLabel', 'post'>;

/** removeLabel deletes a label of the account and takes it off every product (POST /labels/removeLabel). */
export const removeLabel = (id: number, name: string) => api.post<RemoveLabel>('/labels/removeLabel', { label_id: id, label_name: name }, { quiet: [403, 404] });
