/**
 * The playground (the bottom panel): act as the studio or one of the workspace's
 * agents; run the selected skill with arguments from a generated form or JSON
 * and watch its events; discover skills as the chosen agent; the call history
 * and the skill's saved cases. A topology skill also gets a Graph tab (its graph,
 * agents editor and state inspector), and its runs show their steps above the run.
 */
import { useEffect, type KeyboardEvent } from 'react';
import type { LLMConfig } from '../../../shared/protocol/a2e';
import { backend } from '../backend/current';
import { useSkills } from '../stores/skills-store';
import { usePlayground, type PlaygroundTab } from './playground-store';
import { ArgsPanel } from './ArgsPanel';
import { RunView } from './RunView';
import { DiscoverPanel } from './DiscoverPanel';
import { HostPicker } from './HostPicker';
import { HistoryPanel, saveAsCase } from './HistoryPanel';
import { CasesPanel } from './CasesPanel';
import { PanelErrorBoundary } from '../ui/PanelErrorBoundary';
import { ActAsSelect } from './ActAsSelect';
import { RerunWithModel } from './ModelPicker';
import { IconButton } from '../ui/IconButton';
import { MaximizeButton } from '../ui/MaximizeButton';
import { TabBar, type TabItem } from '../ui/TabBar';
import { useLayout } from '../stores/layout-store';
import { withShortcut } from '../shortcuts';
import { IS_MAC } from '../platform';
import { TopologyPanel } from './TopologyPanel';
import { TopologyRunStrip } from './TopologyRunStrip';
import { useIsTopologySkill } from '../topology/use-topology-source';
import '../styles/playground.css';
import '../topology/topology.css';
import { UNDECLARED_VERSION } from '../../../shared/skill/definition';

const TABS: TabItem<PlaygroundTab>[] = [
  { id: 'run', label: 'Run' },
  { id: 'graph', label: 'Graph' },
  { id: 'discover', label: 'Discover' },
  { id: 'history', label: 'History' },
  { id: 'cases', label: 'Cases' },
];

export interface PlaygroundProps {
  /** The skill the playground runs (the sidebar's selection). */
  skill: string | null;
  /** Selects another skill (Discover's "Try it"). */
  onSelectSkill(name: string): void;
}

