/**
 * The terminal view of a call that streams a model's answer: the `response.md`
 * artifact's text is written as it arrives (the transcript), tool calls and turns show
 * as the log and status lines of CallView, and the end adds the model, turns and
 * tokens in and out. Any other call looks exactly as CallView shows it.
 */
import type { SkillCallResponse, SkillEvent } from '../../shared/protocol/a2e';
import { CallView } from './call-view';
import { printable } from './format';
import type { CliIO, Colours } from './io';

const TRANSCRIPT = 'response.md';

export class TranscriptView {
  private readonly inner: CallView;
  /** True while the last thing written is transcript text without its newline. */
  private midLine = false;

  constructor(
    private readonly io: CliIO,
    private readonly c: Colours,
  ) {
    this.inner = new CallView(io, c);
  }

  private endLine(): void {
    if (this.midLine) this.io.stdout.write('\n');
    this.midLine = false;
  }

  event(e: SkillEvent): void {
    if (e.kind === 'artifact' && e.data.name === TRANSCRIPT) {
      const chunk = printable(String(e.data.chunk ?? ''));
      if (chunk) {
        this.io.stdout.write(chunk);
        this.midLine = !chunk.endsWith('\n');
      }
      if (e.data.final) this.endLine();
      return;
    }
    this.endLine();
    this.inner.event(e);
  }

  done(resp: SkillCallResponse): boolean {
    this.endLine();
    const meta = resp.data?.metadata as
      | {
          model?: string;
          provider?: string;
          turns?: number;
          usage?: Record<string, number>;
          time_to_first_token_ms?: number | null;
        }
      | undefined;
    if (meta?.model) {
      const u = meta.usage ?? {};
      const cache =
        (u.cache_read_input_tokens ?? 0) > 0 ? `, ${u.cache_read_input_tokens} from cache` : '';
      const ttft =
        meta.time_to_first_token_ms != null
          ? ` · first token ${meta.time_to_first_token_ms} ms`
          : '';
      this.io.stderr.write(
        this.c.dim(
          `${meta.provider}/${meta.model} · ${meta.turns} turn(s) · tokens in ${u.input_tokens ?? 0}${cache}, out ${u.output_tokens ?? 0}${ttft}`,
        ) + '\n',
      );
    }
    return this.inner.done(resp);
  }
}
