/**
 * Progress of an eval run: runs done (graded or failed) out of the total, elapsed time,
 * and an ETA from the mean pace so far (null until one run has finished).
 */
export interface ProgressSnapshot {
  done: number;
  failed: number;
  total: number;
  elapsed_seconds: number;
  eta_seconds: number | null;
}

export class Progress {
  private finished = 0;
  private failures = 0;
  private readonly started: number;

  constructor(
    readonly total: number,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  done(): void {
    this.finished++;
  }

  fail(): void {
    this.finished++;
    this.failures++;
  }

  snapshot(): ProgressSnapshot {
    const elapsed = (this.now() - this.started) / 1000;
    const left = this.total - this.finished;
    return {
      done: this.finished,
      failed: this.failures,
      total: this.total,
      elapsed_seconds: Math.round(elapsed * 10) / 10,
      eta_seconds:
        this.finished === 0 ? null : Math.round((elapsed / this.finished) * left * 10) / 10,
    };
  }
}
