import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLayout } from '../stores/layout-store';
import { useUi } from '../stores/ui-store';
import { Sidebar } from './sidebar/Sidebar';
import { EditorArea } from '../editor/area/EditorArea';
import { RightPanel } from './right/RightPanel';
import { TitleBar } from './TitleBar';
import { StatusBar } from './StatusBar';
import { SignedOutBar } from './SignedOutBar';
import { BottomPanel } from './BottomPanel';
import { Toasts } from './Toasts';
import { Splitter } from '../ui/Splitter';
import { NewSkillDialog } from './dialogs/NewSkillDialog';
import { OpenWorkspaceDialog } from './dialogs/OpenWorkspaceDialog';
import { ExportDialog } from './dialogs/ExportDialog';
import { ImportDialog } from './dialogs/ImportDialog';
import { InstallDialog } from './dialogs/InstallDialog';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { PromptDialog } from './dialogs/PromptDialog';
import { GoToSkill } from './dialogs/GoToSkill';
import { CommandPalette } from './CommandPalette';
import { ProvidersView } from '../settings/ProvidersView';
import { useGlobalKeys } from './use-global-keys';
import { useBundleDrop } from './use-bundle-drop';
import { useTheme } from './use-theme';
import { useFittedPanels } from './use-fitted-panels';
import { AgentsView } from '../agents/AgentsView';
import { useAgents } from '../agents/agents-store';
import '../styles/room.css';
import { captureScroll, restoreScroll, type ScrollSnapshot } from './scroll-memory';

/**
 * Every scrolled place in the workbench survives maximize and restore: taken when the run
 * view (or Evals) is maximized, before the DOM changes (zustand calls subscribers inside
 * `set`), put back once the maximized view is laid out, and again when the layout returns.
 */
function useScrollKept(workbench: React.RefObject<HTMLDivElement | null>, max: unknown): void {
  const kept = useRef<ScrollSnapshot>([]);
  useEffect(
    () =>
      useLayout.subscribe((s, prev) => {
        if (prev.maximized === null && s.maximized !== null)
          kept.current = captureScroll(workbench.current);
      }),
    [workbench],
  );
  useLayoutEffect(() => restoreScroll(kept.current), [max]);
}

/**
 * The studio's layout (docs/architecture.md, The studio's layout): skills on the left, editor tabs
 * in the centre, problems / preview / files on the right, the playground below.
 */
export function App() {
  const theme = useTheme();
  useGlobalKeys();
  const dropping = useBundleDrop();
  const layout = useLayout();
  // Shown sizes: the remembered ones, fitted to the window.
  const workbench = useRef<HTMLDivElement>(null);
  const sizes = useFittedPanels(workbench);
  const dialog = useUi((s) => s.dialog);
  const agentsOpen = useAgents((s) => s.open);
  // The run view or the Evals panel has the whole workbench; the rest stays mounted, hidden.
  const max = layout.maximized;
  useScrollKept(workbench, max);

  return (
    <div className="app" data-testid="app" data-theme={theme}>
      <TitleBar effectiveTheme={theme} />
      <SignedOutBar />
      <div
        className={`workbench${max ? ` maximized maximized-${max}` : ''}`}
        ref={workbench}
        data-maximized={max ?? undefined}
      >
        {!layout.sidebarCollapsed && (
          <>
            <div className="sidebar-slot" style={{ width: sizes.sidebarWidth }}>
              <Sidebar />
            </div>
            <Splitter
              orientation="vertical"
              size={sizes.sidebarWidth}
              direction={1}
              onResize={(v) => layout.resize('sidebarWidth', v)}
              label="Resize the sidebar"
              testId="splitter-sidebar"
            />
          </>
        )}
        <div className="center">
          <div className="center-top">
            {/* The allowlist manager takes the centre while it is open. */}
            {agentsOpen ? <AgentsView /> : <EditorArea theme={theme} />}
            {(!layout.rightCollapsed || max === 'evals') && (
              <>
                <Splitter
                  orientation="vertical"
                  size={sizes.rightWidth}
                  direction={-1}
                  onResize={(v) => layout.resize('rightWidth', v)}
                  label="Resize the details panel"
                />
                <div
                  className="right-slot"
                  style={max === 'evals' ? undefined : { width: sizes.rightWidth }}
                >
                  <RightPanel />
                </div>
              </>
            )}
          </div>
          {(!layout.bottomCollapsed || max === 'run') && (
            <>
              <Splitter
                orientation="horizontal"
                size={sizes.bottomHeight}
                direction={-1}
                onResize={(v) => layout.resize('bottomHeight', v)}
                label="Resize the playground panel"
              />
              <div
                className="bottom-slot"
                style={max === 'run' ? undefined : { height: sizes.bottomHeight }}
              >
                <BottomPanel />
              </div>
            </>
          )}
        </div>
      </div>
      <StatusBar />
      {dropping && (
        <div className="drop-overlay" data-testid="drop-overlay">
          Drop a .skill or .zip bundle to import it
        </div>
      )}
      {dialog === 'newSkill' && <NewSkillDialog />}
      {dialog === 'openWorkspace' && <OpenWorkspaceDialog />}
      {dialog === 'export' && <ExportDialog />}
      <ImportDialog />
      <InstallDialog />
      <GoToSkill />
      <CommandPalette />
      <ProvidersView />
      <PromptDialog />
      <ConfirmDialog />
      <Toasts />
    </div>
  );
}
