/**
 * Who wins each skill name, kept up to date incrementally. With 10,000 skills a
 * change to one must not cost a pass over all of them: a change touches the
 * names of the skills that left or entered (and of skills sharing their real
 * folder), and only those names are recomputed and compared.
 *
 * Rules (docs/contracts.md, Discovery): the highest source wins a name; skills of lower sources are
 * shadowed (`summary.shadowed_by` = the winner's folder); two or more skills of
 * the name in the winning priority all get SKILL_NAME_CONFLICT. One real folder
 * reached twice (through symlinks) counts once, where it is first seen.
 *
 * Composition (`skills:` of topology skills) is resolved the way a run resolves it: a name
 * calls that name's winner. Winners whose `skills:` lead back to themselves through other
 * skills get TOPOLOGY_SKILL_CYCLE, naming the chain (the run would refuse it midway). Only
 * skills that compose others take part, so the pass after a change costs little.
 */
import path from 'node:path';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { SkillRecord } from '../../../shared/skill/model';
import { composedNames } from '../../../shared/skill/topology-contract';
import { nameConflictDiagnostic, skillCycleDiagnostic } from '../../../shared/skill/validate';
import { compositionCycles, type ComposingSkill } from './skill-cycles';
import type { ScannedSkill } from './scan';

/** Skill names; a name appears in at most one list. */
export interface IndexChange {
  added: string[];
  changed: string[];
  removed: string[];
}

