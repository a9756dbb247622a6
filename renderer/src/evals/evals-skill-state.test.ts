/**
 * The per-folder state of the Evals panel and its patchers: a folder starts empty, a patch
 * touches one folder only, and a job is updated only while its run is the one on screen.
 */
import { describe, expect, it } from 'vitest';
import { newJob } from './job-state';
import { EMPTY_SKILL_EVALS, skillAccess, type SkillsState } from './evals-skill-state';

function access() {
  let state: SkillsState = { skills: {} };
  const skills = skillAccess(
    (fn) => (state = fn(state)),
    () => state,
  );
  return { skills, state: () => state };
}

describe('skillAccess', () => {
  it('patches one folder over the empty state and leaves the others alone', () => {
    const { skills, state } = access();
    expect(skills.of('/a')).toBe(EMPTY_SKILL_EVALS);
    skills.patch('/a', () => ({ busy: true }));
    skills.patch('/b', () => ({ loadError: 'gone' }));
    expect(skills.of('/a')).toEqual({ ...EMPTY_SKILL_EVALS, busy: true });
    expect(state().skills['/b']).toEqual({ ...EMPTY_SKILL_EVALS, loadError: 'gone' });
  });

  it('finds a run whatever its kind, and updates its job only while it is on screen', () => {
    const { skills } = access();
    skills.patch('/a', () => ({ triggerRun: newJob('t1', 'triggers', 3, [], 0) }));
    expect(skills.jobOf('/a', 't1')?.kind).toBe('triggers');
    expect(skills.jobOf('/a', 'other')).toBeNull();
    expect(skills.jobOf('/unknown', 't1')).toBeNull();

    skills.patchJob('/a', 'triggers', 't1', (j) => ({ ...j, done: 1 }));
    // An older run of the same kind is no longer on screen: nothing changes.
    skills.patchJob('/a', 'triggers', 't0', (j) => ({ ...j, done: 99 }));
    skills.patchJob('/a', 'benchmark', 't1', (j) => ({ ...j, done: 99 }));
    expect(skills.of('/a').triggerRun?.done).toBe(1);
    expect(skills.of('/a').benchmark).toBeNull();
  });

  it('tells why an action failed and ends its busy state', () => {
    const { skills } = access();
    skills.patch('/a', () => ({ busy: true }));
    skills.fail('/a', new Error('the host is gone'));
    expect(skills.of('/a')).toMatchObject({ busy: false, actionError: 'the host is gone' });
  });
});
