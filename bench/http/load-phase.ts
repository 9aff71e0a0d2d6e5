/**
 * One phase of a load test: `count` requests of one operation, `concurrency` at a time, no new
 * request after `seconds` (and none left running past twice that: each gets an abort signal).
 */
export interface PhaseOptions {
  operation: string;
  count: number;
  concurrency: number;
  seconds: number;
  /** Sends request number `index`; true when it succeeded (a 2xx answer, say). */
  send(index: number, signal: AbortSignal): Promise<boolean>;
}

export interface PhaseResult {
  operation: string;
  /** Requests answered, successfully or not. */
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** True when the time limit ended the phase before `count` requests were sent. */
  stoppedByTime: boolean;
}

export async function runPhase(options: PhaseOptions): Promise<PhaseResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const hardStop = AbortSignal.timeout(options.seconds * 2000);
  async function worker(): Promise<void> {
    while (next < options.count && performance.now() < deadline) {
      const index = next++;
      const begin = performance.now();
      const ok = await options.send(index, hardStop).catch(() => false);
      latencies.push(performance.now() - begin);
      if (!ok) errors++;
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    operation: options.operation,
    requests: latencies.length,
    errors,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    maxMs: latencies.length === 0 ? 0 : Math.max(...latencies),
    stoppedByTime: next < options.count,
  };
}

/** Nearest-rank percentile; 0 for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** A Markdown table of phase results. */
export function formatPhaseTable(results: PhaseResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.operation} | ${r.requests} | ${r.errors} | ${r.seconds.toFixed(1)} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p95Ms.toFixed(1)} | ${r.maxMs.toFixed(1)} |${r.stoppedByTime ? " stopped by time" : ""}`,
  );
  return [
    "| operation | requests | errors | seconds | requests/s | p50 ms | p95 ms | max ms |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
