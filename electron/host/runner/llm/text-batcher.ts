/**
 * Streamed model text as few events as still look live: the pieces that arrive within
 * `intervalMs` of the last event go out together in the next one. A provider that
 * trickles a character per network read would otherwise make an event of each, and
 * every event is kept for the call's response and written to every client (the
 * playground folds them once per frame anyway). What is held goes out after
 * `intervalMs` at the latest, or at once on `flush` (the turn ended, or failed).
 */
export class TextBatcher {
  private held = '';
  // Nothing went out yet: the first piece goes at once.
  private last = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly out: (text: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  push(text: string): void {
    if (text === '') return;
    this.held += text;
    if (this.now() - this.last >= this.intervalMs) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.intervalMs);
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.held === '') return;
    const text = this.held;
    this.held = '';
    this.last = this.now();
    this.out(text);
  }
}
