import type { CustomCellRendererProps } from 'ag-grid-react';
import { Link } from '../../lib/router';
import { thumbnailURL } from '../../lib/images';

export { UrlCell } from '../../components/UrlCell';
// The hover tooltips are shared with the dynamic pricer's grids (src/components/grid).
export { GridTooltip, cutName } from '../../components/grid/GridTooltip';

type Row = Record<string, unknown>;

/** The name cell links to the product page (/new/product/{id}); group rows have no product id. */
export function ProductNameCell(p: CustomCellRendererProps) {
  const id = (p.data as Row | undefined)?.id;
  if (id === undefined || id === null || id === '') return <>{p.valueFormatted ?? p.value}</>;
  return <Link to={'/new/product/' + encodeURIComponent(String(id))}>{String(p.valueFormatted ?? p.value ?? '')}</Link>;
}

/**
 * GroupLeafCell is the group column of a product row inside an opened group: the
 * product's name (linking to its page) and its id, indented under its group. Group
 * mode hides the product columns, so without it the row showed only its counts.
 */
export function GroupLeafCell(p: CustomCellRendererProps) {
  const d = p.data as Row | undefined;
  if (!d) return null;
  const id = String(d.id ?? '');
  return (
    <span className="group-leaf" style={{ paddingLeft: (p.node.level ?? 0) * 28 + 28 }}>
      <Link to={'/new/product/' + encodeURIComponent(id)}>{String(d.name ?? '')}</Link>
      <span className="muted group-leaf-id">{id}</span>
    </span>
  );
}

/**
 * Thumbnails are capped at 145 px (docs/product.md §9) and come through the image proxy
 * (a competitor's image column, img_URL@{id}, names its competitor); a broken image hides itself (§8).
 */
export function ImageCell(p: CustomCellRendererProps) {
  if (!p.value) return null;
  const competitor = /@(\d+)$/.exec(p.column?.getColId() ?? '');
  const src = thumbnailURL(String(p.value), competitor ? Number(competitor[1]) : undefined);
  return <img className="thumb" src={src} alt="" loading="lazy" onError={(e) => ((e.target as HTMLImageElement).style.display = 'none')} />;
}

export type LabelChip = { id: string; name: string; color?: string };

/**
 * The labels editor in the Labels cell: the product's labels as coloured chips;
 * with the label permission each chip can be removed (onRemove does the call and
 * rolls back on failure).
 */
export function LabelsCell(p: CustomCellRendererProps & { chipsOf?: (d: Record<string, unknown>) => LabelChip[]; onRemove?: (p: CustomCellRendererProps, chip: LabelChip) => void }) {
  if (!p.data || !p.chipsOf) return null;
  const chips = p.chipsOf(p.data);
  return (
    <span className="label-chips">
      {chips.map((c) => (
        <span key={c.id + c.name} className="label-chip" style={{ borderColor: c.color ? '#' + c.color : undefined }}>
          <i className="label-dot" style={{ background: c.color ? '#' + c.color : '#999' }} />
          {c.name}
          {p.onRemove && (
            <button aria-label={'Remove label ' + c.name} onClick={() => p.onRemove!(p, c)}>
              ×
            </button>
          )}
        </span>
      ))}
    </span>
  );
}
