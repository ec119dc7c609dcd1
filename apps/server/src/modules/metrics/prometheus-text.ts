// Prometheus text exposition format (version 0.0.4), just what /metrics needs: counters, gauges and
// histograms with fixed buckets. No client library: a few dozen lines, no shared registry.

export class Histogram {
  private readonly counts: number[];
  private sum = 0;
  private count = 0;

  constructor(readonly buckets: readonly number[]) {
    this.counts = buckets.map(() => 0);
  }

  observe(value: number): void {
    this.sum += value;
    this.count += 1;
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) this.counts[i]! += 1;
  }

  lines(name: string): string[] {
    const lines = this.buckets.map((le, i) => `${name}_bucket{le="${le}"} ${this.counts[i]}`);
    lines.push(`${name}_bucket{le="+Inf"} ${this.count}`, `${name}_sum ${this.sum}`, `${name}_count ${this.count}`);
    return lines;
  }
}

export type Sample = number | { labels: Record<string, string>; value: number }[];

export class MetricsText {
  private readonly out: string[] = [];

  add(name: string, type: 'counter' | 'gauge', help: string, sample: Sample): this {
    this.out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    if (typeof sample === 'number') this.out.push(`${name} ${sample}`);
    else for (const { labels, value } of sample) this.out.push(`${name}{${formatLabels(labels)}} ${value}`);
    return this;
  }

  histogram(name: string, help: string, histogram: Histogram): this {
    this.out.push(`# HELP ${name} ${help}`, `# TYPE ${name} histogram`, ...histogram.lines(name));
    return this;
  }

  toString(): string {
    return `${this.out.join('\n')}\n`;
  }
}

function formatLabels(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([key, value]) => `${key}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');
}
