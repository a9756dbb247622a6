/**
 * The raw JSON view of a call's arguments, in Monaco (loaded lazily with the
 * editor chunk). Monaco's JSON service validates it against the skill's
 * input_schema (squiggles, completion, hovers), and the host's ajv errors —
 * the same ones the form shows — are listed under it. Ctrl/Cmd+Enter runs.
 */
import { useEffect, useRef } from 'react';
import Editor, { type OnMount } from '@monaco-editor/react';
import type * as MonacoNs from 'monaco-editor';
import { setupMonaco, monaco } from '../editor/monaco-setup';
import { THEME_IDS } from '../editor/themes';

setupMonaco();

interface Props {
  skill: string;
  schema: Record<string, unknown> | undefined;
  text: string;
  theme: 'dark' | 'light';
  onChange(text: string): void;
  onRun(): void;
}

type JsonSchemaEntry = { uri: string; fileMatch?: string[]; schema?: unknown };

function modelUri(skill: string): string {
  return `inmemory://playground/${encodeURIComponent(skill)}.arguments.json`;
}

/** Maps this skill's argument model to its input_schema, keeping every other JSON schema mapping. */
function useSchema(skill: string, schema: Record<string, unknown> | undefined): void {
  useEffect(() => {
    const json = monaco.languages.json.jsonDefaults;
    const uri = modelUri(skill);
    const schemaUri = `inmemory://playground-schema/${encodeURIComponent(skill)}.json`;
    const opts = json.diagnosticsOptions;
    const others = ((opts.schemas ?? []) as JsonSchemaEntry[]).filter((s) => s.uri !== schemaUri);
    const mine: JsonSchemaEntry[] =
      schema && Object.keys(schema).length > 0
        ? [{ uri: schemaUri, fileMatch: [uri], schema: { type: 'object', ...schema } }]
        : [];
    json.setDiagnosticsOptions({
      ...opts,
      validate: true,
      enableSchemaRequest: false,
      schemas: [...others, ...mine],
    });
  }, [skill, schema]);
}

export default function JsonArgsEditor({ skill, schema, text, theme, onChange, onRun }: Props) {
  const editorRef = useRef<MonacoNs.editor.IStandaloneCodeEditor | null>(null);
  const runRef = useRef(onRun);
  runRef.current = onRun;
  useSchema(skill, schema);

  // A form edit changes `text`: push it into the model unless it already says that.
  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (model && model.getValue() !== text) model.setValue(text);
  }, [text]);

  const onMount: OnMount = (ed, m) => {
    editorRef.current = ed;
    ed.addCommand(m.KeyMod.CtrlCmd | m.KeyCode.Enter, () => runRef.current());
  };

  return (
    <div className="pg-json-editor" data-testid="args-json">
      <Editor
        path={modelUri(skill)}
        defaultValue={text}
        language="json"
        theme={theme === 'dark' ? THEME_IDS.dark : THEME_IDS.light}
        onMount={onMount}
        onChange={(value) => {
          if (value !== undefined && value !== text) onChange(value);
        }}
        loading={<div className="editor-loading">Loading editor…</div>}
        options={{
          fontSize: 13,
          lineHeight: 19,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          lineNumbers: 'off',
          folding: true,
          fixedOverflowWidgets: true,
          automaticLayout: true,
          tabSize: 2,
          padding: { top: 6 },
          renderLineHighlight: 'none',
        }}
      />
    </div>
  );
}
