/**
 * The SKILL.md text the topology views draw, for the playground's skill: the open editor
 * buffer when there is one (so the graph follows every keystroke), else the file as read
 * from the host. Also the last expression that parsed and its layout, so a half-typed
 * expression greys the graph instead of blanking it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { backend } from '../backend/current';
import { useEditor } from '../stores/editor-store';
import { useSkills } from '../stores/skills-store';
import { isSkillMd } from '../util/skill-md';
import { buildTopologyGraph } from '../../../shared/skill/topology-graph';
import type { TopologyNode } from '../../../shared/skill/topology';
import { readTopologySource, type TopologySource } from './topology-source';
import { layoutTopology, type GraphLayout } from './graph-layout';

export interface TopologyText {
  text: string | null;
  /** The editor buffer the text comes from (edits go there); null when read from disk. */
  bufferId: string | null;
  readOnly: boolean;
  skillDir: string | null;
}

/** The folder the playground's skill name stands for: the one on screen when it has that name. */
function useSkillDir(skill: string | null): string | null {
  return useSkills((s) => {
    if (!skill) return null;
    if (s.selected?.name === skill) return s.selected.dir;
    return s.listing?.skills.find((i) => i.name === skill && !i.shadowed_by)?.dir ?? null;
  });
}

export function useTopologyText(skill: string | null): TopologyText {
  const dir = useSkillDir(skill);
  const buffer = useEditor((s) => {
    if (!dir) return null;
    for (const id of s.order) {
      const b = s.buffers[id];
      if (b && b.skillDir === dir && b.kind === 'text' && isSkillMd(b.path)) return b;
    }
    return null;
  });
  const [disk, setDisk] = useState<{ dir: string; text: string | null } | null>(null);
  useEffect(() => {
    if (!dir || buffer) return;
    let live = true;
    backend()
      .call('files.read', { skill: dir, path: 'SKILL.md' })
      .then((c) => live && setDisk({ dir, text: c.kind === 'text' ? c.text : null }))
      .catch(() => live && setDisk({ dir, text: null }));
    return () => {
      live = false;
    };
  }, [dir, buffer]);
  if (buffer)
    return { text: buffer.text, bufferId: buffer.id, readOnly: buffer.readOnly, skillDir: dir };
  return {
    text: disk && disk.dir === dir ? disk.text : null,
    bufferId: null,
    readOnly: true,
    skillDir: dir,
  };
}

export interface TopologyView {
  source: TopologySource;
  /** The graph of the current expression, or of the last one that parsed (then `stale`). */
  layout: GraphLayout | null;
  stale: boolean;
}

/**
 * Reads the text (memoised per text) and keeps the last good layout across typing errors,
 * per skill folder (`scope`): another skill's graph is never shown as this one's.
 */
export function useTopologyView(text: string | null, scope: string | null): TopologyView | null {
  const lastGood = useRef<{ scope: string | null; ast: TopologyNode; layout: GraphLayout } | null>(
    null,
  );
  return useMemo(() => {
    if (text === null) return null;
    const source = readTopologySource(text);
    const ast = source.parsed?.ast ?? null;
    if (ast) {
      const layout = layoutTopology(buildTopologyGraph(ast));
      lastGood.current = { scope, ast, layout };
      return { source, layout, stale: false };
    }
    const kept = lastGood.current;
    const keep = source.parsed !== null && kept?.scope === scope ? kept : null;
    return { source, layout: keep?.layout ?? null, stale: keep !== null };
  }, [text, scope]);
}

/**
 * Whether the playground's skill is a topology skill: listed as one, or its open SKILL.md
 * has a `topology:` key already (so the Graph tab is there while one is being written).
 */
export function useIsTopologySkill(skill: string | null): boolean {
  const dir = useSkillDir(skill);
  const listed = useSkills(
    (s) => !!dir && s.listing?.skills.find((i) => i.dir === dir)?.kind === 'topology',
  );
  const typed = useEditor((s) => {
    if (!dir) return false;
    for (const id of s.order) {
      const b = s.buffers[id];
      if (b && b.skillDir === dir && isSkillMd(b.path)) return /^topology[ \t]*:/m.test(b.text);
    }
    return false;
  });
  return listed || typed;
}
