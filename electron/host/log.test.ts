import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configureLog, createLogger, fileSink, formatLine, logSwallowed } from './log';

afterEach(() => configureLog({ level: 'info', sink: null }));

function capture(level: 'error' | 'warn' | 'info' | 'debug'): string[] {
  const lines: string[] = [];
  configureLog({ level, sink: (line) => lines.push(line) });
  return lines;
}

describe('log', () => {
  it('writes nothing without a sink', () => {
    const lines = capture('debug');
    configureLog({ sink: null });
    createLogger('t').error('lost');
    expect(lines).toEqual([]);
  });

  it('writes the levels at or above the configured one', () => {
    const lines = capture('warn');
    const log = createLogger('registry');
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e', new Error('disk full'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/ WARN \[registry\] w$/);
    expect(lines[1]).toMatch(/ ERROR \[registry\] e: disk full$/);
  });

  it('formats time, level, scope, message and detail on one line', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    expect(formatLine('info', 'server', 'listening', 'port 80', at)).toBe(
      '2026-01-02T03:04:05.678Z INFO [server] listening: port 80',
    );
  });

  it('turns a deliberate swallow into a line and still resolves to undefined', async () => {
    const lines = capture('info');
    const value = await Promise.reject(new Error('already closed')).catch(
      logSwallowed('close the watcher'),
    );
    expect(value).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\[ignored\] close the watcher: already closed$/);
  });

  it('appends to a file in a folder it creates', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'log-test-'));
    try {
      const file = path.join(dir, 'logs', 'studio.log');
      configureLog({ level: 'info', sink: fileSink(file) });
      createLogger('main').info('one');
      createLogger('main').info('two');
      const text = readFileSync(file, 'utf8');
      expect(text.trim().split('\n')).toHaveLength(2);
      expect(text).toContain('[main] two');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
