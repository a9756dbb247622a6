/**
 * The agents editor of a topology skill (beside its graph): the topology expression, parsed
 * as it is typed with the error at its column, and one card per agent of `agents:` with
 * its instruction ({key} completion from the state keys), reads, writes, tools and model;
 * add and remove agents. Every change is written into the SKILL.md buffer through
 * agents-edit.ts (one key at a time, as one undo step per burst), and everything shown is
 * read back from the text: the text stays the source of truth.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { draftKeyDown } from '../editor/form/draft-keys';
import { BUILTIN_TOOL_NAMES } from '../../../shared/skill/builtin-tools';
import { notify } from '../stores/ui-store';
import {
  addAgent,
  agentNameProblem,
  listFromInput,
  removeAgent,
  setAgentField,
  setTopologyExpression,
  type AgentField,
} from './agents-edit';
import type { EditOutcome } from './frontmatter-writer';
import { closeUndoStep, prepareBufferWrites, writeSkillMd } from './buffer-write';
import { InstructField } from './InstructField';
import type { TopologyAgentSpec, TopologySource } from './topology-source';

interface Props {
  text: string;
  bufferId: string | null;
  readOnly: boolean;
  source: TopologySource;
  /** The agent picked in the graph: its card opens and scrolls into view. */
  focusAgent: string | null;
  /** Reveals a 1-based column of the expression in the text editor. */
  onRevealColumn(column: number): void;
}

/** A one-line field that commits on blur or Enter (lists and names would fight live rewrites). */
function DraftField({
  label,
  value,
  placeholder,
  readOnly,
  list,
  testId,
  hint,
  onCommit,
}: {
  label: string;
  value: string;
  placeholder?: string;
  readOnly: boolean;
  list?: string;
  testId: string;
  hint?: ReactNode;
  onCommit(value: string): void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [editing, setEditing] = useState(false);
  const shown = editing ? draft : value;
  const commit = () => {
    setEditing(false);
    if (draft !== value) onCommit(draft);
  };
  return (
    <div className="topo-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="pg-input"
        value={shown}
        placeholder={placeholder}
        readOnly={readOnly}
        list={list}
        spellCheck={false}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={testId}
        onFocus={() => {
          setDraft(value);
          setEditing(true);
        }}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) =>
          draftKeyDown(e, { pending: editing, commit, revert: () => setDraft(value) })
        }
      />
      {hint && (
        <div id={`${id}-hint`} className="topo-field-hint">
          {hint}
        </div>
      )}
    </div>
  );
}

/** The one-line fields of an agent's card, two to a row: lists are typed comma-separated. */
type LineField =
  { field: 'reads' | 'tools'; list: true } | { field: 'writes' | 'model'; list: false };
const AGENT_FIELD_ROWS: (LineField & {
  label: string;
  placeholder: string;
  /** The datalist of suggestions. */
  suggestions?: string;
})[][] = [
  [
    {
      field: 'reads',
      list: true,
      label: 'Reads',
      placeholder: 'state keys, comma-separated',
      suggestions: 'topo-state-keys',
    },
    {
      field: 'writes',
      list: false,
      label: 'Writes',
      placeholder: 'the key its answer goes to',
      suggestions: 'topo-state-keys',
    },
  ],
  [
    {
      field: 'tools',
      list: true,
      label: 'Tools',
      placeholder: 'e.g. time, calculator',
      suggestions: 'topo-tool-names',
    },
    { field: 'model', list: false, label: 'Model', placeholder: 'the run’s model' },
  ],
];