function PlaygroundBody({ skill, onSelectSkill }: PlaygroundProps) {
  const tab = usePlayground((s) => s.tab);
  const setTab = usePlayground((s) => s.setTab);
  const definitions = usePlayground((s) => s.definitions);
  const loaded = usePlayground((s) => s.definitionsLoaded);
  const defsError = usePlayground((s) => s.definitionsError);
  const run = usePlayground((s) => (skill ? s.runs[skill] : undefined));
  // Re-render when the run ends (for its actions), not on every batch of events.
  usePlayground((s) => (skill ? s.runs[skill]?.model.phase : undefined));
  const actAs = usePlayground((s) => s.actAs);
  // Bundled skills are read-only: a case cannot be saved into them.
  const readOnly = useSkills((s) => s.winner(skill)?.writable === false);
  const topology = useIsTopologySkill(skill);
  // Only a topology skill has a Graph tab; another skill picked while it was open shows its run.
  const shownTab = tab === 'graph' && !topology ? 'run' : tab;

  useEffect(() => {
    const pg = usePlayground.getState();
    void pg.loadDefinitions();
    // Skills come and go and their schemas change: keep the forms' definitions fresh.
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = backend().onEvent((e) => {
      if (e.type !== 'skills.changed' && e.type !== 'workspace.changed') return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void usePlayground.getState().loadDefinitions(), 150);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key === 'Enter' && skill) {
      e.preventDefault();
      e.stopPropagation();
      void usePlayground.getState().run(skill);
    }
  };

  const definition = skill ? definitions[skill] : undefined;
  const finished = run && run.model.phase !== 'running';

  return (
    <div className="playground" data-testid="playground" onKeyDown={onKeyDown}>
      <div className="pg-header">
        <TabBar
          items={topology ? TABS : TABS.filter((t) => t.id !== 'graph')}
          selected={shownTab}
          onSelect={setTab}
          className="pg-tabs"
          itemClass="pg-tab"
          label="Playground"
          itemTestId={(id) => `pg-tab-${id}`}
        />
        {skill && (
          <span className="pg-skill" data-testid="pg-skill">
            {skill}
            {definition && definition.version !== UNDECLARED_VERSION && (
              <span className="pg-muted"> v{definition.version}</span>
            )}
          </span>
        )}
        <span className="pg-spacer" />
        <HostPicker />
        <ActAsSelect />
        <MaximizeButton which="run" />
        <IconButton
          icon="close"
          label={withShortcut('Hide the playground', 'toggleBottom', IS_MAC)}
          onClick={() => useLayout.getState().toggleBottom()}
          data-testid="playground-hide"
        />
      </div>
      {defsError && (
        <div className="pg-field-error block">
          The skill definitions could not be loaded: {defsError}
        </div>
      )}
      <div className="pg-body">
        {shownTab === 'discover' ? (
          <DiscoverPanel
            onOpenSkill={(name) => {
              onSelectSkill(name);
              setTab('run');
            }}
          />
        ) : !skill ? (
          <div className="panel-empty playground-empty" data-testid="playground-empty">
            <div>
              <strong>Select a skill to try it.</strong>
              <p>
                Pick one in the sidebar (or use Discover), fill in its arguments, and run it:
                progress, logs, artifacts and the result stream in here.
              </p>
            </div>
          </div>
        ) : shownTab === 'history' ? (
          <HistoryPanel skill={skill} onSelectSkill={onSelectSkill} />
        ) : shownTab === 'cases' ? (
          <CasesPanel skill={skill} />
        ) : shownTab === 'graph' ? (
          <TopologyPanel skill={skill} />
        ) : (
          <div className="pg-run-layout">
            <div className="pg-left">
              {loaded && !definition && (
                <div className="pg-warning" data-testid="no-definition">
                  {skill} is not offered by discovery (archived, shadowed or unreadable): the form
                  has no schema, and the host may refuse the call.
                </div>
              )}
              <ArgsPanel skill={skill} definition={definition} />
            </div>
            <div className="pg-right">
              {run ? (
                <>
                  {finished && run.model.outcome() !== 'refused' && (
                    <div className="pg-run-actions">
                      <button
                        type="button"
                        className="button secondary small"
                        disabled={readOnly}
                        title={
                          readOnly
                            ? 'Bundled skills are read-only: copy the skill into your workspace to keep cases with it'
                            : 'Save this call as tests/cases/<name>.json in the skill'
                        }
                        onClick={() =>
                          void saveAsCase(skill, {
                            arguments: run.model.request.arguments,
                            timeout: run.model.request.timeout,
                            result: run.model.result(),
                            llm_override: run.model.request.llm_override,
                          })
                        }
                        data-testid="run-save-case"
                      >
                        Save as case
                      </button>
                      {run.model.request.llm_override && (
                        <RerunWithModel
                          skill={skill}
                          args={run.model.request.arguments}
                          current={modelOf(run.model.request.llm_override)}
                        />
                      )}
                    </div>
                  )}
                  {topology && <TopologyRunStrip skill={skill} run={run} />}
                  <RunView run={run} />
                </>
              ) : (
                <div className="pg-empty-run" data-testid="run-empty">
                  Run {skill} {actAs ? `as ${actAs} ` : ''}to see its progress, logs, artifacts and
                  result here.
                </div>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** The provider and model an override picked. */
function modelOf(o: LLMConfig): { provider: string; model: string } {
  const model = o.provider_config?.model;
  return { provider: o.provider_name, model: typeof model === 'string' ? model : '' };
}

export function Playground(props: PlaygroundProps) {
  return (
    <PanelErrorBoundary name="playground">
      <PlaygroundBody {...props} />
    </PanelErrorBoundary>
  );
}
