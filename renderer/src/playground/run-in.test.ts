/**
 * The Run in choice as a call carries it: `metadata.run_in` with the picked provider and
 * model, scripts off unless ticked, refused while acting as an agent (whose connection the
 * host never lets choose where a skill runs), and read back from a kept request.
 */
import { describe, expect, it } from 'vitest';
import { clientLabel, clientMissingWhy, runInBlock, runInMetadata, runInOf } from './run-in';

describe('the run-in choice as metadata.run_in', () => {
  it('names the catalog beside the skill, and the own login instead of a provider', () => {
    expect(
      runInMetadata(
        { client: 'claude-code', allowScripts: false, catalog: 'installed', ownLogin: true },
        { provider: 'p', model: 'm' },
      ),
    ).toEqual({
      client: 'claude-code',
      allow_scripts: false,
      catalog: 'installed',
      own_login: true,
    });
    // The default catalog is the skill alone, and is not sent.
    expect(runInMetadata({ client: 'codex', allowScripts: false, catalog: 'skill' }, null)).toEqual(
      { client: 'codex', allow_scripts: false },
    );
  });
});

describe('run in', () => {
  it('puts the client, the scripts choice, provider and model in run_in', () => {
    expect(
      runInMetadata({ client: 'claude-code', allowScripts: false }, { provider: 'p', model: 'm' }),
    ).toEqual({ client: 'claude-code', allow_scripts: false, provider: 'p', model: 'm' });
    expect(runInMetadata({ client: 'codex', allowScripts: true }, null)).toEqual({
      client: 'codex',
      allow_scripts: true,
    });
  });

  it('refuses a client run while acting as an agent', () => {
    expect(runInBlock(null, 'writer')).toBeNull();
    expect(runInBlock({ client: 'codex', allowScripts: false }, null)).toBeNull();
    expect(runInBlock({ client: 'codex', allowScripts: false }, 'writer')).toContain('Act as');
  });

  it('reads run_in back from a request, ignoring what is not one', () => {
    expect(runInOf({ metadata: { run_in: { client: 'codex', allow_scripts: true } } })).toEqual({
      client: 'codex',
      allow_scripts: true,
    });
    expect(runInOf({ metadata: {} })).toBeNull();
    expect(runInOf({ metadata: { run_in: { client: 'vim' } } })).toBeNull();
    expect(runInOf({ metadata: { run_in: ['codex'] } })).toBeNull();
  });

  it('labels a client with its version, and a missing one with why', () => {
    const found = {
      id: 'claude-code' as const,
      name: 'Claude Code',
      found: true,
      version: '2.1.332',
      path: '/bin/claude',
    };
    expect(clientLabel(found)).toBe('Claude Code 2.1.332');
    expect(clientMissingWhy(found)).toBeNull();
    const gone = {
      ...found,
      id: 'codex' as const,
      name: 'Codex',
      found: false,
      version: null,
      path: null,
    };
    expect(clientLabel(gone)).toBe('Codex (not found)');
    expect(clientMissingWhy(gone)).toContain('no codex command on PATH');
  });
});
