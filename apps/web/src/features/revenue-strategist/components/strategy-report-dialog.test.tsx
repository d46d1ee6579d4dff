import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { localDateStamp } from '../../../lib/download';
import { mockStrategyApi, openStrategist } from '../test/strategy-api';

describe('Export Strategy Report', () => {
  it('previews the report with the recommendations and their evidence, prints it and downloads it as HTML', async () => {
    mockStrategyApi();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = await openStrategist();
    const exportButton = screen.getByRole('button', { name: 'Export Strategy Report' });
    await user.click(exportButton);
    const dialog = within(await screen.findByRole('dialog', { name: 'Strategy Report' }));
    const frame = dialog.getByTitle('Strategy report preview') as HTMLIFrameElement;
    const preview = new DOMParser().parseFromString(frame.getAttribute('srcdoc')!, 'text/html');
    expect(preview.title).toBe('Strategy report · Analytical Engines');
    expect(preview.body.textContent).toContain('Skeptic visitors leave at pricing pages');
    expect(preview.body.textContent).toContain('Profile continuation rate');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');

    const print = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { print }, configurable: true });
    await user.click(dialog.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();

    await user.click(dialog.getByRole('button', { name: 'Download as HTML' }));
    expect(names).toEqual([`strategy-report-analytical-engines-${localDateStamp()}.html`]);
    const saved = await createObjectURL.mock.calls[0]![0].text();
    expect(saved).toBe(frame.getAttribute('srcdoc'));

    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(exportButton);
  });
});
