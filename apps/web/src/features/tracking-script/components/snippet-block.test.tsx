import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';
import { trackingConfig } from '../../../test/tracking-fixtures';

describe('SnippetBlock', () => {
  it('copies the snippet and says Copied! for 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockSignedInApi({ 'GET /tracking/script': json(200, trackingConfig) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    // After setup, which installs its own clipboard stub.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/tracking-script');

    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(trackingConfig.snippet);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copied!' })).toBeNull();
  });

  it('tells the user to copy by hand when the clipboard is refused', async () => {
    mockSignedInApi({ 'GET /tracking/script': json(200, trackingConfig) });
    const user = userEvent.setup();
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/tracking-script');
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/refused clipboard access/)).toBeTruthy();
  });

  it('downloads the snippet as tracking-snippet-{trackingId}.html', async () => {
    mockSignedInApi({ 'GET /tracking/script': json(200, trackingConfig) });
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:snippet');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe(`tracking-snippet-${trackingConfig.trackingId}.html`);
      expect(this.href).toBe('blob:snippet');
    });
    renderApp('/tracking-script');

    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledOnce();
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/html');
    expect(await blob.text()).toBe(trackingConfig.snippet);
  });
});
