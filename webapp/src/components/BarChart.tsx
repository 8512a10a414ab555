import { Bar } from '@visx/shape';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { lineColor } from './LineChart';
import { useElementWidth } from './useElementWidth';

export type BarSeries = { key: string; label: string };
export type BarRow = { label: string; values: Record<string, number> };

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A stacked horizontal bar chart: a bar per row, a segment per series (in order, each its
 * colour), with a legend. Each segment carries its row, series and value (data-group,
 * data-series, data-value) and a title, so a test and a reader can tell what was drawn.
 * Without a width it is as wide as the box it is in.
 */
export function BarChart({ rows, series, label, width: fixedWidth }: { rows: BarRow[]; series: BarSeries[]; label: string; width?: number }) {
  const [boxRef, measured] = useElementWidth<HTMLElement>();
  if (rows.length === 0) return <div className="empty-state">No data to display</div>;
  const width = fixedWidth ?? measured ?? 0;
  const margin = { top: 8, right: 24, bottom: 36, left: 180 };
  const band = 26;
  const height = margin.top + margin.bottom + rows.length * band;
  const w = width - margin.left - margin.right;
  const h = rows.length * band;
  const total = (r: BarRow) => series.reduce((s, x) => s + Math.max(0, r.values[x.key] ?? 0), 0);
  const x = scaleLinear<number>({ domain: [0, Math.max(1, ...rows.map(total))], range: [0, w], nice: true });
  const y = scaleBand<string>({ domain: rows.map((r) => r.label), range: [0, h], padding: 0.2 });
  return (
    <figure className="bar-chart" aria-label={label} ref={boxRef}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={label}>
          <Group left={margin.left} top={margin.top}>
            {rows.map((r) => {
              let at = 0;
              return series.map((s, i) => {
                const v = Math.max(0, r.values[s.key] ?? 0);
                const seg = (
                  <Bar
                    key={r.label + '|' + s.key}
                    x={x(at)}
                    y={y(r.label) ?? 0}
                    width={Math.max(0, x(at + v) - x(at))}
                    height={y.bandwidth()}
                    fill={lineColor(i)}
                    data-group={r.label}
                    data-series={s.key}
                    data-value={v}
                  >
                    <title>{`${r.label} · ${s.label}: ${v.toLocaleString('en-US')}`}</title>
                  </Bar>
                );
                at += v;
                return seg;
              });
            })}
            <AxisLeft scale={y} hideTicks tickLabelProps={{ fontSize: 11, textAnchor: 'end', dy: '0.33em' }} />
            <AxisBottom top={h} scale={x} numTicks={6} tickFormat={(v) => compact.format(Number(v))} />
          </Group>
        </svg>
      )}
      <ul className="legend" aria-label="Legend">
        {series.map((s, i) => (
          <li key={s.key}>
            <i style={{ background: lineColor(i) }} /> {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
