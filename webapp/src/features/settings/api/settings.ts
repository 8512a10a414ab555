import { api } from '../../../lib/api';
import type { Route } from '../../../api/route';

/** Account settings: the time zone and the export schedules (downstream drops). A 400 is shown in the form. */

type SetTimezone = Route<'/account/setTimezone', 'post'>;
type GetSchedules = Route<'/export/getSchedules', 'get'>;
type AddSchedule = Route<'/export/addSchedule', 'post'>;
type RemoveSchedule = Route<'/export/removeSchedule', 'post'>;

type Answer = GetSchedules['answer'];
export type ExportSchedule = NonNullable<Answer['schedules']>[number];
export type ScheduleReport = NonNullable<Answer['reports']>[number];
/** Schedules is getSchedules' answer with its lists (the document's null: none). */
export type Schedules = { root: string; schedules: ExportSchedule[]; reports: ScheduleReport[] };
export type ScheduleFields = AddSchedule['body'];

export const setTimezone = (timezone: string) => api.post<SetTimezone>('/account/setTimezone', { timezone }, { quiet: [400] }).then((r) => r.timezone);

export const getSchedules = (): Promise<Schedules> =>
  api.get<GetSchedules>('/export/getSchedules').then((r) => ({ root: r.root, schedules: r.schedules ?? [], reports: r.reports ?? [] }));

export const addSchedule = (body: ScheduleFields) => api.post<AddSchedule>('/export/addSchedule', body, { quiet: [400, 404] }).then((r) => r.schedule);

export const removeSchedule = (id: number) => api.post<RemoveSchedule>('/export/removeSchedule', { id }, { quiet: [404] });
