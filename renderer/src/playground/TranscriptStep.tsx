/**
 * One step of a model conversation (the system prompt, a user or assistant turn, a tool
 * call or its result): an eval run's transcript and the playground's "Sent to the model"
 * view show messages with this one component.
 */
import type { TranscriptStep } from '../../../shared/api/evals';
import '../styles/evals.css';

export function TranscriptStepView({ step }: { step: TranscriptStep }) {
  switch (step.role) {
    case 'tool_call':
      return (
        <div className="ev-step tool" data-role="tool_call">
          <span className="ev-role">tool call · {step.tool}</span>
          <pre className="pg-pre">{JSON.stringify(step.arguments, null, 2)}</pre>
        </div>
      );
    case 'tool_result':
      return (
        <div className={`ev-step tool${step.is_error ? ' error' : ''}`} data-role="tool_result">
          <span className="ev-role">result · {step.tool}</span>
          <pre className="pg-pre">{step.text}</pre>
        </div>
      );
    case 'log':
      return (
        <div className="ev-step log" data-role="log">
          <span className="ev-role">{step.level}</span> {step.text}
        </div>
      );
    default:
      return (
        <div className={`ev-step ${step.role}`} data-role={step.role}>
          <span className="ev-role">{step.role}</span>
          <div className="ev-step-text">{step.text}</div>
        </div>
      );
  }
}
