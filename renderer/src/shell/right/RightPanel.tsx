import { useLayout } from '../../stores/layout-store';
import type { RightTab } from '../../stores/layout-persist';
import { shortcutLabel } from '../../shortcuts';
import { IS_MAC } from '../../platform';
import { ProblemsPanel } from './ProblemsPanel';
import { PreviewPanel } from './PreviewPanel';
import { FilesPanel } from './FilesPanel';
import { PortabilityPanel } from './PortabilityPanel';
import { EvalsPanel } from '../../evals/EvalsPanel';
import { useProblems } from './use-problems';
import { TabBar } from '../../ui/TabBar';
import { SearchPanel } from './SearchPanel';

const TABS: { id: RightTab; label: string }[] = [
  { id: 'problems', label: 'Problems' },
  { id: 'preview', label: 'Preview' },
  { id: 'files', label: 'Files' },
  { id: 'portability', label: 'Portability' },
  { id: 'evals', label: 'Evals' },
  { id: 'search', label: 'Search' },
];

/** Right: problems, Markdown preview, the selected skill's files, which agents accept it, and its evals. */
export function RightPanel() {
  const tab = useLayout((s) => s.rightTab);
  const show = useLayout((s) => s.showRightTab);
  const { counts } = useProblems();
  return (
    <aside className="right-panel" aria-label="Details" data-testid="right-panel">
      <TabBar
        items={TABS.map((t) => ({
          id: t.id,
          title:
            t.id === 'problems'
              ? `Problems (${shortcutLabel('showProblems', IS_MAC)})`
              : t.id === 'search'
                ? `Search in every skill (${shortcutLabel('findInFiles', IS_MAC)})`
                : t.label,
          label: (
            <>
              <span className="panel-tab-label">{t.label}</span>
              {t.id === 'problems' && counts.errors + counts.warnings > 0 && (
                <span className="tab-count" data-testid="problems-count">
                  {counts.errors + counts.warnings}
                </span>
              )}
            </>
          ),
        }))}
        selected={tab}
        onSelect={show}
        className="panel-tabs"
        itemClass="panel-tab"
        itemTestId={(id) => `right-tab-${id}`}
      />
      <div className="panel-body" role="tabpanel">
        {tab === 'problems' && <ProblemsPanel />}
        {tab === 'preview' && <PreviewPanel />}
        {tab === 'files' && <FilesPanel />}
        {tab === 'portability' && <PortabilityPanel />}
        {tab === 'evals' && <EvalsPanel />}
        {tab === 'search' && <SearchPanel />}
      </div>
    </aside>
  );
}
