import { api } from '../lib/api';
import type { Route } from './route';

/**
 * The trend calls (docs/trends.md, api/trend): a trend report's rows, its table columns and
 * the extra custom-field lines. Shared by the trend screens and the product page.
 */

type GetConditionsData = Route<'/trend/getConditionsData', 'post'>;
type GetColumnsDef = Route<'/trend/getColumnsDef', 'post'>;
type GetLowerCfList = Route<'/trend/getLowerCfList', 'get'>;
type GetLowerCfData = Route<'/trend/getLowerCfData', 'post'>;

export type TrendReportName = 'price_trend' | 'key_business_metrics' | 'margin_trend' | 'price_vs_market_trend' | 'competitiveness_metrics' | 'PDP_price_trend';
export type CompareTo = 'previous_period' | 'same_period_last_year';

/**
 * TrendData is a trend request's data: the grid condition's product scope (filters, search,
 * selected rows) plus the trend's keys. The document leaves it open (the engine parses it,
 * engine.ParseTrend); this is its shape as docs/trends.md fixes it.
 */
export type TrendData = {
  report_name: TrendReportName;
  /** ISO days, both included. */
  dates: { from: string; to: string };
  /** The competitors (empty: all). */
  competitorId?: number[];
  /** 'price' (every product counts once) or a custom field's logical name. */
  weightBy?: string;
  compareTo?: CompareTo;
  comparisonValues?: string;
  /** Competitiveness metrics' group level (super_category, category, vertical, vertical_brand, brand). */
  group?: string;
  product_id?: string;
  filters?: unknown;
  search?: string;
};

export type TrendRow = Record<string, unknown>;
export type TrendColumn = NonNullable<GetColumnsDef['answer']['columns']>[number];
export type CustomFieldList = { customFields: NonNullable<GetLowerCfList['answer']['customFields']>; maxLines: number };

/**
 * TrendAnswer is a trend's rows (a row per day, and group, ascending) and its competitors with
 * open match-feedback flags: competitor id → flagged products (the product's own for the product page).
 * dataAsOf: the time the trend's stored data covers, when a load since is not in it yet.
 */
export type TrendAnswer = { rows: TrendRow[]; flagged: Record<string, number>; dataAsOf?: string };

/** getTrend asks for a trend's rows and its flagged competitors. */
export const getTrend = (data: TrendData, signal?: AbortSignal): Promise<TrendAnswer> =>
  api
    .post<GetConditionsData>('/trend/getConditionsData', { data }, { signal })
    .then((r) => ({ rows: (r.rows ?? []).filter((x) => x !== null), flagged: (r.flagged ?? {}) as Record<string, number>, dataAsOf: r.dataAsOf ?? undefined }));

/** getTrendRows asks for a trend's rows, a row per day (and group), ascending. */
export const getTrendRows = (data: TrendData, signal?: AbortSignal): Promise<TrendRow[]> => getTrend(data, signal).then((r) => r.rows);

/** getTrendColumns asks for a trend table's columns; reportId opens a saved report's (or, with isShareLink, a share link's). */
export const getTrendColumns = (tableName: TrendReportName, reportId?: string, isShareLink = false): Promise<TrendColumn[]> =>
  api.post<GetColumnsDef>('/trend/getColumnsDef', { tableName, reportId, isShareLink }).then((r) => r.columns ?? []);

/** getLowerCfList lists the custom fields a trend can add as lines; quiet: without advanced trending there are none. */
export const getLowerCfList = (): Promise<CustomFieldList> =>
  api.get<GetLowerCfList>('/trend/getLowerCfList', { quiet: true }).then((r) => ({ customFields: r.customFields ?? [], maxLines: r.maxLines }));

/** getLowerCfData asks for one custom field's line: its weighted mean per day (key customValue… as the rows name it). */
export const getLowerCfData = (condition: TrendData, customField: string, signal?: AbortSignal): Promise<TrendRow[]> =>
  api.post<GetLowerCfData>('/trend/getLowerCfData', { condition, customField }, { signal }).then((r) => (r.rows ?? []).filter((x) => x !== null));

type ExportDataInClientSide = Route<'/trend/exportDataInClientSide', 'post'>;

/** exportTrendTable lays a trend table's rows out in its columns (header names and cells) for a CSV file. */
export const exportTrendTable = (rowData: TrendRow[], pivotColumns: { field: string; headerName: string }[]): Promise<{ columns: string[]; data: unknown[][] }> =>
  api
    .post<ExportDataInClientSide>('/trend/exportDataInClientSide', { rowData: rowData as ExportDataInClientSide['body']['rowData'], pivotColumns: pivotColumns.map((c) => ({ field: c.field, headerName: c.headerName })) })
    .then((r) => ({ columns: r.columns ?? [], data: (r.data ?? []) as unknown[][] }));
