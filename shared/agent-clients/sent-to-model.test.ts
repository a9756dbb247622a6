/**
 * Recorded requests of each wire format read back as the "Sent to the model" view shows
 * them. The bodies have the shape the pinned clients were recorded sending (Claude Code's
 * listing in a <system-reminder> of a user message, Codex's in a developer message, Gemini
 * CLI's in systemInstruction, OpenCode's in the system message).
 */
import { describe, expect, it } from 'vitest';
import {
  findListing,
  modelRequestsOf,
  parseModelRequest,
  skillInListing,
  wireFormatOf,
} from './sent-to-model';
import { CLAUDE_CODE_HEADER, CLAUDE_CODE_LISTING_MAX } from './listing-marks';

const HELLO = 'Greets the user warmly when asked for a greeting.';

describe('wireFormatOf', () => {
  it('names the format from the path', () => {
    expect(wireFormatOf('/v1/messages?beta=true')).toBe('anthropic-messages');
    expect(wireFormatOf('/v1/responses')).toBe('openai-responses');
    expect(wireFormatOf('/v1/chat/completions')).toBe('chat-completions');
    expect(wireFormatOf('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse')).toBe(
      'gemini',
    );
    expect(wireFormatOf('/v1/models')).toBe('unknown');
  });
});

describe('Anthropic Messages (Claude Code)', () => {
  const listing = `<system-reminder>\n${CLAUDE_CODE_HEADER}- hello-skill: ${HELLO}\n- other-skill: Converts units of measure.\n- big\n</system-reminder>`;
  const body = {
    model: 'claude-sonnet-4-5',
    system: [
      { type: 'text', text: "You are a Claude agent, built on Anthropic's Claude Agent SDK." },
      { type: 'text', text: 'Use the tools available to you.' },
    ],
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: listing },
          { type: 'text', text: 'please greet me' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'Skill', input: { skill: 'hello-skill' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Launching skill: hello-skill' },
        ],
      },
    ],
    tools: [
      { name: 'Read', description: 'Reads a file.' },
      { name: 'Skill', description: 'Execute a skill.' },
    ],
  };

  it('gives the system prompt, tools, messages and the listing with where it was', () => {
    const r = parseModelRequest('/v1/messages?beta=true', body);
    expect(r.problem).toBeNull();
    expect(r.model).toBe('claude-sonnet-4-5');
    expect(r.system).toBe(
      "You are a Claude agent, built on Anthropic's Claude Agent SDK.\n\nUse the tools available to you.",
    );
    expect(r.tools.map((t) => t.name)).toEqual(['Read', 'Skill']);
    expect(r.messages.map((m) => m.role)).toEqual(['user', 'user', 'tool_call', 'tool_result']);
    expect(r.messages[2]).toMatchObject({ tool: 'Skill', arguments: { skill: 'hello-skill' } });
    // The result names the tool that was called.
    expect(r.messages[3]).toMatchObject({ tool: 'Skill', text: 'Launching skill: hello-skill' });
    expect(r.listing?.style).toBe('claude-code');
    expect(r.listing?.where).toBe('message 1 (user)');
    expect(r.listing?.entries.map((e) => [e.name, e.shown])).toEqual([
      ['hello-skill', 'whole'],
      ['other-skill', 'whole'],
      ['big', 'name-only'],
    ]);
    // The offsets point at the entry's own line, for highlighting.
    const e = r.listing!.entries[0];
    expect(r.listing!.text.slice(e.start, e.end)).toBe(`- hello-skill: ${HELLO}`);
    expect(r.listing!.text.endsWith('- big')).toBe(true);
  });

  it('says an entry was cut at 1,536 characters, or listed by name alone', () => {
    const long = `${'x'.repeat(CLAUDE_CODE_LISTING_MAX - 1)}…`;
    const found = findListing('', [
      { role: 'user', text: `${CLAUDE_CODE_HEADER}- long-one: ${long}\n- short: s\n- dropped` },
    ]);
    expect(skillInListing(found, 'long-one')).toMatchObject({ state: 'cut' });
    expect(skillInListing(found, 'long-one').reason).toContain('1,536');
    expect(skillInListing(found, 'short').state).toBe('whole');
    expect(skillInListing(found, 'dropped').state).toBe('name-only');
    expect(skillInListing(found, 'nowhere')).toMatchObject({ state: 'absent' });
    expect(skillInListing(null, 'x').state).toBe('no-listing');
  });

  it('finds a listing a skill tool carries in its description', () => {
    const r = parseModelRequest('/v1/messages', {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ name: 'Skill', description: `Run a skill.\n${CLAUDE_CODE_HEADER}- a: A.` }],
    });
    expect(r.listing?.where).toBe('the description of the tool Skill');
    expect(r.listing?.entries.map((e) => e.name)).toEqual(['a']);
  });

  it('a system prompt given as one string is read too', () => {
    const r = parseModelRequest('/v1/messages', {
      model: 'm',
      system: 'plain',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(r.system).toBe('plain');
    expect(r.messages).toEqual([{ role: 'user', text: 'hi' }]);
  });
});

