/**
 * SKILL.md help in Monaco: hover docs for every frontmatter key, completion of
 * keys and enum values, and quick fixes. The logic is in frontmatter-assist.ts;
 * this file only adapts it to Monaco's provider interfaces.
 */
import type * as MonacoNs from 'monaco-editor';
import { completionsAt, hoverAt, hoverMarkdown, quickFixesFor } from './frontmatter-assist';
import { modelInfo } from './model-registry';
import { SKILL_MD_LANGUAGE } from './skill-md-language';
import type { Diagnostic, DiagnosticCode } from '../../../shared/check/diagnostics';

export const MARKER_OWNER = 'skill-studio';
const MARKER_SOURCE = 'skill-studio';

export function registerSkillMdProviders(monaco: typeof MonacoNs): void {
  const skillMd = (model: MonacoNs.editor.ITextModel) =>
    modelInfo(model.uri.toString())?.skillMd === true;

  monaco.languages.registerHoverProvider(SKILL_MD_LANGUAGE, {
    provideHover(model, position) {
      if (!skillMd(model)) return null;
      const info = hoverAt(model.getValue(), position.lineNumber, position.column);
      if (!info) return null;
      return {
        range: new monaco.Range(info.line, info.start, info.line, info.end),
        contents: [{ value: hoverMarkdown(info) }],
      };
    },
  });

  monaco.languages.registerCompletionItemProvider(SKILL_MD_LANGUAGE, {
    triggerCharacters: [' ', ':'],
    provideCompletionItems(model, position) {
      if (!skillMd(model)) return { suggestions: [] };
      const items = completionsAt(model.getValue(), position.lineNumber, position.column);
      // Replace the whole typed token, hyphens included ("allowed-to" → "allowed-tools: ").
      const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const typed = /[\w-]*$/.exec(before)?.[0].length ?? 0;
      const range = new monaco.Range(
        position.lineNumber,
        position.column - typed,
        position.lineNumber,
        position.column,
      );
      return {
        suggestions: items.map((item) => ({
          label: item.label,
          kind:
            item.kind === 'key'
              ? monaco.languages.CompletionItemKind.Property
              : monaco.languages.CompletionItemKind.EnumMember,
          insertText: item.insertText,
          detail: item.detail,
          documentation: item.documentation,
          range,
        })),
      };
    },
  });

  monaco.languages.registerCodeActionProvider(SKILL_MD_LANGUAGE, {
    provideCodeActions(model, _range, context) {
      const info = modelInfo(model.uri.toString());
      if (!info?.skillMd) return { actions: [], dispose() {} };
      const text = model.getValue();
      const actions: MonacoNs.languages.CodeAction[] = [];
      // Several markers can share one fix (a bad name breaks several rules): list it once.
      const offered = new Set<string>();
      for (const marker of context.markers) {
        if (marker.source !== MARKER_SOURCE) continue;
        const code = typeof marker.code === 'string' ? marker.code : marker.code?.value;
        if (!code) continue;
        const diagnostic: Diagnostic = {
          severity: 'error',
          code: code as DiagnosticCode,
          message: marker.message,
          line: marker.startLineNumber,
          column: marker.startColumn,
          field: null,
        };
        for (const fix of quickFixesFor(text, diagnostic, info.folderName)) {
          if (offered.has(fix.title)) continue;
          offered.add(fix.title);
          actions.push({
            title: fix.title,
            kind: 'quickfix',
            diagnostics: [marker],
            isPreferred: true,
            edit: {
              edits: [
                {
                  resource: model.uri,
                  versionId: model.getVersionId(),
                  textEdit: {
                    range: new monaco.Range(
                      fix.edit.line,
                      fix.edit.startColumn,
                      fix.edit.line,
                      fix.edit.endColumn,
                    ),
                    text: fix.edit.text,
                  },
                },
              ],
            },
          });
        }
      }
      return { actions, dispose() {} };
    },
  });
}

/** Diagnostics as Monaco markers at the exact line/column (to the end of the word or line). */
export function toMarkers(
  monaco: typeof MonacoNs,
  model: MonacoNs.editor.ITextModel,
  diagnostics: readonly Diagnostic[],
): MonacoNs.editor.IMarkerData[] {
  const lineCount = model.getLineCount();
  return diagnostics
    .filter((d) => d.file === undefined)
    .map((d) => {
      const line = Math.min(Math.max(1, d.line), lineCount);
      const maxColumn = model.getLineMaxColumn(line);
      const column = Math.min(Math.max(1, d.column), maxColumn);
      // Underline the whole token at the position (a name like "Bad-Name" is one value, not two words).
      const text = model.getLineContent(line);
      let endColumn = column;
      while (endColumn < maxColumn && !/\s/.test(text[endColumn - 1])) endColumn++;
      if (endColumn === column) endColumn = maxColumn;
      if (endColumn <= column) endColumn = Math.min(column + 1, maxColumn);
      if (endColumn <= column) endColumn = column;
      return {
        owner: MARKER_OWNER,
        source: MARKER_SOURCE,
        code: d.code,
        message: d.message,
        severity:
          d.severity === 'error'
            ? monaco.MarkerSeverity.Error
            : d.severity === 'warning'
              ? monaco.MarkerSeverity.Warning
              : monaco.MarkerSeverity.Info,
        startLineNumber: line,
        startColumn: column,
        endLineNumber: line,
        endColumn: Math.max(endColumn, column + (maxColumn > column ? 1 : 0)),
      };
    });
}
