import type { CustomCellRendererProps } from 'ag-grid-react';

/** A link cell (format_type url): opens the address in a new tab. */
export function UrlCell(p: CustomCellRendererProps) {
  if (!p.value) return null;
  return (
    <a href={String(p.value)} target="_blank" rel="noreferrer noopener">
      link
    </a>
  );
}
