/**
 * The playground's state: who it acts as, the skill definitions it builds forms
 * from, each skill's arguments (form ⇄ JSON), the host's check of them, the call
 * options, and the runs. The store decides whether a run may start (valid JSON,
 * arguments that pass the host's check, a provider for a model skill) and builds
 * its request; the run itself is a RunSession (run-session.ts: transport, batching,
 * watchdog, cancel, history). A run's events live in its mutable RunModel outside
 * React state; the store only carries a `tick` that is bumped once per animation
 * frame when a batch of messages was folded in, so 100,000 events cost 100,000 O(1)
 * updates and one render per frame.
 */
import { create } from 'zustand';
import type { SkillDefinition } from '../../../shared/protocol/a2e';
import { makeCallRequest } from '../../../shared/protocol/messages';
import {
  argsFromValue,
  editField,
  editJson,
  orderArgs,
  removeField,
  type ArgsState,
} from '../../../shared/playground/form-sync';
import { errorsByPointer, type FieldErrors } from '../../../shared/playground/field-errors';
import { buildFormModel, initialArguments } from '../../../shared/playground/schema-form';
import type { PathSegment } from '../../../shared/playground/json-path';
import { backend } from '../backend/current';
import { useSkills } from '../stores/skills-store';
import { errorMessage } from '../backend/studio-error';
import { discover } from './a2e-discovery';
import { RunSession, type ActiveRun } from './run-session';
import { useProviders } from '../settings/providers-store';
import {
  effectiveChoice,
  llmOverrideFor,
  rememberChoice,
  rememberedChoice,
  type ModelChoice,
} from './model-choice';
import { runInMetadata, runInBlock, type RunInChoice } from './run-in';

export type PlaygroundTab = 'run' | 'discover' | 'history' | 'cases' | 'graph';
export type ArgsView = 'form' | 'json';

export type { ActiveRun } from './run-session';

export interface ArgsCheck {
  errors: FieldErrors;
  message: string | null;
  /** The arguments text the check was made for. */
  checkedText: string;
  pending: boolean;
}

interface PlaygroundState {
  tab: PlaygroundTab;
  argsView: ArgsView;
  /** The agent the playground acts as; null is the studio itself (every skill). */
  actAs: string | null;
  definitions: Record<string, SkillDefinition>;
  definitionsError: string | null;
  definitionsLoaded: boolean;
  args: Record<string, ArgsState>;
  checks: Record<string, ArgsCheck>;
  timeout: number;
  streaming: boolean;
  runs: Record<string, ActiveRun>;
  /** Bumped after each batch of run messages (once per frame at most). */
  tick: number;
  /** Bumped when the history changed (a call was kept or deleted). */
  historyNonce: number;
  /** Shown above the Run button when a run was refused before it started. */
  runBlocked: Record<string, string | null>;
  /** Provider and model picked for a skill (by folder); remembered in localStorage. */
  modelChoices: Record<string, ModelChoice | null>;
  /** Where runs go: null is the studio's own executors, else an agent client (Run in). */
  runIn: RunInChoice | null;
  /** The A2E host the playground drives: null is this studio, else a remote host's id. */
  host: string | null;
  /** On a remote host: the skill picked from its discovery (it need not exist here). */
  remoteSkill: string | null;
  setHost(host: string | null): void;
  setRemoteSkill(skill: string | null): void;
  setRunIn(choice: RunInChoice | null): void;
  setTab(tab: PlaygroundTab): void;
  setArgsView(view: ArgsView): void;
  setActAs(agent: string | null): void;
  setTimeoutSeconds(s: number): void;
  setStreaming(on: boolean): void;
  loadDefinitions(): Promise<void>;
  argsFor(skill: string): ArgsState;
  editField(skill: string, path: readonly PathSegment[], value: unknown): void;
  removeField(skill: string, path: readonly PathSegment[]): void;
  editJson(skill: string, text: string): void;
  setArgs(skill: string, value: Record<string, unknown>): void;
  resetArgs(skill: string): void;
  check(skill: string): Promise<ArgsCheck>;
  run(skill: string): Promise<boolean>;
  cancel(skill: string): void;
  bumpHistory(): void;
  /** Whether the skill runs on a model (an instruction skill), so it needs a provider. */
  runsOnModel(skill: string): boolean;
  /** The provider and model the next run of the skill uses (null: no provider). */
  modelChoiceFor(skill: string): ModelChoice | null;
  setModelChoice(skill: string, choice: ModelChoice): void;
}

/** runBlocked's text when an instruction skill is run with no provider: the UI offers Settings. */
export const NO_PROVIDER_BLOCK =
  'no model provider is configured, and this skill runs on a model: add one in Settings (a local server such as Ollama needs no key).';

let runKey = 0;
const checkTimers = new Map<string, ReturnType<typeof setTimeout>>();
/** The runs still going or still writing their history, by run key. */
const sessions = new Map<number, RunSession>();
export const CHECK_DEBOUNCE_MS = 150;

