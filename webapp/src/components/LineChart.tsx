import { useState, type MouseEvent } from 'react';
import { LinePath, Line } from '@visx/shape';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { useElementWidth } from './useElementWidth';

export type ChartLine = { key: string; label: string };
type Row = Record<string, unknown>;

/** lineColor gives the i-th line its colour: a fixed palette, then evenly spaced hues. */
export function lineColor(i: number): string {
  const palette = ['#1e63d6', '#c62828', '#2e7d32', '#f57c00', '#6a1b9a', '#00838f', '#ad1457', '#5d4037', '#546e7a', '#9e9d24'];
  return i < palette.length ? palette[i] : `hsl(${(i * 137.5) % 360} 60% 45%)`;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A line chart of rows (one per x value, ascending) with a line per key: a visx
 * chart with a legend and a tooltip of every line's value at the hovered x. A line
 * skips the rows where its value is missing. Each line's path carries its key and
 * number of points (data-line, data-points) so a test can read what was drawn. The
 * axis writes compact numbers (1.2M); the tooltip writes each value with format. Without a
 * width the chart is as wide as the box it is in, and follows it.
 */
export function LineChart({
  rows,
  lines,
  xKey = 'date_timestamp',
  format = (v) => v.toLocaleString('en-US', { maximumFractionDigits: 2 }),
  width: fixedWidth,
  height = 360,
  label,
}: {
  rows: Row[];
  lines: ChartLine[];
  xKey?: string;
  format?: (v: number) => string;
  width?: number;
  height?: number;
  label: string;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const [areaRef, measured] = useElementWidth<HTMLDivElement>();
  const width = fixedWidth ?? measured ?? 0;
  // The right margin leaves room for half of the last date under the axis.
  const margin = { top: 12, right: 40, bottom: 36, left: 64 };
  const w = width - margin.left - margin.right;
  const h = height - margin.top - margin.bottom;
  const values = rows.flatMap((r) => lines.map((l) => num(r[l.key])).filter((v): v is number => v !== null));
  if (rows.length === 0 || values.length === 0) return <div className="empty-state">No data to display</div>;
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const pad = (hi - lo) * 0.05;
  const x = scaleLinear<number>({ domain: [0, Math.max(1, rows.length - 1)], range: [0, w] });
  const y = scaleLinear<number>({ domain: [lo - pad, hi + pad], range: [h, 0], nice: true });
  const xLabel = (i: number) => String(rows[Math.round(i)]?.[xKey] ?? '');
  const onMove = (e: MouseEvent<SVGRectElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const i = Math.round(x.invert(e.clientX - box.left));
    setHover(Math.max(0, Math.min(rows.length - 1, i)));
  };
  const dots = rows.length <= 93;
  const hovered = hover === null ? null : rows[hover];
  return (
    <div className="line-chart">
      <ul className="legend" aria-label="Legend">
        {lines.map((l, i) => (
          <li key={l.key}>
            <i style={{ background: lineColor(i) }} /> {l.label}
          </li>
        ))}
      </ul>
      <div className="chart-area" ref={areaRef} style={{ minHeight: height }}>
        {width > 0 && (
          <svg width={width} height={height} role="img" aria-label={label}>
            <Group left={margin.left} top={margin.top}>
              <AxisLeft scale={y} numTicks={6} tickFormat={(v) => compact.format(Number(v))} />
              <AxisBottom top={h} scale={x} numTicks={Math.min(rows.length, 8)} tickFormat={(v) => xLabel(Number(v))} />
              {lines.map((l, i) => {
                const n = rows.filter((r) => num(r[l.key]) !== null).length;
                return (
                  <g key={l.key}>
                    <LinePath<Row>
                      className="trend-line"
                      data-line={l.key}
                      data-points={n}
                      data={rows}
                      defined={(r) => num(r[l.key]) !== null}
                      x={(_, j) => x(j)}
                      y={(r) => y(num(r[l.key]) ?? 0)}
                      stroke={lineColor(i)}
                      strokeWidth={2}
                      fill="none"
                    />
                    {dots &&
                      rows.map((r, j) => (num(r[l.key]) === null ? null : <circle key={j} cx={x(j)} cy={y(num(r[l.key])!)} r={2.5} fill={lineColor(i)} />))}
                  </g>
                );
              })}
              {hover !== null && <Line from={{ x: x(hover), y: 0 }} to={{ x: x(hover), y: h }} stroke="#999" strokeDasharray="3 3" pointerEvents="none" />}
              {/* Over the right margin too: pointing just right of the last day shows the last day. */}
              <rect width={w + margin.right} height={h} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
            </Group>
          </svg>
        )}
        {hovered && (
          <div className="grid-tooltip chart-tooltip" role="tooltip" style={{ left: Math.min(margin.left + x(hover!) + 12, width - 220), top: margin.top }}>
            <div className="tt-title">{String(hovered[xKey])}</div>
            {lines.map((l, i) => (
              <div className="tt-row" key={l.key}>
                <span className="tt-label">
                  <i className="label-dot" style={{ background: lineColor(i) }} /> {l.label}
                </span>
                <span>{num(hovered[l.key]) === null ? '–' : format(num(hovered[l.key])!)}</span>
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
