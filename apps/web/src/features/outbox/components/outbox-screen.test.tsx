import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';

const resetMail = {
  id: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  to: 'ada@example.com',
  subject: 'Reset your password',
  text: 'Choose a new password here: http://localhost:5173/auth/reset?token=XYZ\nThe link works once.',
  created_at: '2025-03-01T12:00:00.000Z',
};

describe('OutboxScreen', () => {
  it('lists kept mail with subject, recipient, date and clickable links', async () => {
    mockSignedInApi({ 'GET /dev/outbox': json(200, { mode: 'outbox', messages: [resetMail] }) });
    renderApp('/outbox');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'http://localhost:5173/auth/reset?token=XYZ' }).getAttribute('href')).toBe(
      'http://localhost:5173/auth/reset?token=XYZ',
    );
    expect(document.querySelector('time')?.getAttribute('dateTime')).toBe(resetMail.created_at);
  });

  it('says so when there is no mail', async () => {
    mockSignedInApi({ 'GET /dev/outbox': json(200, { mode: 'outbox', messages: [] }) });
    renderApp('/outbox');
    expect(await screen.findByText(/No mail yet/)).toBeTruthy();
  });

  it('explains that nothing is kept when the server sends through SMTP', async () => {
    mockSignedInApi({ 'GET /dev/outbox': json(200, { mode: 'smtp', messages: [] }) });
    renderApp('/outbox');
    expect(await screen.findByText(/sends mail through its SMTP server/)).toBeTruthy();
    expect(screen.queryByText(/No mail yet/)).toBeNull();
  });
});
