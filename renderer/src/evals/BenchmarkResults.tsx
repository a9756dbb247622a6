/**
 * The benchmark's results: a table of pass rates per case and configuration (mean ±
 * sample sd over the runs, with mean tokens and time), the with/without delta per
 * case and overall, highlighted when the skill helps or hurts; a click on a cell
 * opens its runs' transcripts. Below, the pass rate across the skill's past
 * benchmarks, and a picker to show any of them in the table.
 */
import { useMemo } from 'react';
import type { ConfigurationName, EvalRunListItem } from '../../../shared/api/evals';
import type { SkillRef } from '../stores/skills-store';
import { useEvals, type Job } from './evals-store';
import { resultsTable, type Cell } from './results-table';
import { deltaTone, formatDelta, formatMeanSd, formatSeconds, formatTokens } from './format';
import { CONFIG_LABEL, RanIn } from './RunControls';
import { PassRateChart } from './PassRateChart';
import { EvalTable } from './EvalTable';
import type { ChartRun } from './chart-geometry';

const CONFIG_ORDER: ConfigurationName[] = ['with_skill', 'without_skill', 'old_skill'];

function configsOf(job: Job): ConfigurationName[] {
  if (job.configs.length > 0) return job.configs;
  const seen = new Set([...job.runs, ...job.failedRuns].map((r) => r.configuration));
  return CONFIG_ORDER.filter((c) => seen.has(c));
}

function CellText({ cell, running }: { cell: Cell | undefined; running: boolean }) {
  if (!cell) return <span className="pg-muted">{running ? '…' : '—'}</span>;
  if (cell.runs === 0) return <span className="pg-error-text">{cell.failed} failed</span>;
  return (
    <>
      <span className="ev-rate">{formatMeanSd(cell.mean, cell.sd)}</span>
      <span className="ev-sub">
        <span>{formatTokens(cell.tokens)} tok</span> <span>{formatSeconds(cell.seconds)}</span>
        {cell.failed > 0 && <span className="pg-error-text"> {cell.failed} failed</span>}
      </span>
    </>
  );
}

function cellLabel(caseName: string, config: ConfigurationName, cell: Cell | undefined): string {
  const what = !cell
    ? 'no runs yet'
    : `${formatMeanSd(cell.mean, cell.sd)} over ${cell.runs} run${cell.runs === 1 ? '' : 's'}${cell.failed ? `, ${cell.failed} failed` : ''}, ${formatTokens(cell.tokens)} tokens, ${formatSeconds(cell.seconds)}`;
  return `${caseName}, ${CONFIG_LABEL[config]}: ${what}. Open its transcripts.`;
}

function Delta({ delta, testId }: { delta: number | null; testId?: string }) {
  if (delta === null) return <span className="pg-muted">—</span>;
  const tone = deltaTone(delta);
  return (
    <span
      className={`ev-delta ${tone}`}
      data-testid={testId}
      data-tone={tone}
      title={
        tone === 'better'
          ? 'The skill helps'
          : tone === 'worse'
            ? 'The skill makes it worse'
            : 'No difference'
      }
    >
      {formatDelta(delta)}
    </span>
  );
}

function historyLabel(r: EvalRunListItem): string {
  const when = r.started_at.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
  return `${when} · ${r.model || r.provider}${r.status === 'completed' ? '' : ` · ${r.status}`}`;
}

