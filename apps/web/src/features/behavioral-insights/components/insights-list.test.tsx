import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { insight } from '../../../test/intelligence-fixtures';
import { InsightsList } from './insights-list';

describe('InsightsList', () => {
  it("shows each insight's evidence with readable names and the server's figures", () => {
    render(
      <InsightsList
        insights={[
          {
            ...insight,
            evidence: [
              { metric: 'sessions_analyzed', value: 4 },
              { metric: 'Median hesitation loops', value: 3 },
            ],
          },
        ]}
        onTakeAction={() => {}}
      />,
    );
    const evidence = within(screen.getByLabelText('Evidence'));
    expect(evidence.getByText('Sessions analyzed').nextElementSibling?.textContent).toBe('4');
    expect(evidence.queryByText('sessions_analyzed')).toBeNull();
    expect(evidence.getByText('Median hesitation loops')).toBeTruthy();
  });
});
