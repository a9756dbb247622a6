/**
 * Every CLI command, in the order `--help` lists them: what parsing and help need,
 * and `load`, which brings the command's code only when it runs. A process runs one
 * command, so it never loads (nor, in the bundle, evaluates) the others' code: the
 * server, the runner, ajv and the zip libraries stay out of `list` and `read`.
 */
import type { CommandSpec } from '../command';
import { TEMPLATE_NAMES } from '../../host/in-process/entry';
import { CASES_DIR } from '../../../shared/playground/cases';

export const COMMANDS: CommandSpec[] = [
  {
    name: 'validate',
    usage: 'validate PATH… [--profile studio|spec|CLIENT] [--json]',
    summary:
      'Check skill folders (a skill, its SKILL.md, or a folder of skills) against the SKILL.md rules.',
    options: { profile: { type: 'string' } },
    load: () => import('./validate').then((m) => m.validateCommand.run),
  },
  {
    name: 'portability',
    usage: 'portability [PATH|NAME…] [--json]',
    summary:
      'Which agent clients accept each skill: a skill × client matrix (ok / warn / fail) with the reasons and their lines.',
    options: {},
    load: () => import('./portability').then((m) => m.portabilityCommand.run),
  },
  {
    name: 'clients',
    usage: 'clients [--json]',
    summary:
      'The agent clients a skill can run in (Claude Code, Codex, Gemini CLI, OpenCode): found or not, version, path.',
    options: {},
    load: () => import('./clients').then((m) => m.clientsCommand.run),
  },
  {
    name: 'catalog',
    usage: 'catalog [--client ID] [--json]',
    summary:
      "Each agent client's skill listing as it renders it: its size against the client's budget, the entries cut or dropped, and skills a model may confuse.",
    options: { client: { type: 'string' } },
    load: () => import('./catalog').then((m) => m.catalogCommand.run),
  },
  {
    name: 'list',
    usage: 'list [--json]',
    summary: 'List every discovered skill with its source, status and problems.',
    options: {},
    load: () => import('./list').then((m) => m.listCommand.run),
  },
  {
    name: 'read',
    usage: 'read NAME [FILE]',
    summary:
      'Print a skill file as an agent reads it (SKILL.md without frontmatter; sidecars verbatim; 50 KB cap).',
    options: {},
    load: () => import('./read').then((m) => m.readCommand.run),
  },
  {
    name: 'files',
    usage: 'files NAME',
    summary: 'List the files of a skill as [{path, bytes}].',
    options: {},
    load: () => import('./read').then((m) => m.filesCommand.run),
  },
  {
    name: 'to-prompt',
    usage: 'to-prompt [--agent ID]',
    summary:
      'Print the <available_skills> XML index (only the skills an agent may use with --agent).',
    options: { agent: { type: 'string' } },
    load: () => import('./to-prompt').then((m) => m.toPromptCommand.run),
  },
  {
    name: 'call',
    usage:
      'call NAME [--args JSON] [--timeout S] [--agent ID] [--provider ID] [--model M] [--client ID [--allow-scripts] [--catalog skill|workspace|installed] [--own-login] [--record DIR]] [--sandbox auto|bwrap|container|process] [--json]',
    summary:
      'Run a skill, showing its progress, logs and artifacts live (--json: every A2E message as NDJSON). --client: inside Claude Code, Codex… (--catalog: what is installed beside it, --own-login: the client’s own login), --record DIR: what it sent to the model, --sandbox: where a script skill runs this once.',
    options: {
      args: { type: 'string' },
      timeout: { type: 'string' },
      agent: { type: 'string' },
      provider: { type: 'string' },
      model: { type: 'string' },
      client: { type: 'string' },
      record: { type: 'string' },
      'allow-scripts': { type: 'boolean' },
      catalog: { type: 'string' },
      'own-login': { type: 'boolean' },
      sandbox: { type: 'string' },
    },
    load: () => import('./call').then((m) => m.callCommand.run),
  },
  {
    name: 'explain',
    usage: 'explain NAME [--json]',
    summary:
      'Show a topology skill: its agents, composed skills, wiring, input/output contract, problems and Mermaid flowchart.',
    options: {},
    load: () => import('./explain').then((m) => m.explainCommand.run),
  },
  {
    name: 'providers',
    usage: 'providers [--json] | providers approve ID [--json]',
    summary:
      'List the LLM providers calls may use (skill-studio.json, then your own providers file) and check each: key, reachable, models, approval; approve ID lets a workspace provider send its key to its host:port.',
    options: {},
    load: () => import('./providers').then((m) => m.providersCommand.run),
  },
  {
    name: 'test',
    usage: 'test NAME [--case NAME]… [--agent ID] [--json]',
    summary: `Run a skill's saved cases (${CASES_DIR}/*.json) and report pass/fail per case (exit 1 if any fails).`,
    options: { case: { type: 'string', multiple: true }, agent: { type: 'string' } },
    load: () => import('./test').then((m) => m.testCommand.run),
  },
  {
    name: 'eval',
    usage:
      'eval SKILL [--provider ID] [--model M] [--grader-model M] [--runs N] [--concurrency K] [--previous] [--case KEY]… [--min-pass-rate R] [--json] | eval SKILL --triggers [--agent ID | --client ID] [--threshold R] …',
    summary:
      'Benchmark a skill: its eval cases with and without it (N runs each), graded; exit 1 below --min-pass-rate or when it does worse than no skill. --triggers: does the model pick it.',
    options: {
      provider: { type: 'string' },
      model: { type: 'string' },
      runs: { type: 'string' },
      concurrency: { type: 'string' },
      previous: { type: 'boolean' },
      case: { type: 'string', multiple: true },
      'min-pass-rate': { type: 'string' },
      triggers: { type: 'boolean' },
      agent: { type: 'string' },
      'grader-model': { type: 'string' },
      threshold: { type: 'string' },
      client: { type: 'string' },
      'allow-scripts': { type: 'boolean' },
      catalog: { type: 'string' },
    },
    load: () => import('./eval').then((m) => m.evalCommand.run),
  },
  {
    name: 'a2e',
    usage: 'a2e --stdio [--agent ID] | a2e --connect ws[s]://HOST/a2e [--token-file F]',
    summary:
      'Speak the A2E skills protocol over stdin/stdout, one JSON message per line; --connect bridges it to an A2E host elsewhere.',
    options: {
      stdio: { type: 'boolean' },
      agent: { type: 'string' },
      connect: { type: 'string' },
      'token-file': { type: 'string' },
    },
    load: () => import('./a2e').then((m) => m.a2eCommand.run),
  },
  {
    name: 'mcp',
    usage:
      'mcp [--agent ID] [--workspace DIR] | mcp --connect|--disconnect CLIENT [--scope project|user] [--dry-run]',
    summary:
      'Serve the workspace skills over MCP on stdio (script skills as tools, instruction skills as prompts, files as skill:// resources); --connect writes the entry into claude-desktop, claude-code or cursor.',
    options: {
      agent: { type: 'string' },
      workspace: { type: 'string' },
      connect: { type: 'string' },
      disconnect: { type: 'string' },
      scope: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
    load: () => import('./mcp').then((m) => m.mcpCommand.run),
  },
  {
    name: 'serve',
    usage: 'serve [--port N] [--host 127.0.0.1] [--token-file F] [--workspace DIR]',
    summary:
      'Serve the studio UI and its APIs (HTTP, A2E WebSocket) on loopback, behind a session token.',
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'token-file': { type: 'string' },
      'allow-remote': { type: 'boolean' },
      workspace: { type: 'string' },
    },
    load: () => import('./serve').then((m) => m.serveCommand.run),
  },
  {
    name: 'export',
    usage: 'export NAME|DIR [-o FILE] [--format skill|zip] [--force] [--fix-for CLIENT]',
    summary:
      'Write a reproducible .skill / .zip bundle (validates first; errors refuse unless --force).',
    options: {
      output: { type: 'string', short: 'o' },
      format: { type: 'string' },
      force: { type: 'boolean' },
      'fix-for': { type: 'string' },
    },
    load: () => import('./bundles').then((m) => m.exportCommand.run),
  },
  {
    name: 'import',
    usage: 'import FILE [--into DIR] [--replace | --keep-both]',
    summary:
      'Unpack every skill of a .skill / .zip bundle into DIR (default ./skills), refusing unsafe archives; an existing skill folder is refused unless --replace or --keep-both (<name>-2).',
    options: {
      into: { type: 'string' },
      replace: { type: 'boolean' },
      'keep-both': { type: 'boolean' },
    },
    load: () => import('./bundles').then((m) => m.importCommand.run),
  },
  {
    name: 'new',
    usage: `new NAME [--template ${TEMPLATE_NAMES.join('|')}] [--into DIR]`,
    summary: 'Create a skill folder from a template (default: ./skills/NAME).',
    options: { template: { type: 'string' }, into: { type: 'string' } },
    load: () => import('./bundles').then((m) => m.newCommand.run),
  },
  {
    name: 'install',
    usage:
      'install SRC [--to CLIENT] [--scope user|project] [--link] [--skill NAME…] [--replace | --keep | --rename] [--force] [--ref BRANCH]',
    summary:
      "Install skills from a bundle, a folder or a git repository into a client's skills folder (no --to: list the skills and the clients found).",
    options: {
      to: { type: 'string' },
      scope: { type: 'string' },
      link: { type: 'boolean' },
      skill: { type: 'string', multiple: true },
      replace: { type: 'boolean' },
      keep: { type: 'boolean' },
      rename: { type: 'boolean' },
      force: { type: 'boolean' },
      ref: { type: 'string' },
    },
    load: () => import('./install').then((m) => m.installCommand.run),
  },
  {
    name: 'uninstall',
    usage: 'uninstall NAME --from CLIENT [--scope user|project] [--force]',
    summary: 'Remove exactly what install put there (recorded in skills-lock.json).',
    options: { from: { type: 'string' }, scope: { type: 'string' }, force: { type: 'boolean' } },
    load: () => import('./install').then((m) => m.uninstallCommand.run),
  },
  {
    name: 'outdated',
    usage: 'outdated [--trust-lockfile] [--json]',
    summary:
      'Compare every installed skill with its source: which files changed (exit 1 if any). A lockfile that came with the project is asked about first; --trust-lockfile fetches from it unasked.',
    options: { 'trust-lockfile': { type: 'boolean' } },
    load: () => import('./outdated').then((m) => m.outdatedCommand.run),
  },
  {
    name: 'update',
    usage: 'update [NAME…] [--yes] [--force] [--trust-lockfile]',
    summary:
      'Show what updating installed skills from their sources would change; --yes applies it (edited copies need --force; a lockfile that came with the project is asked about first, or trusted with --trust-lockfile).',
    options: {
      yes: { type: 'boolean' },
      force: { type: 'boolean' },
      'trust-lockfile': { type: 'boolean' },
    },
    load: () => import('./outdated').then((m) => m.updateCommand.run),
  },
];
