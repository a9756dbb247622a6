/**
 * Monaco from the local package — never a CDN. The editor core, syntax colouring
 * for every basic language, and JSON's language service; workers are bundled by
 * Vite (`?worker`). @monaco-editor/react is pointed at this instance. Every
 * editor it creates gets the options of its model's language (editor-behaviour.ts).
 */
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/monaco.contribution.js';
import 'monaco-editor/esm/vs/language/json/monaco.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import { loader } from '@monaco-editor/react';
import { defineStudioThemes } from './themes';
import { registerSkillMdProviders } from './monaco-providers';
import { registerSkillMdLanguage } from './skill-md-language';
import { followModelLanguage } from './editor-behaviour';
import { installMonacoCancellationFilter } from './monaco-cancellation';

export type Monaco = typeof monaco;

let ready = false;

export function setupMonaco(): Monaco {
  if (ready) return monaco;
  ready = true;
  self.MonacoEnvironment = {
    getWorker(_workerId: string, label: string) {
      if (label === 'json') return new JsonWorker();
      return new EditorWorker();
    },
  };
  installMonacoCancellationFilter(self);
  loader.config({ monaco });
  defineStudioThemes(monaco);
  registerSkillMdLanguage(monaco);
  registerSkillMdProviders(monaco);
  followModelLanguage(monaco);
  return monaco;
}

export { monaco };
