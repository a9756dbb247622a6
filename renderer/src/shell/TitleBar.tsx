import { useRef } from 'react';
import { useWorkspace } from '../stores/workspace-store';
import { useLayout } from '../stores/layout-store';
import { useUi, notify } from '../stores/ui-store';
import { useSkills } from '../stores/skills-store';
import { chooseWorkspace } from '../actions/workspace';
import { importBundle } from '../actions/import-flow';
import { withShortcut } from '../shortcuts';
import { IS_MAC } from '../platform';
import { IconButton } from '../ui/IconButton';
import { useInstallDialog } from './dialogs/InstallDialog';
import { showProviderSettings } from '../settings/providers-store';

/** Top bar: the workspace, the frequent actions, panel toggles and the theme. */
export function TitleBar({ effectiveTheme }: { effectiveTheme: 'dark' | 'light' }) {
  const root = useWorkspace((s) => s.info?.root ?? null);
  const layout = useLayout();
  const openDialog = useUi((s) => s.openDialog);
  const selected = useSkills((s) => s.selected);
  const fileInput = useRef<HTMLInputElement>(null);
  const themeLabel = `Theme: ${layout.theme === 'system' ? `follow system (${effectiveTheme})` : layout.theme} — click to change`;

  return (
    <header className="titlebar" data-testid="titlebar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Skill Studio</span>
      </div>
      <button
        type="button"
        className="workspace-button"
        onClick={() => void chooseWorkspace()}
        title={
          root ? `Workspace: ${root} — click to open another folder` : 'Open a workspace folder'
        }
        data-testid="workspace-button"
      >
        {root ?? 'No workspace'}
      </button>
      <div className="toolbar">
        <IconButton
          icon="folderOpenWs"
          label="Open folder…"
          onClick={() => void chooseWorkspace()}
          data-testid="open-workspace"
        />
        <IconButton
          icon="plus"
          label={withShortcut('New skill', 'newSkill', IS_MAC)}
          onClick={() => openDialog('newSkill')}
        />
        <IconButton
          icon="upload"
          label="Import a .skill or .zip bundle (or drop it on the window)"
          onClick={() => fileInput.current?.click()}
          data-testid="import-button"
        />
        <IconButton
          icon="download"
          label="Export the selected skill as a bundle"
          onClick={() => {
            if (!selected) notify('info', 'Select a skill to export.');
            else openDialog('export', selected);
          }}
          data-testid="export-button"
        />
        <IconButton
          icon="skill"
          label="Install the selected skill to an agent client (Claude Code, Codex, …)"
          onClick={() => {
            if (!selected) notify('info', 'Select a skill to install.');
            else useInstallDialog.getState().open(selected);
          }}
          data-testid="install-button"
        />
        <span className="toolbar-sep" />
        <IconButton
          icon="sidebar"
          label={withShortcut('Toggle sidebar', 'toggleSidebar', IS_MAC)}
          active={!layout.sidebarCollapsed}
          onClick={layout.toggleSidebar}
          data-testid="toggle-sidebar"
        />
        <IconButton
          icon="panelBottom"
          label={withShortcut('Toggle playground panel', 'toggleBottom', IS_MAC)}
          active={!layout.bottomCollapsed}
          onClick={layout.toggleBottom}
          data-testid="toggle-bottom"
        />
        <IconButton
          icon="panelRight"
          label="Toggle details panel"
          active={!layout.rightCollapsed}
          onClick={layout.toggleRight}
          data-testid="toggle-right"
        />
        <IconButton
          icon="settings"
          label={withShortcut('Settings: model providers', 'settings', IS_MAC)}
          onClick={() => showProviderSettings()}
          data-testid="settings-button"
        />
        <IconButton
          icon="theme"
          label={themeLabel}
          onClick={layout.cycleTheme}
          data-testid="theme-toggle"
        />
      </div>
      <input
        ref={fileInput}
        type="file"
        accept=".skill,.zip"
        hidden
        data-testid="import-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importBundle(file);
        }}
      />
    </header>
  );
}