describe('OpenAI Responses (Codex)', () => {
  const listing = [
    '<skills_instructions>',
    '## Skills',
    'A skill is a set of local instructions.',
    '### Skill roots',
    '- `r0` = `/h/.codex/skills/.system`',
    '- `r1` = `/p/.agents/skills`',
    '### Available skills',
    '- imagegen: Generate or edit raster images. (file: r0/imagegen/SKILL.md)',
    `- hello-skill: ${HELLO} (file: r1/hello-skill/SKILL.md)`,
    '- other-skill: Converts units (of measure). (file: r1/other-skill/SKILL.md)',
    '</skills_instructions>',
  ].join('\n');
  const body = {
    model: 'gpt-5-codex',
    instructions: '',
    input: [
      {
        type: 'message',
        role: 'developer',
        content: [{ type: 'input_text', text: 'You are a coding agent.' }],
      },
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: listing }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'please greet me' }] },
      {
        type: 'function_call',
        name: 'exec_command',
        arguments: '{"cmd":"cat .agents/skills/hello-skill/SKILL.md"}',
        call_id: 'call_1',
      },
      { type: 'function_call_output', call_id: 'call_1', output: '---\nname: hello-skill\n---' },
    ],
    tools: [
      { type: 'function', name: 'exec_command', description: 'Runs a command.' },
      {
        type: 'namespace',
        name: 'multi_agent_v1',
        tools: [{ type: 'function', name: 'close_agent', description: 'Close an agent.' }],
      },
    ],
  };

  it('reads the input items, the namespaced tools and the listing without its file paths', () => {
    const r = parseModelRequest('/v1/responses', body);
    expect(r.model).toBe('gpt-5-codex');
    expect(r.system).toBe('');
    expect(r.tools.map((t) => t.name)).toEqual(['exec_command', 'multi_agent_v1.close_agent']);
    expect(r.messages.map((m) => m.role)).toEqual([
      'system',
      'system',
      'user',
      'tool_call',
      'tool_result',
    ]);
    expect(r.messages[3]).toMatchObject({
      tool: 'exec_command',
      arguments: { cmd: 'cat .agents/skills/hello-skill/SKILL.md' },
    });
    expect(r.messages[4]).toMatchObject({ tool: 'exec_command' });
    expect(r.listing?.style).toBe('codex');
    expect(r.listing?.where).toBe('message 2 (system)');
    // The roots table is not an entry; a description's own parentheses are kept.
    expect(r.listing?.entries.map((e) => [e.name, e.text])).toEqual([
      ['imagegen', 'Generate or edit raster images.'],
      ['hello-skill', HELLO],
      ['other-skill', 'Converts units (of measure).'],
    ]);
    expect(r.listing?.text.endsWith('</skills_instructions>')).toBe(true);
  });

  it('finds a cut with a mark, and one without a mark against the skill’s description', () => {
    const cut = `${'d'.repeat(1021)}...`;
    const text = `<skills_instructions>\n### Available skills\n- a: ${cut} (file: r1/a/SKILL.md)\n- b: Converts units (file: r1/b/SKILL.md)\n</skills_instructions>`;
    const found = findListing(text, []);
    expect(skillInListing(found, 'a').state).toBe('cut');
    expect(skillInListing(found, 'b', 'Converts units of measure.').state).toBe('cut');
    expect(skillInListing(found, 'b', 'Converts units').state).toBe('whole');
  });
});

