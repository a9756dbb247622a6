/**
 * A script run's output as it streams: stdout lines read as the Script ABI's JSON lines
 * (events, the result, an error line) or plain text, stderr lines as warnings, each
 * within the run's caps (total output, one line, events). Going over a cap kills the
 * run (`kill`); the facts classifyRun reads are filled in as lines come.
 */
import type { KillReason, RunFacts } from './core/exit-classify';
import { LineSplitter, StdoutReader, TextTail } from './script-output';
import type { ScriptLimits } from './script-limits';
import type { ExecContext } from './core/types';

export type OutputLimits = Pick<
  ScriptLimits,
  'maxOutputBytes' | 'maxLineBytes' | 'maxEvents' | 'stderrTailChars' | 'plainTextChars'
>;

export interface OutputSink {
  /** The call's own emit. */
  emit: ExecContext['emit'];
  /** Stops the run for going over a cap. */
  kill(reason: KillReason): void;
  /** True once the run has been settled: nothing more is emitted. */
  settled(): boolean;
}

export class ScriptOutput {
  private outputBytes = 0;
  private events = 0;
  private readonly stderrTail: TextTail;
  private readonly plainText: TextTail;
  private readonly reader = new StdoutReader();
  private readonly stdoutLines: LineSplitter;
  private readonly stderrLines: LineSplitter;

  constructor(
    private readonly limits: OutputLimits,
    private readonly facts: RunFacts,
    private readonly sink: OutputSink,
  ) {
    this.stderrTail = new TextTail(limits.stderrTailChars);
    this.plainText = new TextTail(limits.plainTextChars);
    this.stdoutLines = new LineSplitter(
      limits.maxLineBytes,
      (line) => this.stdoutLine(line),
      () => sink.kill('line'),
    );
    this.stderrLines = new LineSplitter(
      limits.maxLineBytes,
      (line) => {
        if (line.trim() === '') return;
        this.stderrTail.push(line);
        this.emit('log', { level: 'warn', message: line });
      },
      () => sink.kill('line'),
    );
  }

  stdout(chunk: Buffer): void {
    if (this.count(chunk)) this.stdoutLines.push(chunk);
  }

  stderr(chunk: Buffer): void {
    if (this.count(chunk)) this.stderrLines.push(chunk);
  }

  /** The run is ending: a last line without a newline still counts. */
  end(): void {
    this.stdoutLines.end();
    this.stderrLines.end();
  }

  /** Writes what the error messages quote (stderr's tail, plain stdout) into the facts. */
  recordTails(): void {
    this.facts.stderrTail = this.stderrTail.text;
    this.facts.plainText = this.plainText.text;
  }

  private stdoutLine(line: string): void {
    const { item, warnings } = this.reader.read(line);
    // A protocol line not read as meant is told, naming its line (the script would fail silently).
    for (const message of warnings) this.emit('log', { level: 'warn', message });
    if (item === null || item.kind === 'ignored') return;
    if (item.kind === 'event') this.emit(item.event, item.data);
    else if (item.kind === 'result') this.facts.result = { data: item.data, summary: item.summary };
    else if (item.kind === 'error')
      this.facts.errorLine = { message: item.message, code: item.code };
    else {
      this.plainText.push(item.text);
      this.emit('log', { level: 'info', message: item.text });
    }
  }

  private readonly emit: ExecContext['emit'] = (kind, data) => {
    if (this.facts.killedBy !== null || this.sink.settled()) return;
    if (this.events >= this.limits.maxEvents) {
      this.sink.kill('events');
      return;
    }
    this.events++;
    this.sink.emit(kind, data);
  };

  /** Counts a chunk against the output cap; false: it is not to be read. */
  private count(chunk: Buffer): boolean {
    this.outputBytes += chunk.length;
    if (this.outputBytes > this.limits.maxOutputBytes) {
      this.sink.kill('output');
      return false;
    }
    return this.facts.killedBy === null;
  }
}
