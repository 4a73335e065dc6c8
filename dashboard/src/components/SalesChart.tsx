import { useEffect, useId, useRef, useState } from 'react';
import { formatLocalDate, formatMoney, formatMoneyCompact, formatNumber } from '../format.ts';

interface Point {
  date: string;
  salesTotal: number;
  orderCount: number;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/**
 * Daily sales as a bar chart in plain SVG: a <figure> whose caption names it, an SVG with a text summary for screen
 * readers, and the same numbers as a table behind a disclosure. No chart library.
 */
export function SalesChart({ series, currency, caption }: { series: Point[]; currency: string; caption: string }) {
  const id = useId();
  // Drawn at the width it gets (not scaled), so its labels keep their size from 375 px phones to wide screens.
  const box = useRef<HTMLDivElement>(null);
  const [WIDTH, setWidth] = useState(640);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const max = Math.max(0, ...series.map((p) => p.salesTotal));
  const top = max > 0 ? niceCeiling(max) : 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = series.length > 0 ? innerW / series.length : innerW;
  const barW = Math.max(1, Math.min(40, slot * 0.7));
  const total = series.reduce((sum, p) => sum + p.salesTotal, 0);
  const orders = series.reduce((sum, p) => sum + p.orderCount, 0);
  const best = series.reduce<Point | null>((b, p) => (b === null || p.salesTotal > b.salesTotal ? p : b), null);
  const labelled = labelIndexes(series.length, Math.max(2, Math.floor((WIDTH - PAD.left) / 64)));

  const summary =
    series.length === 0
      ? 'No days in this period.'
      : `${series.length} day${series.length === 1 ? '' : 's'} from ${formatLocalDate(series[0]!.date)} to ${formatLocalDate(series.at(-1)!.date)}: ` +
        `${formatMoney(total, currency)} in ${formatNumber(orders)} order${orders === 1 ? '' : 's'}` +
        (best && best.salesTotal > 0 ? `; best day ${formatLocalDate(best.date)} with ${formatMoney(best.salesTotal, currency)}.` : '; no sales on any day.');

  return (
    <figure className="chart">
      <figcaption id={`${id}-caption`}>{caption}</figcaption>
      <div ref={box} className="chart-box">
      <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-caption`} aria-describedby={`${id}-summary`} className="chart-svg">
        <title>{caption}</title>
        {[0, 0.5, 1].map((f) => {
          const y = PAD.top + innerH * (1 - f);
          return (
            <g key={f} className="chart-grid">
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} />
              <text x={PAD.left - 6} y={y} dy="0.32em" textAnchor="end">
                {formatMoneyCompact(top * f, currency)}
              </text>
            </g>
          );
        })}
        {series.map((p, i) => {
          const h = (p.salesTotal / top) * innerH;
          const x = PAD.left + slot * i + (slot - barW) / 2;
          return (
            <rect key={p.date} className="chart-bar" x={x} y={PAD.top + innerH - h} width={barW} height={Math.max(h, p.salesTotal > 0 ? 1 : 0)}>
              <title>{`${formatLocalDate(p.date)}: ${formatMoney(p.salesTotal, currency)}, ${formatNumber(p.orderCount)} orders`}</title>
            </rect>
          );
        })}
        {series.map((p, i) =>
          labelled.has(i) ? (
            <text
              key={p.date}
              className="chart-axis"
              // The outermost labels align with the plot's edges so they are never cut off.
              x={i === 0 && series.length > 1 ? PAD.left + slot * i : i === series.length - 1 && series.length > 1 ? PAD.left + slot * (i + 1) : PAD.left + slot * i + slot / 2}
              y={HEIGHT - 8}
              textAnchor={i === 0 && series.length > 1 ? 'start' : i === series.length - 1 && series.length > 1 ? 'end' : 'middle'}
            >
              {formatLocalDate(p.date, 'short')}
            </text>
          ) : null,
        )}
      </svg>
      </div>
      <p className="chart-summary" id={`${id}-summary`}>{summary}</p>
      <details className="chart-table">
        <summary>Show the numbers as a table</summary>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Sales</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.date}>
                <th scope="row">{formatLocalDate(p.date)}</th>
                <td>{formatMoney(p.salesTotal, currency)}</td>
                <td>{formatNumber(p.orderCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** 1, 2, 2.5 or 5 times a power of ten, at least `value`. */
function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** First, last and evenly spaced bars get a date label, as many as fit (`room`). */
function labelIndexes(n: number, room: number): Set<number> {
  if (n <= room) return new Set(Array.from({ length: n }, (_, i) => i));
  const out = new Set<number>([0, n - 1]);
  const step = Math.ceil((n - 1) / (room - 1));
  for (let i = step; i < n - 1; i += step) if (n - 1 - i >= step / 2) out.add(i);
  return out;
}
