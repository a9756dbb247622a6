/**
 * Benchmarks on disk, as the studio's eval runs leave them (docs/contracts.md, Evals: On
 * disk), for specs that read results back without running a model: eval_run.json,
 * benchmark.json with its runs, and each run's transcript.json and outputs/response.md.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FixtureRun {
  configuration: 'with_skill' | 'without_skill';
  answer: string;
  passRate: number;
}

/** The eval runs folder of a skill named `skill` in the workspace at `root`. */
export function evalsDir(root: string, skill: string): string {
  return path.join(root, '.skill-studio', 'evals', skill);
}

/** Writes one benchmark of case evals-json#1 (eval-1), one run per configuration. */
export async function writeBenchmark(
  root: string,
  skill: string,
  runId: string,
  runs: FixtureRun[],
): Promise<string> {
  const folder = path.join(evalsDir(root, skill), runId);
  const startedAt = `${runId.slice(0, 10)}T${runId.slice(11, 19).replace(/-/g, ':')}.000Z`;
  const benchRuns = [];
  for (const r of runs) {
    const runDir = `eval-1/${r.configuration}/run-1`;
    const abs = path.join(folder, ...runDir.split('/'));
    await mkdir(path.join(abs, 'outputs'), { recursive: true });
    await writeFile(path.join(abs, 'outputs', 'response.md'), r.answer);
    await writeFile(
      path.join(abs, 'transcript.json'),
      JSON.stringify({
        provider: 'wire',
        model: 'm',
        configuration: r.configuration,
        steps: [
          { role: 'user', text: 'Total this invoice' },
          { role: 'assistant', text: r.answer },
        ],
        answer: r.answer,
        usage: { input_tokens: 10, output_tokens: 5 },
        started_at: startedAt,
        finished_at: startedAt,
        error: null,
      }),
    );
    const passed = r.passRate === 1 ? 1 : 0;
    benchRuns.push({
      eval_id: 1,
      eval_name: 'Total an invoice',
      configuration: r.configuration,
      run_number: 1,
      result: {
        pass_rate: r.passRate,
        passed,
        failed: 1 - passed,
        total: 1,
        time_seconds: 1.2,
        tokens: 15,
        tool_calls: 0,
        errors: 0,
      },
      expectations: [{ text: 'ends with the code', passed: passed === 1, evidence: 'the end' }],
      notes: [],
      case_key: 'evals-json#1',
      run_dir: runDir,
    });
  }
  await writeFile(
    path.join(folder, 'eval-1', 'eval_metadata.json'),
    JSON.stringify({
      eval_id: 1,
      eval_name: 'Total an invoice',
      prompt: 'Total this invoice',
      case_key: 'evals-json#1',
    }),
  );
  const rate = (c: string) => runs.find((r) => r.configuration === c)?.passRate ?? 0;
  const stat = (v: number) => ({ mean: v, stddev: 0, min: v, max: v });
  await writeFile(
    path.join(folder, 'benchmark.json'),
    JSON.stringify({
      metadata: {
        skill_name: skill,
        executor_model: 'm',
        timestamp: startedAt,
        evals_run: [1],
        runs_per_configuration: 1,
      },
      runs: benchRuns,
      run_summary: {
        with_skill: {
          pass_rate: stat(rate('with_skill')),
          time_seconds: stat(1.2),
          tokens: stat(15),
        },
        without_skill: {
          pass_rate: stat(rate('without_skill')),
          time_seconds: stat(1.2),
          tokens: stat(15),
        },
        delta: { pass_rate: '+1.00', time_seconds: '+0.0', tokens: '+0' },
      },
      notes: [],
      studio: {
        status: 'completed',
        provider: 'wire',
        configurations: ['with_skill', 'without_skill'],
        concurrency: 1,
        failed_runs: [],
        cases: [],
        delta_old_skill: null,
        error: null,
        grader_prompt: 'Grade it.',
      },
    }),
  );
  await writeFile(
    path.join(folder, 'eval_run.json'),
    JSON.stringify({
      runId,
      kind: 'benchmark',
      status: 'completed',
      skill_name: skill,
      started_at: startedAt,
      finished_at: startedAt,
      provider: 'wire',
      model: 'm',
      pass_rate: { with_skill: rate('with_skill'), without_skill: rate('without_skill') },
      trigger_pass_rate: null,
      error: null,
      options: {},
    }),
  );
  return folder;
}

/** A skill with one evals.json case (evals-json#1), so the results table names it. */
export async function writeEvalSkill(dir: string, name: string): Promise<void> {
  await mkdir(path.join(dir, 'evals'), { recursive: true });
  await writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Totals invoices and ends with a code.\n---\n# ${name}\n\nAdd up the lines.\n`,
  );
  await writeFile(
    path.join(dir, 'evals', 'evals.json'),
    JSON.stringify({
      skill_name: name,
      evals: [
        {
          id: 1,
          name: 'Total an invoice',
          prompt: 'Total this invoice',
          expectations: ['ends with the code'],
        },
      ],
    }),
  );
}
