/**
 * Combines several runs of the catalog benchmark (`node bench/catalog.ts --json run-N.json`) into one table: for
 * each figure the median over the runs, with the lowest and highest run in brackets. On a shared machine the load of
 * other processes moves single runs by tens of percent; the median of runs is steadier (bench/catalog.md).
 *
 *   node bench/catalog/aggregate.ts run-1.json run-2.json run-3.json
 */
import { readFileSync } from 'node:fs';
import { ms } from './stats.ts';

interface Figure {
  wall: { median: number; p95: number };
  cpuMean: number;
}
interface Run {
  engine: string;
  experiments: string[];
  labels?: Record<string, string>;
  sizes: Array<{ products: number; load: [number, number]; results: Record<string, Figure>; paired?: Record<string, { ratio: number }> }>;
}

const files = process.argv.slice(2);
if (files.length === 0) throw new Error('usage: node bench/catalog/aggregate.ts run-1.json run-2.json …');
const runs = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Run);
const shape = (r: Run) => `${r.engine} ${r.experiments.join(',')} ${r.sizes.map((s) => s.products).join(',')}`;
if (runs.some((r) => shape(r) !== shape(runs[0]!))) throw new Error('the runs differ in engine, experiments or sizes');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const cell = (xs: number[]) => (xs.length === 1 ? ms(xs[0]!) : `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`);

const first = runs[0]!;
const sizes = first.sizes.map((s) => s.products);
const names = Object.keys(first.sizes[0]!.results);
const labels = runs.find((r) => r.labels)?.labels ?? {};
const lines: string[] = [];
lines.push(`${runs.length} runs, ${first.engine}${first.experiments.length > 0 ? `, EXPERIMENT: ${first.experiments.join(', ')}` : ''}; median over the runs (lowest–highest run)`);
lines.push(`load averages while measuring: ${runs.map((r) => r.sizes.map((s) => `${s.load[0].toFixed(1)}–${s.load[1].toFixed(1)}`).join(' / ')).join('; ')}`);
for (const [title, pick] of [
  ['wall-clock median (ms)', (f: Figure) => f.wall.median],
  ['wall-clock p95 (ms)', (f: Figure) => f.wall.p95],
  ['main-thread CPU per call (ms)', (f: Figure) => f.cpuMean],
] as const) {
  lines.push('');
  lines.push(`| ${title} | ${sizes.map((n) => `${n.toLocaleString('en-US')} products`).join(' | ')} | growth ${sizes[0]!.toLocaleString('en-US')} → ${sizes.at(-1)!.toLocaleString('en-US')} |`);
  lines.push(`|---|${sizes.map(() => '---:').join('|')}|---:|`);
  for (const name of names) {
    const per = sizes.map((_, i) => runs.map((r) => pick(r.sizes[i]!.results[name]!)));
    const growth = runs.map((r) => pick(r.sizes.at(-1)!.results[name]!) / pick(r.sizes[0]!.results[name]!));
    const g = growth.length === 1 ? `${growth[0]!.toFixed(2)}×` : `${median(growth).toFixed(2)}× (${Math.min(...growth).toFixed(2)}–${Math.max(...growth).toFixed(2)})`;
    lines.push(`| ${labels[name] ?? name} | ${per.map(cell).join(' | ')} | ${g} |`);
  }
}
const pairedNames = Object.keys(first.sizes[0]!.paired ?? {});
if (pairedNames.length > 0 && runs.every((r) => r.sizes.every((s) => s.paired))) {
  lines.push('');
  lines.push(`| paired ratio: this store / control store (1,001 products) | ${sizes.map((n) => `${n.toLocaleString('en-US')} products`).join(' | ')} |`);
  lines.push(`|---|${sizes.map(() => '---:').join('|')}|`);
  for (const name of pairedNames) {
    const per = sizes.map((_, i) => runs.map((r) => r.sizes[i]!.paired![name]!.ratio));
    lines.push(`| ${labels[name] ?? name} | ${per.map((xs) => (xs.length === 1 ? `${xs[0]!.toFixed(2)}×` : `${median(xs).toFixed(2)}× (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`)).join(' | ')} |`);
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