/**
 * The folder the playground runs for a skill name: the current skill's (the active
 * tab's) when it has that name. A2E names skills, as agents call them, but two skills
 * may share a name (one shadowed, or both in a SKILL_NAME_CONFLICT): the studio's own
 * connection pins the call to this folder (`metadata.skill_dir`) and the host checks
 * the arguments against it, so the playground runs the skill on screen, never another
 * of its name. Acting as an agent, the host ignores the pin: agents get the winner.
 */
function currentDirFor(skill: string): string | undefined {
  const current = useSkills.getState().selected;
  return current && current.name === skill ? current.dir : undefined;
}

/** The listed skill the playground runs under a name (the one on screen when it has that name). */
function listedSkill(skill: string) {
  const skills = useSkills.getState();
  const dir = currentDirFor(skill);
  return dir ? skills.find({ name: skill, dir }) : skills.winner(skill);
}

/** How Studio API calls (cases, argument checks) name the playground's skill: by its folder. */
export function skillParam(skill: string): string {
  return currentDirFor(skill) ?? skill;
}

function defaultArgs(def: SkillDefinition | undefined): ArgsState {
  if (!def) return argsFromValue({});
  const model = buildFormModel(def.input_schema);
  return argsFromValue(
    orderArgs(
      initialArguments(model, def.arguments),
      model.fields.map((f) => f.key),
    ),
  );
}

