// Proves the committed operations files match the code: every metric the alert rules and the Grafana dashboard query is one the api exports (under its exported name, with its histogram suffixes), every alert has its runbook section, and each scrape target is a process that serves /metrics.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metricsRegistry } from './metrics.js';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const alerts = read('ops/prometheus/alerts.yml');
const dashboard = read('ops/grafana/dashboards/wager.json');
const runbook = read('docs/runbook.md');

/** Every sample name the registry can expose: counters and gauges as named, histograms with _bucket, _sum and _count. */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await metricsRegistry.getMetricsAsJSON()) {
    // prom-client types `type` as an enum, but the JSON holds its name.
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
    else names.add(metric.name);
  }
  return names;
}

function queriedNames(text: string): string[] {
  return [...new Set([...text.matchAll(/\b((?:wager|nodejs|process)_[a-z0-9_]+)\b/g)].map((m) => m[1]!))];
}

describe('operations files', () => {
  it('query only metrics the api exports', async () => {
    const exported = await exportedNames();
    const queried = [...queriedNames(alerts), ...queriedNames(JSON.stringify(JSON.parse(dashboard)))];
    expect(queried.length).toBeGreaterThan(15);
    expect(queried.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('give every alert a runbook section, linked from the rule', () => {
    const names = [...alerts.matchAll(/- alert: (\w+)/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) {
      expect(runbook, name).toContain(`\n### ${name}\n`);
      expect(alerts, name).toContain(`runbook: docs/runbook.md#${name.toLowerCase()}`);
    }
  });

  it('scrape both api processes where they serve /metrics', () => {
    const prometheus = read('ops/prometheus/prometheus.yml');
    const compose = read('docker-compose.yml');
    expect(prometheus).toContain('"api-serve:3000"');
    expect(prometheus).toContain('"api-project:9464"');
    expect(compose).toMatch(/api-project:[\s\S]*METRICS_PORT: "9464"/);
    expect(compose).toContain('METRICS_TOKEN:');
  });
});