interface Group {
  /** Kept skills of the name in order: the winner first, shadowed ones last. */
  skills: ScannedSkill[];
  /** The winner's display name. */
  name: string;
  /** Everything the name's skills show, to tell a real change from a re-read. */
  sig: string;
  conflict: boolean;
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Source folder order (which is priority order), then folder path. */
function compareScanOrder(a: ScannedSkill, b: ScannedSkill): number {
  return a.folderIndex - b.folderIndex || compareStrings(a.record.dir, b.record.dir);
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

export class SkillIndex {
  private readonly byKey = new Map<string, Set<ScannedSkill>>();
  private readonly byReal = new Map<string, Set<ScannedSkill>>();
  private readonly groups = new Map<string, Group>();
  private readonly derived = new Map<ScannedSkill, SkillRecord>();
  private readonly byPath = new Map<string, SkillRecord>();
  /** Names (keys) whose winner composes other skills: the nodes of the cycle pass. */
  private readonly composers = new Set<string>();
  /** Name (key) → the chain of names from its winner back to it, for winners in a cycle. */
  private cycles = new Map<string, string[]>();
  private allCache: SkillRecord[] | null = null;

  /** `removed` skills leave, `added` ones enter; returns what changed, by name. */
  apply(removed: Iterable<ScannedSkill>, added: Iterable<ScannedSkill>): IndexChange {
    const affected = new Set<string>();
    const touch = (sk: ScannedSkill): void => {
      affected.add(sk.key);
      // Whether a skill is kept depends on the others in its real folder.
      for (const peer of this.byReal.get(sk.realDir) ?? []) affected.add(peer.key);
    };
    for (const sk of removed) {
      touch(sk);
      removeFrom(this.byKey, sk.key, sk);
      removeFrom(this.byReal, sk.realDir, sk);
    }
    for (const sk of added) {
      addTo(this.byKey, sk.key, sk);
      addTo(this.byReal, sk.realDir, sk);
      touch(sk);
    }

    const change: IndexChange = { added: [], changed: [], removed: [] };
    for (const key of affected) {
      const before = this.groups.get(key);
      const after = this.recompute(key);
      if (!before && after) change.added.push(after.name);
      else if (before && !after) change.removed.push(before.name);
      else if (before && after && (before.sig !== after.sig || before.name !== after.name)) {
        change.changed.push(after.name);
      }
    }
    // A cycle can close or open through names this change did not touch: re-derive those.
    for (const key of this.refreshCycles()) {
      const group = this.recompute(key);
      if (group && !change.added.includes(group.name) && !change.changed.includes(group.name))
        change.changed.push(group.name);
      affected.add(key);
    }
    if (affected.size > 0) this.allCache = null;
    change.added.sort(compareStrings);
    change.changed.sort(compareStrings);
    change.removed.sort(compareStrings);
    return change;
  }

  /** Every kept skill in scan order, shadowed ones included. */
  all(): SkillRecord[] {
    if (!this.allCache) {
      this.allCache = [...this.derived.entries()]
        .sort((a, b) => compareScanOrder(a[0], b[0]))
        .map(([, record]) => record);
    }
    return this.allCache.slice();
  }

  /** The skills of a name (NFKC key), the winner first. */
  members(key: string): SkillRecord[] {
    const group = this.groups.get(key);
    return group ? group.skills.map((sk) => this.derived.get(sk) as SkillRecord) : [];
  }

  byFolder(dir: string): SkillRecord | undefined {
    return this.byPath.get(dir);
  }

  /** Names in a same-priority conflict, sorted. */
  conflicts(): string[] {
    const out: string[] = [];
    for (const group of this.groups.values()) if (group.conflict) out.push(group.name);
    return out.sort(compareStrings);
  }

  private isKept(sk: ScannedSkill): boolean {
    for (const peer of this.byReal.get(sk.realDir) ?? []) {
      if (peer !== sk && compareScanOrder(peer, sk) < 0) return false;
    }
    return true;
  }

  private recompute(key: string): Group | undefined {
    const previous = this.groups.get(key);
    if (previous) {
      for (const sk of previous.skills) {
        const record = this.derived.get(sk);
        this.derived.delete(sk);
        if (!record) continue;
        for (const p of [path.resolve(record.dir), sk.realDir]) {
          if (this.byPath.get(p) === record) this.byPath.delete(p);
        }
      }
    }

    const skills = [...(this.byKey.get(key) ?? [])]
      .filter((sk) => this.isKept(sk))
      .sort(compareScanOrder);
    if (skills.length === 0) {
      this.groups.delete(key);
      this.composers.delete(key);
      return undefined;
    }

    const top = skills[0].folder.priority;
    const leaders = skills.filter((sk) => sk.folder.priority === top);
    const winner = skills[0];
    const conflict = leaders.length > 1;
    if (composedBy(winner).length > 0) this.composers.add(key);
    else this.composers.delete(key);
    const cycle = this.cycles.get(key);
    const sig: string[] = [];
    for (const sk of skills) {
      const shadowedBy = sk.folder.priority === top ? null : winner.record.dir;
      const inConflict = conflict && sk.folder.priority === top;
      const added: Diagnostic[] = [];
      if (inConflict) {
        const others = leaders.filter((l) => l !== sk).map((l) => l.record.dir);
        added.push(
          nameConflictDiagnostic(sk.record.summary.name, others, sk.namePosition ?? undefined),
        );
      }
      if (cycle && sk === winner)
        added.push(skillCycleDiagnostic(cycle, sk.skillsPosition ?? undefined));
      let record = sk.record;
      if (shadowedBy !== null || added.length > 0) {
        record = {
          ...sk.record,
          diagnostics:
            added.length > 0 ? [...sk.record.diagnostics, ...added] : sk.record.diagnostics,
          summary: {
            ...sk.record.summary,
            shadowed_by: shadowedBy,
            conflict: inConflict,
            has_errors: sk.record.summary.has_errors || added.length > 0,
          },
        };
      }
      this.derived.set(sk, record);
      this.byPath.set(path.resolve(record.dir), record);
      if (!this.byPath.has(sk.realDir)) this.byPath.set(sk.realDir, record);
      const inCycle = sk === winner && cycle ? cycle.join(' ') : '';
      sig.push(
        `${sk.record.dir}\0${sk.fingerprint}\0${shadowedBy ?? ''}\0${inConflict}\0${inCycle}`,
      );
    }
    const group: Group = {
      skills,
      name: winner.record.summary.name,
      sig: sig.join('\n'),
      conflict,
    };
    this.groups.set(key, group);
    return group;
  }

  /**
   * Finds the cycles among the composing winners afresh; returns the names (keys) whose
   * place in a cycle changed, whose records must be derived again.
   */
  private refreshCycles(): string[] {
    if (this.composers.size === 0 && this.cycles.size === 0) return [];
    const composing = new Map<string, ComposingSkill>();
    for (const key of this.composers) {
      const group = this.groups.get(key);
      if (group) composing.set(key, { name: group.name, composes: composedBy(group.skills[0]) });
    }
    const next = compositionCycles(composing);
    const changed: string[] = [];
    for (const key of new Set([...this.cycles.keys(), ...next.keys()])) {
      if (this.cycles.get(key)?.join('\n') !== next.get(key)?.join('\n')) changed.push(key);
    }
    this.cycles = next;
    return changed;
  }
}

/** The skill names a skill's `skills:` composes. */
function composedBy(sk: ScannedSkill): string[] {
  return composedNames(sk.record.frontmatter?.skills);
}
