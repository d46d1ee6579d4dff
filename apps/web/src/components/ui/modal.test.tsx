import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

/** A list whose rows a refresh replaces (new keys, new elements) while the dialog is open. */
function Screen({ generation }: { generation: number }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button key={`row-${generation}`} type="button" aria-label="View spring-sale" onClick={() => setOpen(true)}>
        View
      </button>
      <button type="button" aria-label="View autumn-sale">
        View
      </button>
      <Modal open={open} onOpenChange={setOpen} title="spring-sale">
        <p>Details</p>
      </Modal>
    </div>
  );
}

describe('Modal', () => {
  it('gives focus back to the button that opened it', async () => {
    render(<Screen generation={1} />);
    const opener = screen.getByRole('button', { name: 'View spring-sale' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog', { name: 'spring-sale' });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus to the same button when a refresh re-rendered it while the dialog was open', async () => {
    const { rerender } = render(<Screen generation={1} />);
    const opener = screen.getByRole('button', { name: 'View spring-sale' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog', { name: 'spring-sale' });
    act(() => rerender(<Screen generation={2} />));
    const replaced = screen.getByRole('button', { name: 'View spring-sale', hidden: true });
    expect(replaced).not.toBe(opener);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(replaced);
  });
});
