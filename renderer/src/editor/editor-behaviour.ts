/**
 * Editor options that depend on the file's language, applied to every Monaco
 * editor whatever its component passes: an editor shows one model after another,
 * so they follow the model.
 *
 * - Completion never offers words from other files. Monaco's word completion is
 *   one setting for all editors, so it is limited to the file itself everywhere;
 *   in SKILL.md words are not shown at all (frontmatter values get only the
 *   catalogue's values, see frontmatter-assist.ts).
 * - In SKILL.md a suggestion that pops up by itself is shown with no item picked,
 *   so Enter inserts a newline; once Arrow keys pick an item, Enter takes it. Tab
 *   takes the picked item, or the first one when none is picked.
 */
import type * as MonacoNs from 'monaco-editor';
import { SKILL_MD_LANGUAGE } from './skill-md-language';

type Options = MonacoNs.editor.IEditorOptions & MonacoNs.editor.IGlobalEditorOptions;

export function optionsForLanguage(languageId: string | null): Options {
  const skillMd = languageId === SKILL_MD_LANGUAGE;
  return {
    wordBasedSuggestions: 'currentDocument',
    suggest: skillMd
      ? { showWords: false, selectionMode: 'never' }
      : { showWords: true, selectionMode: 'always' },
  };
}

/** Tab while SKILL.md suggestions show and none is picked (Monaco's own Tab needs a picked one). */
const TAB_TAKES_FIRST_WHEN = `suggestWidgetVisible && !suggestWidgetHasFocusedSuggestion && editorLangId == ${SKILL_MD_LANGUAGE}`;

export function followModelLanguage(monaco: typeof MonacoNs): void {
  monaco.editor.onDidCreateEditor((created) => {
    // Every editor of this (standalone) Monaco is a standalone one, whose options
    // include the global ones like word completion.
    const editor = created as MonacoNs.editor.IStandaloneCodeEditor;
    const apply = () =>
      editor.updateOptions(optionsForLanguage(editor.getModel()?.getLanguageId() ?? null));
    editor.onDidChangeModel(apply);
    editor.onDidChangeModelLanguage(apply);
    // The editor is announced from inside its constructor: its first model, its
    // options and its keybindings are set up right after.
    queueMicrotask(() => {
      apply();
      editor.addAction({
        id: 'skill-studio.acceptFirstSuggestion',
        label: 'Accept the first suggestion',
        keybindings: [monaco.KeyCode.Tab],
        precondition: TAB_TAKES_FIRST_WHEN,
        run(ed) {
          ed.trigger('keyboard', 'selectFirstSuggestion', null);
          ed.trigger('keyboard', 'acceptSelectedSuggestion', null);
        },
      });
    });
  });
}
