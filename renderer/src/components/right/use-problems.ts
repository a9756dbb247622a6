import { useMemo } from 'react';
import { useSkills } from '../../stores/skills-store';
import { useEditor } from '../../stores/editor-store';
import { useWorkspace } from '../../stores/workspace-store';
import { buildProblems, countProblems } from '../../stores/problems';
import type { Diagnostic } from '../../../../shared/skill/diagnostics';

/** Live validator results of the open (editable) SKILL.md buffers, by skill folder. */
export function useLiveByDir(): ReadonlyMap<string, readonly Diagnostic[]> {
  return useEditor((s) => s.liveByDir);
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