function AgentCard({
  agent,
  open,
  stateKeys,
  readOnly,
  apply,
  onRemove,
}: {
  agent: TopologyAgentSpec;
  open: boolean;
  stateKeys: string[];
  readOnly: boolean;
  apply(group: string, edit: (text: string) => EditOutcome): void;
  onRemove(): void;
}) {
  const ref = useRef<HTMLDetailsElement | null>(null);
  useEffect(() => {
    if (open) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);
  const set = (field: AgentField, value: string | string[]) =>
    apply(`agents.${agent.name}.${field}`, (t) => setAgentField(t, agent.name, field, value));
  return (
    <details
      ref={ref}
      className="topo-agent"
      open={open || undefined}
      data-testid="topo-agent"
      data-agent={agent.name}
    >
      <summary>
        <code className="topo-agent-name">{agent.name}</code>
        {agent.writes && <span className="pg-muted">→ {agent.writes}</span>}
        {agent.model && <span className="pg-muted topo-agent-model">{agent.model}</span>}
      </summary>
      <div className="topo-agent-body">
        <InstructField
          agent={agent.name}
          value={agent.instruct}
          stateKeys={stateKeys}
          readOnly={readOnly}
          onChange={(v) => set('instruct', v)}
          onBlur={() => apply('', (t) => ({ ok: true, text: t }))}
        />
        {AGENT_FIELD_ROWS.map((row) => (
          <div className="topo-field-row" key={row[0].field}>
            {row.map((f) => (
              <DraftField
                key={f.field}
                label={f.label}
                value={f.list ? agent[f.field].join(', ') : (agent[f.field] ?? '')}
                placeholder={f.placeholder}
                readOnly={readOnly}
                list={f.suggestions}
                testId={`topo-${f.field}`}
                onCommit={(v) => set(f.field, f.list ? listFromInput(v) : v)}
              />
            ))}
          </div>
        ))}
        {!readOnly && (
          <button
            type="button"
            className="button secondary small topo-remove"
            onClick={onRemove}
            data-testid="topo-remove-agent"
          >
            Remove {agent.name}
          </button>
        )}
      </div>
    </details>
  );
}

function ExpressionField({
  source,
  readOnly,
  onChange,
  onBlur,
  onRevealColumn,
}: {
  source: TopologySource;
  readOnly: boolean;
  onChange(value: string): void;
  onBlur(): void;
  onRevealColumn(column: number): void;
}) {
  const id = useId();
  const expr = source.expression ?? '';
  const error = source.parsed?.errors[0] ?? null;
  return (
    <div className="topo-field topo-expression">
      <label htmlFor={id}>Topology</label>
      <input
        id={id}
        className={`pg-input topo-expr-input${error ? ' invalid' : ''}`}
        value={expr}
        readOnly={readOnly}
        spellCheck={false}
        placeholder="researcher >> (checker | stylist) >> writer"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-msg`}
        data-testid="topo-expression"
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <div id={`${id}-msg`} className={error ? 'topo-field-error' : 'topo-field-hint'}>
        {error ? (
          <>
            <span data-testid="topo-expression-error">
              Column {error.column}: {error.message}
            </span>{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => onRevealColumn(error.column)}
            >
              Show in text
            </button>
          </>
        ) : (
          <>
            <code>&gt;&gt;</code> then, <code>|</code> in parallel, <code>* 3</code> or{' '}
            <code>* until(key == "v", max=3)</code> repeat, <code>//</code> fall back
          </>
        )}
      </div>
    </div>
  );
}

export function AgentsEditor({
  text,
  bufferId,
  readOnly: fileReadOnly,
  source,
  focusAgent,
  onRevealColumn,
}: Props) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameId = useId();
  useEffect(prepareBufferWrites, []);
  // The YAML must parse before anything is written: the text would otherwise be guessed at.
  const readOnly = fileReadOnly || bufferId === null || source.yamlError !== null;
  // The latest text, so edits made between two renders build on each other.
  const latest = useRef(text);
  latest.current = text;

  const apply = (group: string, edit: (t: string) => EditOutcome) => {
    if (!bufferId || readOnly) return;
    if (group === '') {
      closeUndoStep(bufferId);
      return;
    }
    const r = edit(latest.current);
    if (!r.ok) {
      notify('error', r.error);
      return;
    }
    if (r.text === latest.current) return;
    latest.current = r.text;
    writeSkillMd(bufferId, r.text, group);
  };

  const onAdd = () => {
    const n = name.trim();
    const problem = agentNameProblem(latest.current, n);
    setNameError(problem);
    if (problem) return;
    apply(`add.${n}`, (t) => addAgent(t, n));
    if (bufferId) closeUndoStep(bufferId);
    setName('');
  };

  return (
    <div className="topo-agents" data-testid="topo-agents-editor">
      {readOnly && (
        <div className="pg-muted topo-readonly-note" data-testid="topo-readonly">
          {source.yamlError
            ? `The frontmatter does not parse (${source.yamlError}): fix it in the text; the editor shows what it can read.`
            : bufferId === null
              ? 'Open SKILL.md in the editor to edit the agents here.'
              : 'This skill is read-only here: duplicate it into your workspace to change it.'}
        </div>
      )}
      <ExpressionField
        source={source}
        readOnly={readOnly}
        onChange={(v) => apply('topology', (t) => setTopologyExpression(t, v))}
        onBlur={() => apply('', (t) => ({ ok: true, text: t }))}
        onRevealColumn={onRevealColumn}
      />
      <datalist id="topo-state-keys">
        {source.stateKeys.map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
      <datalist id="topo-tool-names">
        {BUILTIN_TOOL_NAMES.map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
      <div className="topo-agent-list">
        {source.agents.length === 0 && (
          <div className="pg-empty-line">No agents yet: add the first one below.</div>
        )}
        {source.agents.map((a) => (
          <AgentCard
            key={a.name}
            agent={a}
            open={focusAgent === a.name}
            stateKeys={source.stateKeys}
            readOnly={readOnly}
            apply={apply}
            onRemove={() => {
              apply(`remove.${a.name}`, (t) => removeAgent(t, a.name));
              if (bufferId) closeUndoStep(bufferId);
            }}
          />
        ))}
      </div>
      {!readOnly && (
        <form
          className="topo-add"
          onSubmit={(e) => {
            e.preventDefault();
            onAdd();
          }}
        >
          <label htmlFor={nameId}>New agent</label>
          <input
            id={nameId}
            className="pg-input"
            value={name}
            placeholder="name"
            spellCheck={false}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${nameId}-err` : undefined}
            data-testid="topo-new-agent"
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
          />
          <button type="submit" className="button small" data-testid="topo-add-agent">
            Add agent
          </button>
          {nameError && (
            <div id={`${nameId}-err`} className="topo-field-error" role="alert">
              {nameError}
            </div>
          )}
        </form>
      )}
    </div>
  );
}
