import { useMemo } from 'react';
import { useSkills } from '../../stores/skills-store';
import { useEditor } from '../../stores/editor-store';
import { useWorkspace } from '../../stores/workspace-store';
import { buildProblems, countProblems } from '../../stores/problems';
import { isSkillMd } from '../../editor/language';
import type { Diagnostic } from '../../../../shared/skill/diagnostics';

/** Live validator results of the open (editable) SKILL.md buffers, by skill folder. */
export function useLiveByDir(): ReadonlyMap<string, readonly Diagnostic[]> {
  const buffers = useEditor((s) => s.buffers);
  const live = useEditor((s) => s.live);
  return useMemo(() => {
    const byDir = new Map<string, Diagnostic[]>();
    for (const b of Object.values(buffers)) {
      if (b.readOnly || !isSkillMd(b.path)) continue;
      const d = live[b.id];
      if (d) byDir.set(b.skillDir, d);
    }
    return byDir;
  }, [buffers, live]);
}

/** Problems of every skill, with live results for open SKILL.md buffers. */
export function useProblems() {
  const listing = useSkills((s) => s.listing);
  const info = useWorkspace((s) => s.info);
  const liveByDir = useLiveByDir();
  return useMemo(() => {
    const groups = buildProblems(listing?.skills ?? [], liveByDir, info);
    return { groups, counts: countProblems(groups) };
  }, [listing, liveByDir, info]);
}
