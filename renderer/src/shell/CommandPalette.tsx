/**
 * Ctrl/Cmd+Shift+P: every command of the one command table (shared/commands.ts) with its
 * shortcut, filtered as one types (a title's words in order, or its letters: skill-ranking's
 * matching), greyed with why when it cannot run now. Enter runs the command once the
 * palette has closed and given the focus back, so the command acts where the user was.
 */
import { useMemo, useState } from 'react';
import { COMMAND_IDS, COMMANDS, type CommandId } from '../../../shared/commands';
import { shortcutLabel } from '../shortcuts';
import { IS_MAC } from '../platform';
import { commandUnavailable } from './command-state';
import { runCommand } from './use-global-keys';
import { PickList } from '../ui/PickList';
import { nativeDialogs } from '../backend/native';
import { hideCommandPalette, useCommandPalette } from './command-palette-store';
import { rankCommands } from './command-ranking';

export function CommandPalette() {
  const open = useCommandPalette((s) => s.open);
  return open ? <Palette /> : null;
}

/**
 * The key a command is bound to here: a menu-only key (Ctrl+O…) works in the desktop app,
 * where the native menu holds it, and not in a browser, which keeps it for itself.
 */
function keyHere(id: CommandId): string {
  return COMMANDS[id].page || nativeDialogs() !== null ? shortcutLabel(id, IS_MAC) : '';
}

/** Every command but the palette itself. */
const LISTED: readonly CommandId[] = COMMAND_IDS.filter((id) => id !== 'commandPalette');

function Palette() {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const items = useMemo(
    () =>
      rankCommands(
        LISTED.map((id) => ({ id, title: COMMANDS[id].title })),
        query,
      ),
    [query],
  );
  // Asked once per opening: the state behind it does not change while the palette is up.
  const why = useMemo(() => new Map(LISTED.map((id) => [id, commandUnavailable(id)])), []);

  return (
    <PickList
      title="Command palette"
      id="command-palette"
      inputLabel="Command"
      listLabel="Commands"
      placeholder="Type a command"
      query={query}
      onQuery={setQuery}
      items={items}
      active={active}
      onActive={setActive}
      keyOf={(c) => c.id}
      disabledWhy={(c) => why.get(c.id) ?? null}
      onPick={(c) => {
        hideCommandPalette();
        // After the palette is gone and the focus is back where it was.
        setTimeout(() => runCommand(c.id), 0);
      }}
      onClose={hideCommandPalette}
      empty={`No command matches “${query.trim()}”.`}
      render={(c) => ({
        attrs: { 'data-testid': 'command-item', 'data-command': c.id },
        content: (
          <>
            <span className="pick-name">{c.title}</span>
            <span className="pick-detail pick-key">{keyHere(c.id)}</span>
          </>
        ),
      })}
    />
  );
}