describe('chat completions (OpenCode)', () => {
  it('takes the leading system messages as the system prompt and reads tool calls', () => {
    const system = `Skills provide specialized instructions.\n<available_skills>\n  <skill>\n    <name>hello-skill</name>\n    <description>${HELLO}</description>\n    <location>file:///p/.agents/skills/hello-skill/SKILL.md</location>\n  </skill>\n</available_skills>`;
    const r = parseModelRequest('/v1/chat/completions', {
      model: 'fake-model',
      messages: [
        { role: 'system', content: 'You are opencode.' },
        { role: 'system', content: system },
        { role: 'user', content: [{ type: 'text', text: 'please greet me' }] },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'c1',
              type: 'function',
              function: { name: 'skill', arguments: '{"name":"hello-skill"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'loaded' },
        { role: 'system', content: 'a late reminder' },
      ],
      tools: [{ type: 'function', function: { name: 'skill', description: 'Load a skill.' } }],
    });
    expect(r.system).toBe(`You are opencode.\n\n${system}`);
    expect(r.tools).toEqual([{ name: 'skill', description: 'Load a skill.' }]);
    expect(r.messages).toEqual([
      { role: 'user', text: 'please greet me' },
      { role: 'tool_call', tool: 'skill', arguments: { name: 'hello-skill' }, id: 'c1' },
      { role: 'tool_result', tool: 'skill', id: 'c1', text: 'loaded', is_error: false },
      { role: 'system', text: 'a late reminder' },
    ]);
    expect(r.listing?.style).toBe('xml');
    expect(r.listing?.where).toBe('the system prompt');
    expect(skillInListing(r.listing, 'hello-skill', HELLO).state).toBe('whole');
  });
});

describe('Gemini generateContent (Gemini CLI)', () => {
  it('reads systemInstruction, contents with function calls and responses, and the declarations', () => {
    const r = parseModelRequest('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', {
      systemInstruction: {
        role: 'user',
        parts: [
          {
            text: `# Available Agent Skills\n\n<available_skills>\n  <skill>\n    <name>other-skill</name>\n    <description>Converts units of measure.</description>\n    <location>/p/.gemini/skills/other-skill/SKILL.md</location>\n  </skill>\n  <skill>\n    <name>hello-skill</name>\n    <description>${HELLO}</description>\n    <location>/p/.gemini/skills/hello-skill/SKILL.md</location>\n  </skill>\n</available_skills>`,
          },
        ],
      },
      contents: [
        { role: 'user', parts: [{ text: 'please greet me' }] },
        {
          role: 'model',
          parts: [
            { functionCall: { id: 'a1', name: 'activate_skill', args: { name: 'hello-skill' } } },
          ],
        },
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: 'a1',
                name: 'activate_skill',
                response: { output: '<activated_skill/>' },
              },
            },
          ],
        },
      ],
      tools: [
        {
          functionDeclarations: [
            { name: 'read_file', description: 'Reads.' },
            { name: 'activate_skill', description: 'Activates.' },
          ],
        },
      ],
    });
    expect(r.model).toBe('gemini-2.5-flash');
    expect(r.tools.map((t) => t.name)).toEqual(['read_file', 'activate_skill']);
    expect(r.messages).toEqual([
      { role: 'user', text: 'please greet me' },
      { role: 'tool_call', tool: 'activate_skill', arguments: { name: 'hello-skill' }, id: 'a1' },
      {
        role: 'tool_result',
        tool: 'activate_skill',
        id: 'a1',
        text: '<activated_skill/>',
        is_error: false,
      },
    ]);
    expect(r.listing?.entries.map((e) => e.name)).toEqual(['other-skill', 'hello-skill']);
    const hello = skillInListing(r.listing, 'hello-skill');
    expect(r.listing!.text.slice(hello.entry!.start, hello.entry!.end)).toContain(
      '<name>hello-skill</name>',
    );
  });
});

describe('bodies that cannot be read', () => {
  it('says why instead of throwing', () => {
    expect(parseModelRequest('/v1/messages', 'data: {"trunc').problem).toContain('not JSON');
    expect(parseModelRequest('/v1/messages', '[left out: 9 bytes, over the budget]').problem).toBe(
      '[left out: 9 bytes, over the budget]',
    );
    expect(parseModelRequest('/v1/messages', null).problem).toBe('no body was recorded');
    expect(parseModelRequest('/v1/other', {}).problem).toContain('no model API');
    // Hostile shapes: wrong types everywhere.
    const r = parseModelRequest('/v1/messages', {
      model: 3,
      system: [null, 5, { text: 7 }],
      messages: [
        null,
        'x',
        { role: 'user', content: [null, { type: 'tool_result', content: { a: 1 } }] },
      ],
      tools: [null, { name: 5 }],
    });
    expect(r.problem).toBeNull();
    expect(r.model).toBeNull();
    expect(r.messages).toHaveLength(1);
  });

  it('keeps only well-formed records from a result’s metadata', () => {
    const ok = {
      index: 0,
      method: 'POST',
      path: '/v1/messages',
      started_at: '',
      duration_ms: 1,
      request: { headers: {}, body: {}, bytes: 2, truncated: false },
      response: null,
      error: null,
    };
    expect(modelRequestsOf({ model_requests: [ok, { path: 3 }, null] })).toEqual([ok]);
    expect(modelRequestsOf(null)).toEqual([]);
    expect(modelRequestsOf({ model_requests: 'x' })).toEqual([]);
  });
});
