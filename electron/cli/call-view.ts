/**
 * Live terminal view of one skill call: a progress bar with its message (redrawn in
 * place on a TTY), log and status lines above it, artifact names as they complete,
 * then the summary and duration.
 */
import type { SkillCallResponse, SkillEvent } from '../../shared/protocol/a2e';
import { printable } from './format';
import type { CliIO, Colours } from './io';

const BAR_WIDTH = 24;

export class CallView {
  private barShown = false;
  private readonly artifacts = new Map<string, number>();
  private readonly tty: boolean;
  private readonly started = Date.now();

  constructor(
    private readonly io: CliIO,
    private readonly c: Colours,
  ) {
    this.tty = Boolean(io.stdout.isTTY);
  }

  private clearBar(): void {
    if (this.tty && this.barShown) {
      this.io.stdout.write('\r\u001b[2K');
      this.barShown = false;
    }
  }

  private line(text: string): void {
    this.clearBar();
    this.io.stdout.write(text + '\n');
  }

  /** What the skill said, made safe for the terminal (format.ts). */
  private static said(value: unknown): string {
    return printable(String(value ?? ''));
  }

  event(e: SkillEvent): void {
    const d = e.data as Record<string, unknown>;
    switch (e.kind) {
      case 'progress': {
        const pct = Math.max(0, Math.min(100, Number(d.pct) || 0));
        const filled = Math.round((pct / 100) * BAR_WIDTH);
        const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)} ${String(pct).padStart(3)}% ${CallView.said(d.message)}`;
        if (this.tty) {
          const cols = this.io.stdout.columns ?? 100;
          this.io.stdout.write('\r\u001b[2K' + bar.slice(0, cols - 1));
          this.barShown = true;
        } else {
          this.io.stdout.write(`progress ${pct}% ${CallView.said(d.message)}\n`);
        }
        break;
      }
      case 'log': {
        const level = String(d.level ?? 'info');
        const tag =
          level === 'error'
            ? this.c.red(level)
            : level === 'warn' || level === 'warning'
              ? this.c.yellow(level)
              : this.c.dim(level);
        this.line(`${tag} ${CallView.said(d.message)}`);
        break;
      }
      case 'status':
        this.line(`${this.c.cyan('status')} ${CallView.said(d.message)}`);
        break;
      case 'artifact': {
        const name = String(d.name ?? 'artifact');
        const size = (this.artifacts.get(name) ?? 0) + String(d.chunk ?? '').length;
        this.artifacts.set(name, size);
        if (d.final)
          this.line(
            `${this.c.green('artifact')} ${CallView.said(name)} (${CallView.said(d.mime)}, ${size} chars)`,
          );
        break;
      }
    }
  }

  done(resp: SkillCallResponse): boolean {
    this.clearBar();
    const seconds = ((resp.data?.duration_ms ?? Date.now() - this.started) / 1000).toFixed(2);
    if (resp.error) {
      this.io.stderr.write(
        `${this.c.red('✗')} ${resp.error.code}: ${CallView.said(resp.error.message)}\n`,
      );
      const details = resp.error.details;
      if (Array.isArray(details)) {
        for (const e of details as { instancePath?: string; message?: string }[]) {
          this.io.stderr.write(
            `  ${CallView.said(e.instancePath || '(arguments)')} ${CallView.said(e.message)}\n`,
          );
        }
      }
      return false;
    }
    const r = resp.data;
    if (!r) return false;
    const sandbox = r.sandbox ? this.c.dim(` · sandbox: ${r.sandbox}`) : '';
    if (r.success) {
      const summary =
        typeof r.summary === 'string' ? r.summary : JSON.stringify(r.summary ?? r.data ?? null);
      this.io.stdout.write(
        `${this.c.green('✓')} ${CallView.said(summary)} ${this.c.dim(`(${seconds}s)`)}${sandbox}\n`,
      );
      return true;
    }
    const trunc = r.truncated ? ' (output truncated)' : '';
    this.io.stderr.write(
      `${this.c.red('✗')} ${r.error_code ?? 'skill_error'}: ${CallView.said(r.error ?? 'failed')}${trunc} ${this.c.dim(`(${seconds}s)`)}${sandbox}\n`,
    );
    return false;
  }
}
