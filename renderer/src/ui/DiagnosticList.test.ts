import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DiagnosticList } from './DiagnosticList';

const warning = {
  severity: 'warning' as const,
  message: 'description is long',
  code: 'SKILL_MD_CASE' as const,
  line: 3,
  column: 1,
};

describe('DiagnosticList', () => {
  it('shows each message with its code and place, coloured by severity', () => {
    const html = renderToStaticMarkup(createElement(DiagnosticList, { items: [warning] }));
    expect(html).toContain('<li class="severity-warning"><span>description is long</span>');
    expect(html).toContain('SKILL_MD_CASE [3:1]');
    expect(html).not.toContain('sev-icon');
    expect(html).not.toContain('data-testid');
  });

  it('adds the severity icon and the test id when asked', () => {
    const html = renderToStaticMarkup(
      createElement(DiagnosticList, {
        items: [warning],
        icons: true,
        testId: 'export-diagnostics',
      }),
    );
    expect(html).toContain('data-testid="export-diagnostics"');
    expect(html).toContain('sev-icon');
  });
});
