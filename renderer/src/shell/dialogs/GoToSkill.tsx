/**
 * Ctrl+P "go to skill or file": a filter box over every listed skill and the files of
 * skills (`skill/path`), ranked by quick-open.ts. Arrow keys move, Enter opens (the
 * keyboard then in its editor), Escape closes. Two skills with one name are two rows, each
 * with its source and folder. File listings are fetched as the query needs them, a few
 * skills at a time, and cached per skill (stores/skill-files-cache.ts).
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import { useSkills } from '../../stores/skills-store';
import { useWorkspace } from '../../stores/workspace-store';
import { SOURCE_LABELS } from '../../stores/skill-filter';
import { openSkill } from '../../actions/skills';
import { useEditor } from '../../stores/editor-store';
import { folderLabel } from '../../util/folder-label';
import { requestFiles, useSkillFiles } from '../../stores/skill-files-cache';
import { PickList, type PickRow } from '../../ui/PickList';
import { rankQuickOpen, wantedFiles, type QuickItem } from './quick-open';

/** Most rows shown at once; typing narrows the rest down. */
const MAX_ROWS = 100;

export const useGoToSkill = create<{ open: boolean }>(() => ({ open: false }));

export function showGoToSkill(): void {
  useGoToSkill.setState({ open: true });
}

function hideGoToSkill(): void {
  useGoToSkill.setState({ open: false });
}

export function GoToSkill() {
  const open = useGoToSkill((s) => s.open);
  return open ? <GoToSkillPalette /> : null;
}

const keyOf = (item: QuickItem) =>
  item.kind === 'skill' ? `s:${item.skill.dir}` : `f:${item.skill.dir}:${item.path}`;

function GoToSkillPalette() {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const skills = useSkills((s) => s.listing?.skills);
  const root = useWorkspace((s) => s.info?.root ?? null);
  // Listings arrive a few at a time; ranking them waits for the typing, never the reverse.
  const cached = useDeferredValue(useSkillFiles((s) => s.byDir));
  const wanted = useMemo(() => wantedFiles(skills ?? [], query), [skills, query]);
  useEffect(() => requestFiles(wanted), [wanted]);
  const { items, more } = useMemo(
    () => rankQuickOpen(skills ?? [], (dir) => cached[dir]?.files, query, MAX_ROWS),
    [skills, cached, query],
  );
  const listing = wanted.filter((d) => !cached[d]).length;

  const pick = (item: QuickItem) => {
    hideGoToSkill();
    const ref = { name: item.skill.name, dir: item.skill.dir };
    // Where the keyboard was is gone with the dialog: it goes to the file just opened.
    const opened =
      item.kind === 'skill'
        ? openSkill(ref)
        : useEditor
            .getState()
            .open(item.skill, item.path)
            .then(() => undefined);
    void opened.then(() => {
      const { activeId, focus } = useEditor.getState();
      if (activeId) focus(activeId);
    });
  };

  const footer =
    more > 0 || listing > 0 ? (
      <span data-testid="go-to-skill-more">
        {more > 0 ? `${more} more; type more of a name or skill/path to narrow. ` : ''}
        {listing > 0 ? `Listing the files of ${listing} skills…` : ''}
      </span>
    ) : null;

  return (
    <PickList
      title="Go to skill or file"
      id="go-to-skill"
      inputLabel="Skill or file"
      listLabel="Skills and files"
      placeholder="Type a skill name, a file name, or skill/path"
      query={query}
      onQuery={setQuery}
      items={items}
      active={active}
      onActive={setActive}
      keyOf={keyOf}
      onPick={pick}
      onClose={hideGoToSkill}
      footer={footer}
      empty={
        skills
          ? listing > 0
            ? 'Listing files…'
            : `No skill or file matches “${query.trim()}”.`
          : 'Loading skills…'
      }
      render={(item): PickRow =>
        item.kind === 'skill'
          ? {
              title: item.skill.dir,
              attrs: {
                'data-testid': 'go-to-skill-item',
                'data-skill': item.skill.name,
                'data-source': item.skill.source,
              },
              content: (
                <>
                  <span className="pick-name">{item.skill.name}</span>
                  <span className="pick-detail">{SOURCE_LABELS[item.skill.source]}</span>
                  <span className="pick-where">{folderLabel(item.skill.dir, root)}</span>
                </>
              ),
            }
          : {
              title: `${item.skill.dir}/${item.path}`,
              attrs: {
                'data-testid': 'go-to-file-item',
                'data-skill': item.skill.name,
                'data-path': item.path,
              },
              content: (
                <>
                  <span className="pick-name">
                    {item.skill.name}/{item.path}
                  </span>
                  <span className="pick-detail">file</span>
                  <span className="pick-where">{folderLabel(item.skill.dir, root)}</span>
                </>
              ),
            }
      }
    />
  );
}
