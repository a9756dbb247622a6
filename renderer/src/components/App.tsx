import { useRef } from 'react';
import { useLayout } from '../stores/layout-store';
import { useUi } from '../stores/ui-store';
import { Sidebar } from './sidebar/Sidebar';
import { EditorArea } from './editor/EditorArea';
import { RightPanel } from './right/RightPanel';
import { TitleBar } from './shell/TitleBar';
import { StatusBar } from './shell/StatusBar';
import { SignedOutBar } from './shell/SignedOutBar';
import { BottomPanel } from './shell/BottomPanel';
import { Toasts } from './shell/Toasts';
import { Splitter } from './Splitter';
import { NewSkillDialog } from './dialogs/NewSkillDialog';
import { OpenWorkspaceDialog } from './dialogs/OpenWorkspaceDialog';
import { ExportDialog } from './dialogs/ExportDialog';
import { ImportDialog } from './dialogs/ImportDialog';
import { InstallDialog } from './dialogs/InstallDialog';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { PromptDialog } from './dialogs/PromptDialog';
import { GoToSkill } from './dialogs/GoToSkill';
import { CommandPalette } from './dialogs/CommandPalette';
import { ProvidersView } from '../settings/ProvidersView';
import { useGlobalKeys } from './shell/use-global-keys';
import { useBundleDrop } from './shell/use-bundle-drop';
import { useTheme } from './shell/use-theme';
import { useFittedPanels } from './shell/use-fitted-panels';
import { AgentsView } from '../agents/AgentsView';
import { useAgents } from '../agents/agents-store';

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

  return (
    <div className="app" data-testid="app" data-theme={theme}>
      <TitleBar effectiveTheme={theme} />
      <SignedOutBar />
      <div className="workbench" ref={workbench}>
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
            {!layout.rightCollapsed && (
              <>
                <Splitter
                  orientation="vertical"
                  size={sizes.rightWidth}
                  direction={-1}
                  onResize={(v) => layout.resize('rightWidth', v)}
                  label="Resize the details panel"
                />
                <div className="right-slot" style={{ width: sizes.rightWidth }}>
                  <RightPanel />
                </div>
              </>
            )}
          </div>
          {!layout.bottomCollapsed && (
            <>
              <Splitter
                orientation="horizontal"
                size={sizes.bottomHeight}
                direction={-1}
                onResize={(v) => layout.resize('bottomHeight', v)}
                label="Resize the playground panel"
              />
              <div className="bottom-slot" style={{ height: sizes.bottomHeight }}>
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