export const usePlayground = create<PlaygroundState>((set, get) => {
  const scheduleCheck = (skill: string) => {
    const old = checkTimers.get(skill);
    if (old) clearTimeout(old);
    set((s) => ({
      checks: {
        ...s.checks,
        [skill]: {
          ...(s.checks[skill] ?? { errors: {}, message: null, checkedText: '' }),
          pending: true,
        },
      },
    }));
    checkTimers.set(
      skill,
      setTimeout(() => {
        checkTimers.delete(skill);
        void get().check(skill);
      }, CHECK_DEBOUNCE_MS),
    );
  };

  /** Form edits keep the JSON in the schema's key order (a JSON edit keeps the user's text). */
  const ordered = (skill: string, next: ArgsState): ArgsState => {
    const def = get().definitions[skill];
    if (!def) return next;
    return argsFromValue(
      orderArgs(
        next.value,
        buildFormModel(def.input_schema).fields.map((f) => f.key),
      ),
    );
  };

  const putArgs = (skill: string, next: ArgsState) => {
    set((s) => ({
      args: { ...s.args, [skill]: next },
      runBlocked: { ...s.runBlocked, [skill]: null },
    }));
    scheduleCheck(skill);
  };

  return {
    tab: 'run',
    argsView: 'form',
    actAs: null,
    definitions: {},
    definitionsError: null,
    definitionsLoaded: false,
    args: {},
    checks: {},
    timeout: 60,
    streaming: true,
    runs: {},
    tick: 0,
    historyNonce: 0,
    runBlocked: {},
    modelChoices: {},
    runIn: null,
    host: null,
    remoteSkill: null,

    setTab: (tab) => set({ tab }),
    setHost(host) {
      if (host === get().host) return;
      // Another host has other skills: forms and the picked skill are rebuilt from its discovery.
      set({ host, remoteSkill: null, definitions: {}, definitionsLoaded: false, checks: {} });
      void get().loadDefinitions();
    },
    setRemoteSkill: (remoteSkill) => set({ remoteSkill, tab: 'run' }),
    setArgsView: (argsView) => set({ argsView }),
    setActAs: (actAs) => set({ actAs }),
    setTimeoutSeconds: (timeout) =>
      set({ timeout: Number.isFinite(timeout) && timeout > 0 ? timeout : 60 }),
    setStreaming: (streaming) => set({ streaming }),
    setRunIn: (runIn) => set({ runIn, runBlocked: {} }),

    async loadDefinitions() {
      try {
        // The studio's own view (every skill but archived ones) feeds the forms.
        const host = get().host;
        const defs = await discover(null, {}, undefined, host);
        if (get().host !== host) return; // the host was changed meanwhile
        set({
          definitions: Object.fromEntries(defs.map((d) => [d.name, d])),
          definitionsError: null,
          definitionsLoaded: true,
        });
      } catch (err) {
        set({ definitionsError: errorMessage(err), definitionsLoaded: true });
      }
    },

    argsFor(skill) {
      return get().args[skill] ?? defaultArgs(get().definitions[skill]);
    },
    editField(skill, path, value) {
      putArgs(skill, ordered(skill, editField(get().argsFor(skill), path, value)));
    },
    removeField(skill, path) {
      putArgs(skill, ordered(skill, removeField(get().argsFor(skill), path)));
    },
    editJson(skill, text) {
      putArgs(skill, editJson(get().argsFor(skill), text));
    },
    setArgs(skill, value) {
      putArgs(skill, argsFromValue(value));
    },
    resetArgs(skill) {
      putArgs(skill, defaultArgs(get().definitions[skill]));
    },

    async check(skill) {
      const state = get().argsFor(skill);
      const text = state.text;
      let check: ArgsCheck;
      if (get().host !== null) {
        // A remote host's skill is not here to check against: that host checks the call
        // itself and answers schema_violation, as it would any agent.
        check = { errors: {}, message: null, checkedText: text, pending: false };
        set((s) => ({ checks: { ...s.checks, [skill]: check } }));
        return check;
      }
      try {
        const res = await backend().call('playground.validate', {
          skill: skillParam(skill),
          arguments: state.value,
        });
        check = {
          errors: errorsByPointer(res.errors),
          message: res.ok ? null : res.message,
          checkedText: text,
          pending: false,
        };
      } catch (err) {
        // The skill may be gone or the host unreachable: say so, do not invent field errors.
        check = { errors: {}, message: errorMessage(err), checkedText: text, pending: false };
      }
      // A newer edit has a newer check coming: keep this one only if still current.
      if (get().argsFor(skill).text === text && !checkTimers.has(skill)) {
        set((s) => ({ checks: { ...s.checks, [skill]: check } }));
      }
      return check;
    },

    async run(skill) {
      const existing = get().runs[skill];
      if (existing && existing.model.phase === 'running') return false;
      const args = get().argsFor(skill);
      const block = (why: string) => {
        set((s) => ({ runBlocked: { ...s.runBlocked, [skill]: why } }));
        return false;
      };
      if (args.jsonError) return block(`The JSON is not valid: ${args.jsonError.message}`);
      const pending = checkTimers.get(skill);
      if (pending) {
        clearTimeout(pending);
        checkTimers.delete(skill);
      }
      const check = await get().check(skill);
      const fields = Object.keys(check.errors).length;
      if (fields > 0)
        return block(
          `${fields === 1 ? 'an argument does' : `${fields} arguments do`} not match the skill’s input schema — see the marked field${fields === 1 ? '' : 's'}.`,
        );
      if (check.message) return block(check.message);
      const { runIn, host } = get();
      if (host !== null && runIn)
        return block('Run in an agent client runs on this studio: pick This studio as the host.');
      const refused = runInBlock(runIn, get().actAs);
      if (refused) return block(refused);
      let choice: ModelChoice | null = null;
      // An agent client always talks to a model, whatever the skill's kind. A remote
      // host's model skills use that host's providers: nothing of ours is chosen or sent.
      if (host === null && !runIn?.ownLogin && (get().runsOnModel(skill) || runIn)) {
        if (!useProviders.getState().info) await useProviders.getState().load();
        choice = get().modelChoiceFor(skill);
        if (!choice) return block(NO_PROVIDER_BLOCK);
      }
      set((s) => ({ runBlocked: { ...s.runBlocked, [skill]: null } }));
      const { timeout, streaming, actAs } = get();
      // A folder of ours means nothing to a remote host.
      const dir = host === null ? currentDirFor(skill) : undefined;
      const req = makeCallRequest({
        name: skill,
        arguments: args.value,
        timeout,
        streaming,
        // The picked provider and model: an approved provider id, never a credential. A run
        // in an agent client names them in run_in instead: the client, not the studio, asks.
        llm_override: choice && !runIn ? llmOverrideFor(choice) : null,
        metadata: {
          client: 'skill-studio playground',
          ...(dir ? { skill_dir: dir } : {}),
          ...(runIn ? { run_in: runInMetadata(runIn, choice) } : {}),
        },
      });
      const key = ++runKey;
      const session = new RunSession({
        key,
        skill,
        // Our agents' allowlists are ours: a remote host binds its own (its URL's ?agent=).
        agent: host === null ? actAs : null,
        host,
        request: req,
        backend: backend(),
        onChange: () => set((s) => ({ tick: s.tick + 1 })),
        onKept: () => get().bumpHistory(),
      });
      sessions.set(key, session);
      void session.ended.then(() => sessions.delete(key));
      set((s) => ({ runs: { ...s.runs, [skill]: session.run }, tab: 'run' }));
      session.start();
      return true;
    },

    cancel(skill) {
      const run = get().runs[skill];
      if (!run || run.model.phase !== 'running') return;
      sessions.get(run.key)?.cancel();
    },

    bumpHistory: () => set((s) => ({ historyNonce: s.historyNonce + 1 })),

    // A topology's agents run on a model too.
    runsOnModel: (skill) => {
      const kind = listedSkill(skill)?.kind;
      return kind === 'llm' || kind === 'topology';
    },
    modelChoiceFor(skill) {
      const key = skillParam(skill);
      const picked = key in get().modelChoices ? get().modelChoices[key] : rememberedChoice(key);
      const info = useProviders.getState().info;
      return effectiveChoice(picked, info?.providers ?? [], info?.default_id ?? null);
    },
    setModelChoice(skill, choice) {
      const key = skillParam(skill);
      rememberChoice(key, choice);
      set((s) => ({
        modelChoices: { ...s.modelChoices, [key]: choice },
        runBlocked: { ...s.runBlocked, [skill]: null },
      }));
    },
  };
});
