/**
 * The Evals panel (a tab of the right panel): does the current skill make the
 * model's answers better than no skill, and does the model pick it when it should?
 * Benchmark: the cases, a run on a chosen provider and model, the results table
 * filling in live, and the pass rate across past runs. Triggers: the trigger set,
 * its confusion summary, and "improve description". Everything is the host's work
 * (shared/api/evals.ts); this panel edits, starts, follows and reads back.
 */
import { useEffect } from 'react';
import { backend } from '../backend/current';
import { useSkills, type SkillRef } from '../stores/skills-store';
import { PanelErrorBoundary } from '../ui/PanelErrorBoundary';
import { useEvals, type EvalsTab } from './evals-store';
import { CasesEditor } from './CasesEditor';
import { RunControls } from './RunControls';
import { BenchmarkResults } from './BenchmarkResults';
import { ReviewOutputs } from './ReviewOutputs';
import { TriggersTab } from './TriggersTab';
import { TranscriptDialog } from './TranscriptDialog';
import { TabBar, type TabItem } from '../ui/TabBar';
import { MaximizeButton } from '../ui/MaximizeButton';
import '../styles/evals.css';

const TABS: TabItem<EvalsTab>[] = [
  { id: 'benchmark', label: 'Benchmark' },
  { id: 'triggers', label: 'Triggers' },
];

/** Files whose change means the sources should be read again. */
function isEvalFile(path: string): boolean {
  return path === 'SKILL.md' || path.startsWith('evals/');
}

/** Loads the skill's evals, and again when its eval files change on disk. */
function useEvalSources(dir: string): void {
  useEffect(() => {
    void useEvals.getState().load(dir);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = backend().onEvent((e) => {
      if (e.type !== 'file.changed' || e.dir !== dir || !isEvalFile(e.path)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void useEvals.getState().load(dir), 200);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [dir]);
}

function EvalsForSkill({ skill }: { skill: SkillRef }) {
  useEvalSources(skill.dir);
  const tab = useEvals((s) => s.tab);
  const setTab = useEvals((s) => s.setTab);
  const loadError = useEvals((s) => s.of(skill.dir).loadError);
  const actionError = useEvals((s) => s.of(skill.dir).actionError);
  return (
    <div className="evals" data-testid="evals-panel" data-skill={skill.name}>
      <div className="ev-head">
        <TabBar
          items={TABS}
          selected={tab}
          onSelect={setTab}
          className="ev-tabs"
          label="Evals"
          itemId={(id) => `ev-tab-${id}`}
          controls="ev-tabpanel"
          itemTestId={(id) => `evals-tab-${id}`}
        />
        <span className="ev-skill" title={skill.dir}>
          {skill.name}
        </span>
        <MaximizeButton which="evals" />
      </div>
      {loadError && (
        <div className="pg-field-error block" role="alert" data-testid="evals-load-error">
          The evals could not be read: {loadError}
        </div>
      )}
      {actionError && (
        <div className="pg-field-error block" role="alert" data-testid="evals-error">
          {actionError}
        </div>
      )}
      <div id="ev-tabpanel" role="tabpanel" aria-labelledby={`ev-tab-${tab}`} className="ev-body">
        {tab === 'benchmark' ? (
          <>
            <CasesEditor skill={skill} />
            <RunControls skill={skill} kind="benchmark" />
            <BenchmarkResults skill={skill} />
            <ReviewOutputs skill={skill} />
          </>
        ) : (
          <TriggersTab skill={skill} />
        )}
      </div>
      <TranscriptDialog skill={skill} />
    </div>
  );
}

export function EvalsPanel() {
  const selected = useSkills((s) => s.selected);
  if (!selected)
    return (
      <div className="panel-empty" data-testid="evals-empty">
        Open a skill to measure it: does it make answers better, and does the model pick it?
      </div>
    );
  return (
    <PanelErrorBoundary name="evals">
      <EvalsForSkill key={selected.dir} skill={selected} />
    </PanelErrorBoundary>
  );
}
