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

/** The batching both transports share: at most `maxInFlight` batches of `batchSize` in flight, counted in `stats`. */
export abstract class BatchSender {
  readonly stats: SenderStats = { requests: 0, reportsSent: 0, accepted: 0, ignored: 0, failures: 0 };
  private inFlight = 0;

  constructor(
    private readonly maxInFlight = 4,
    private readonly batchSize = maxReportsPerBatch,
  ) {}

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
    for (let i = 0; i < reports.length; i += this.batchSize) batches.push(this.deliver(reports.slice(i, i + this.batchSize)));
    await Promise.all(batches);
  }

  /** Sends one batch and counts what the server accepted; a thrown error counts as a failure. */
  protected abstract transmit(batch: readonly ProbeReport[]): Promise<void>;

  private async deliver(batch: readonly ProbeReport[]): Promise<void> {
    this.inFlight += 1;
    this.stats.requests += 1;
    this.stats.reportsSent += batch.length;
    try {
      await this.transmit(batch);
    } catch (error) {
      this.stats.failures += 1;
      this.stats.lastError = error instanceof Error ? error.message : String(error);
    } finally {
      this.inFlight -= 1;
    }
  }
}

export class ReportSender extends BatchSender {
  private readonly endpoint: string;

  constructor(
    apiUrl: string,
    private readonly key: string,
    maxInFlight?: number,
    batchSize?: number,
  ) {
    super(maxInFlight, batchSize);
    this.endpoint = `${apiUrl.replace(/\/+$/, '')}/probes/reports`;
  }

  protected async transmit(batch: readonly ProbeReport[]): Promise<void> {
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
  }
}