export function BenchmarkResults({ skill }: { skill: SkillRef }) {
  const dir = skill.dir;
  const job = useEvals((s) => s.of(dir).benchmark);
  const sources = useEvals((s) => s.of(dir).sources);
  const history = useEvals((s) => s.of(dir).history);
  const st = useEvals.getState();
  const running = job?.status === 'running';

  const table = useMemo(() => {
    if (!job) return null;
    const inRuns = new Set([...job.runs, ...job.failedRuns].map((r) => r.case_key));
    const cases = (sources?.cases ?? [])
      .filter((c) => running || inRuns.has(c.key))
      .map((c) => ({ key: c.key, id: c.id, name: c.name }));
    return resultsTable({ configs: configsOf(job), cases, runs: job.runs, failed: job.failedRuns });
  }, [job, sources, running]);

  const benchmarks = history.filter((r) => r.kind === 'benchmark');
  const chartRuns: ChartRun[] = [...benchmarks]
    .reverse()
    .filter((r) => Object.keys(r.pass_rate).length > 0)
    .map((r) => ({ id: r.runId, rates: r.pass_rate as Record<string, number> }));
  const chartConfigs = CONFIG_ORDER.filter((c) => chartRuns.some((r) => c in r.rates)).map((c) => ({
    id: c,
    label: CONFIG_LABEL[c],
  }));

  return (
    <section className="ev-section" aria-labelledby="ev-results-title" data-testid="eval-results">
      <div className="ev-section-head">
        <h3 id="ev-results-title">Results</h3>
        <RanIn job={job} />
        <span className="pg-spacer" />
        {benchmarks.length > 0 && (
          <select
            className="pg-input ev-history"
            aria-label="Show a past benchmark"
            value={job?.runId ?? ''}
            onChange={(e) => void st.showRun(dir, e.target.value)}
            data-testid="eval-history"
          >
            {job && !benchmarks.some((b) => b.runId === job.runId) && (
              <option value={job.runId}>{job.runId} (running)</option>
            )}
            {benchmarks.map((r) => (
              <option key={r.runId} value={r.runId}>
                {historyLabel(r)}
              </option>
            ))}
          </select>
        )}
      </div>
      {!job || !table ? (
        <div className="pg-empty-line" data-testid="eval-no-results">
          No benchmark yet. Run one: each case runs with the skill and without it, and a grader
          model judges every expectation.
        </div>
      ) : (
        <>
          {table.delta !== null && (
            <div className={`ev-verdict ${deltaTone(table.delta)}`} data-testid="eval-verdict">
              With the skill vs without: <Delta delta={table.delta} testId="eval-total-delta" />
            </div>
          )}
          <EvalTable
            testId="eval-table"
            label="Pass rate per case and configuration"
            head={
              <>
                <th scope="col">Case</th>
                {table.configs.map((c) => (
                  <th scope="col" key={c}>
                    {CONFIG_LABEL[c]}
                  </th>
                ))}
                {table.configs.includes('with_skill') &&
                  table.configs.includes('without_skill') && (
                    <th scope="col" title="With skill minus without skill">
                      Δ
                    </th>
                  )}
              </>
            }
          >
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key} data-testid="eval-row" data-case={row.key}>
                  <th scope="row" className="ev-case-name" title={row.name}>
                    {row.name}
                  </th>
                  {table.configs.map((c) => (
                    <td key={c} data-config={c}>
                      <button
                        type="button"
                        className="ev-cell"
                        disabled={!row.cells[c]}
                        aria-label={cellLabel(row.name, c, row.cells[c])}
                        onClick={() =>
                          st.setOpenCell({ dir, runId: job.runId, key: row.key, config: c })
                        }
                        data-testid="eval-cell"
                        data-config={c}
                        data-runs={row.cells[c]?.runs ?? 0}
                      >
                        <CellText cell={row.cells[c]} running={running} />
                      </button>
                    </td>
                  ))}
                  {table.configs.includes('with_skill') &&
                    table.configs.includes('without_skill') && (
                      <td>
                        <Delta delta={row.delta} testId="eval-row-delta" />
                      </td>
                    )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="eval-totals">
                <th scope="row">All cases</th>
                {table.configs.map((c) => (
                  <td key={c} data-config={c}>
                    <div className="ev-cell static">
                      <CellText cell={table.totals[c]} running={running} />
                    </div>
                  </td>
                ))}
                {table.configs.includes('with_skill') &&
                  table.configs.includes('without_skill') && (
                    <td>
                      <Delta delta={table.delta} />
                    </td>
                  )}
              </tr>
            </tfoot>
          </EvalTable>
        </>
      )}
      {chartRuns.length > 0 && (
        <PassRateChart
          runs={chartRuns}
          configs={chartConfigs}
          currentId={job?.runId ?? null}
          onPick={(id) => void st.showRun(dir, id)}
        />
      )}
    </section>
  );
}
