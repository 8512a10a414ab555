import { BarStackHorizontal } from '@visx/shape';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scaleOrdinal } from '@visx/scale';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { barChartHeight, graphBars } from './graph';

const KEYS = ['Lower', 'Similar', 'Higher'] as const;
const COLORS = ['#2e7d32', '#9e9e9e', '#c62828'];
const LABELS: Record<string, string> = { Lower: 'I am lower', Similar: 'Price is similar', Higher: 'I am higher' };

/**
 * Graph mode (docs/reports.md#metric-definitions): the Lower/Similar/Higher shares of the selected group
 * rows as a stacked bar chart, with the specification's height rule.
 */
export function GraphView({ rows, groupField, width = 900 }: { rows: Record<string, unknown>[]; groupField: string; width?: number }) {
  if (rows.length === 0) return <div className="empty-state graph-empty">Select rows in group mode</div>;
  const data = graphBars(rows, groupField);
  const height = barChartHeight(data.length);
  const margin = { top: 10, right: 20, bottom: 40, left: 200 };
  const xMax = width - margin.left - margin.right;
  const yMax = height - margin.top - margin.bottom;
  const total = Math.max(100, ...data.map((d) => d.Lower + d.Similar + d.Higher));
  const x = scaleLinear<number>({ domain: [0, total], range: [0, xMax] });
  const y = scaleBand<string>({ domain: data.map((d) => d.key), range: [0, yMax], padding: 0.2 });
  const color = scaleOrdinal<string, string>({ domain: [...KEYS], range: COLORS });
  return (
    <div className="graph-view">
      <div className="legend">
        {KEYS.map((k, i) => (
          <span key={k}>
            <i style={{ background: COLORS[i] }} /> {LABELS[k]}
          </span>
        ))}
      </div>
      <svg width={width} height={height} role="img" aria-label="Price position by group">
        <Group top={margin.top} left={margin.left}>
          <BarStackHorizontal data={data} keys={[...KEYS]} y={(d) => d.key} xScale={x} yScale={y} color={color}>
            {(stacks) =>
              stacks.map((stack) =>
                stack.bars.map((bar) => (
                  <rect key={`${stack.index}-${bar.index}`} x={bar.x} y={bar.y} width={Math.max(0, bar.width)} height={bar.height} fill={bar.color} data-key={stack.key}>
                    <title>{`${data[bar.index].key}: ${LABELS[stack.key as string]} ${Number(bar.bar.data[stack.key as 'Lower']).toFixed(2)}%`}</title>
                  </rect>
                )),
              )
            }
          </BarStackHorizontal>
          <AxisLeft scale={y} hideTicks tickLabelProps={() => ({ fontSize: 11, textAnchor: 'end', dy: '0.33em', dx: -4 })} />
          <AxisBottom top={yMax} scale={x} tickFormat={(v) => `${v}%`} />
        </Group>
      </svg>
    </div>
  );
}
