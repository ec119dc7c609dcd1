// Sends reports to the real ingest API (docs/probe-data.md (Reports)): batches of up to 1,000 to POST {url}/probes/reports
// with the API key as a Bearer token, a few requests in flight at most.
import { maxReportsPerBatch, type IngestResult, type ProbeReport } from '@bpm/protocol';

export interface SenderStats {
  requests: number;
  reportsSent: number;
  accepted: number;
  ignored: number;
  failures: number;
  lastError?: string;
}

export class ReportSender {
  readonly stats: SenderStats = { requests: 0, reportsSent: 0, accepted: 0, ignored: 0, failures: 0 };
  private inFlight = 0;
  private readonly endpoint: string;

  constructor(
    apiUrl: string,
    private readonly key: string,
    private readonly maxInFlight = 4,
    private readonly batchSize = maxReportsPerBatch,
  ) {
    this.endpoint = `${apiUrl.replace(/\/+$/, '')}/probes/reports`;
  }

  /** Free request slots: the caller generates no more reports than can be sent now. */
  get freeSlots(): number {
    return this.maxInFlight - this.inFlight;
  }

  get capacity(): number {
    return this.freeSlots * this.batchSize;
  }

  /** Sends the reports in batches; resolves when every batch has been answered. */
  async send(reports: readonly ProbeReport[]): Promise<void> {
    const batches: Promise<void>[] = [];
    for (let i = 0; i < reports.length; i += this.batchSize) batches.push(this.post(reports.slice(i, i + this.batchSize)));
    await Promise.all(batches);
  }

  private async post(batch: readonly ProbeReport[]): Promise<void> {
    this.inFlight += 1;
    this.stats.requests += 1;
    this.stats.reportsSent += batch.length;
    try {
      const response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.key}` },
        body: JSON.stringify(batch),
      });
      if (response.status === 202) {
        const result = (await response.json()) as IngestResult;
        this.stats.accepted += result.accepted;
        this.stats.ignored += result.ignored;
      } else {
        this.stats.failures += 1;
        this.stats.lastError = `${response.status} ${await response.text()}`;
      }
    } catch (error) {
      this.stats.failures += 1;
      this.stats.lastError = error instanceof Error ? error.message : String(error);
    } finally {
      this.inFlight -= 1;
    }
  }
}
