import { useDeferredValue, useMemo } from 'react';
import { useEditor, activeBuffer } from '../../stores/editor-store';
import { useSkills } from '../../stores/skills-store';
import { renderMarkdown } from '../../editor/markdown';
import { isSkillMd } from '../../util/skill-md';

/** The rendered Markdown of the active .md file (or the selected skill's SKILL.md). */
export function PreviewPanel() {
  const buffer = useEditor(activeBuffer);
  const detail = useSkills((s) => s.detail);
  const source =
    buffer && buffer.kind === 'text' && buffer.path.toLowerCase().endsWith('.md')
      ? {
          text: buffer.text,
          skillMd: isSkillMd(buffer.path),
          title: `${buffer.skill}/${buffer.path}`,
        }
      : detail
        ? { text: detail.skillMd, skillMd: true, title: `${detail.summary.name}/SKILL.md` }
        : null;
  const text = useDeferredValue(source?.text ?? '');
  const html = useMemo(
    () => (source ? renderMarkdown(text, source.skillMd) : ''),
    [text, source?.skillMd],
  );
  if (!source) return <div className="panel-empty">Open a Markdown file to preview it.</div>;
  return (
    <div className="preview" data-testid="preview-panel">
      <div className="preview-title">{source.title}</div>
      <article className="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
