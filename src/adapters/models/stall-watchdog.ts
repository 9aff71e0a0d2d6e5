/**
 * Aborts its signal when `rearm()` has not been called for `idleMs`: catches an answer whose body
 * stops arriving, which the `openai` client's own timeout (it ends at the headers) does not.
 * Idle until the first `rearm()`.
 */
export class StallWatchdog {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly idleMs: number) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get fired(): boolean {
    return this.controller.signal.aborted;
  }

  /** Starts, or restarts, the countdown: call it whenever something arrives. */
  rearm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(), this.idleMs);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
