/**
 * Portability: which agent clients accept the open skill, and why not — the same
 * matrix as `skill-studio portability`, computed from the SKILL.md buffer as it is
 * being typed (shared/skill/client-profiles.ts), so it never waits for a save.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useEditor, activeBuffer } from '../../stores/editor-store';
import { useSkills } from '../../stores/skills-store';
import { isSkillMd } from '../../util/skill-md';
import {
  CLIENT_PROFILES,
  portabilityRow,
  type CellStatus,
} from '../../../../shared/skill/client-profiles';
import { CatalogView } from './CatalogView';
import './portability.css';

const STATUS_TEXT: Record<CellStatus, string> = { ok: 'ok', warn: 'warn', fail: 'fail' };

function folderNameOf(dir: string): string {
  const parts = dir.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

/** The SKILL.md text to judge: the open buffer (unsaved edits included), else the saved file. */
function useSkillMdSource(): { text: string; dir: string; name: string } | null {
  const active = useEditor(activeBuffer);
  const detail = useSkills((s) => s.detail);
  const dir = active?.skillDir ?? detail?.summary.dir ?? null;
  const buffer = useEditor((s) =>
    dir === null
      ? null
      : (Object.values(s.buffers).find(
          (b) => b.skillDir === dir && b.kind === 'text' && isSkillMd(b.path),
        ) ?? null),
  );
  if (dir === null) return null;
  if (buffer) return { text: buffer.text, dir, name: buffer.skill };
  if (detail && detail.summary.dir === dir)
    return { text: detail.skillMd, dir, name: detail.summary.name };
  return null;
}

/**
 * The tab: the open skill against each client's rules, or the Catalog (what each client's
 * listing of all the skills found shows, cuts or confuses).
 */
export function PortabilityPanel() {
  const [view, setView] = useState<'skill' | 'catalog'>('skill');
  const source = useSkillMdSource();
  return (
    <>
      <div className="portability-switch" role="group" aria-label="Portability view">
        <button
          type="button"
          aria-pressed={view === 'skill'}
          onClick={() => setView('skill')}
          data-testid="portability-view-skill"
        >
          This skill
        </button>
        <button
          type="button"
          aria-pressed={view === 'catalog'}
          onClick={() => setView('catalog')}
          data-testid="portability-view-catalog"
        >
          Catalog
        </button>
      </div>
      {view === 'catalog' ? <CatalogView mine={source?.name ?? null} /> : <SkillPortability />}
    </>
  );
}

function SkillPortability() {
  const source = useSkillMdSource();
  const text = useDeferredValue(source?.text ?? '');
  const folderName = source ? folderNameOf(source.dir) : '';
  const hasSource = source !== null;
  // Recomputed only when the (deferred) text or the folder changes, not on every render.
  const row = useMemo(
    () => (hasSource ? portabilityRow(text, { folderName }) : []),
    [text, folderName, hasSource],
  );
  if (!source)
    return <div className="panel-empty">Open a skill to see which agents accept it.</div>;
  return (
    <div className="portability" data-testid="portability-panel">
      <div className="portability-title">{source.name}: which agents accept it</div>
      <ul>
        {row.map((cell) => {
          const profile = CLIENT_PROFILES[cell.client];
          const reasons = cell.reasons.filter((d) => d.severity !== 'info');
          return (
            <li
              key={cell.client}
              className={`portability-row status-${cell.status}`}
              data-testid={`portability-${cell.client}`}
              data-status={cell.status}
            >
              <div className="portability-head">
                <span className="portability-client" title={profile.sources.join('\n')}>
                  {profile.label}
                </span>
                <span className={`portability-status status-${cell.status}`}>
                  {STATUS_TEXT[cell.status]}
                </span>
              </div>
              {reasons.length > 0 && (
                <ul className="portability-reasons">
                  {reasons.map((d, i) => (
                    <li key={i} className={`severity-${d.severity}`}>
                      <span className="portability-line">line {d.line}</span> {d.message}
                    </li>
                  ))}
                </ul>
              )}
              {cell.client === 'claude-upload' && cell.status === 'fail' && (
                <div className="portability-fix">
                  Quick fix on export:{' '}
                  <code>skill-studio export {source.name} --fix-for claude-upload</code> moves the
                  other keys under <code>metadata:</code> in the bundle only.
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
