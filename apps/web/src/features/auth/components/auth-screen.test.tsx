import { MESSAGES } from '@ri/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { demoBusiness, noSourceSyncStatus, ownBusiness, user } from '../../../test/fixtures';
import { apiError, json, type MockRequest, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

type Routes = Parameters<typeof mockApi>[0];

/** Nobody is signed in: the user check answers 401 and so does the refresh it tries. */
function mockSignedOut(routes: Routes = {}, passwordGrant?: (request: MockRequest) => Response) {
  return mockApi({
    'GET /auth/user': apiError(401, 'unauthorized', 'Auth session missing!'),
    'POST /auth/token': (request) =>
      request.url.searchParams.get('grant_type') === 'password' && passwordGrant
        ? passwordGrant(request)
        : apiError(401, 'unauthorized', 'Auth session missing!'),
    ...routes,
  });
}

async function openAuthScreen(path = '/', { fakeTimers = false } = {}) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const events = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  renderApp(path);
  return events;
}

const submit = (events: ReturnType<typeof userEvent.setup>, name: string) =>
  events.click(screen.getByRole('button', { name }));

const alertText = () => screen.getByRole('alert').textContent;

describe('AuthScreen', () => {
  it('shows the product, its tagline and the two tabs while signed out', async () => {
    mockSignedOut();
    await openAuthScreen('/ad-intelligence');
    expect(await screen.findByText('Decode the invisible. Unlock your profit.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toBeTruthy();
  });

  it('asks for the e-mail, then the password, before signing in', async () => {
    const { requests } = mockSignedOut();
    const events = await openAuthScreen();
    await screen.findByRole('tab', { name: 'Sign In' });

    await submit(events, 'Sign In');
    expect(alertText()).toBe(MESSAGES.enterEmail);

    await events.type(screen.getByLabelText('Email'), 'ada@example.com');
    await submit(events, 'Sign In');
    expect(alertText()).toBe(MESSAGES.enterPassword);
    expect(requests.some((r) => r.url.searchParams.get('grant_type') === 'password')).toBe(false);
  });

  it("shows the server's message in a red box when sign-in fails", async () => {
    mockSignedOut({}, () => apiError(400, 'invalid_credentials', MESSAGES.invalidCredentials));
    const events = await openAuthScreen();
    await events.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await events.type(screen.getByLabelText('Password'), 'wrong-password');
    await submit(events, 'Sign In');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MESSAGES.invalidCredentials);
  });

  it('signs in and opens the app', async () => {
    const session = { expires_in: 3600, expires_at: Math.floor(Date.now() / 1000) + 3600, token_type: 'bearer', user };
    const { requests } = mockSignedOut(
      {
        'GET /businesses': json(200, { businesses: [ownBusiness, demoBusiness] }),
        'GET /analytics/sync-status': json(200, noSourceSyncStatus),
      },
      () => json(200, session),
    );
    const events = await openAuthScreen();
    await events.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await events.type(screen.getByLabelText('Password'), 'correct horse');
    await submit(events, 'Sign In');

    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue Superintelligence Dashboard' })).toBeTruthy();
    const grant = requests.find((r) => r.url.searchParams.get('grant_type') === 'password');
    expect(grant?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(grant?.headers.get('X-Auth-Mode')).toBe('cookie');
  });

  it('requires e-mail, password, first name and business name to sign up', async () => {
    const { requests } = mockSignedOut();
    const events = await openAuthScreen();
    await events.click(await screen.findByRole('tab', { name: 'Sign Up' }));

    await submit(events, 'Create Account');
    expect(alertText()).toBe(MESSAGES.enterEmail);

    await events.type(screen.getByLabelText('Email'), 'ada@example.com');
    await submit(events, 'Create Account');
    expect(alertText()).toBe(MESSAGES.enterPassword);

    await events.type(screen.getByLabelText('Password'), 'long enough password');
    await submit(events, 'Create Account');
    expect(alertText()).toBe(MESSAGES.requiredFields);

    await events.type(screen.getByLabelText('First name'), 'Ada');
    await submit(events, 'Create Account');
    expect(alertText()).toBe(MESSAGES.requiredFields);
    expect(requests.some((r) => r.path === '/auth/signup')).toBe(false);
  });

  it('offers the ten industries with their labels and keeps the input types', async () => {
    mockSignedOut();
    const events = await openAuthScreen();
    await events.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    const options = Array.from((screen.getByLabelText('Industry') as HTMLSelectElement).options).map((o) => o.text);
    expect(options).toHaveLength(11);
    expect(options).toContain('Marketing Agency');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Business website').getAttribute('type')).toBe('url');
    expect(screen.getByText('At least 8 characters')).toBeTruthy();
  });

  it('keeps the e-mail but clears the password and messages when switching tabs', async () => {
    mockSignedOut();
    const events = await openAuthScreen();
    await events.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await submit(events, 'Sign In');
    await events.type(screen.getByLabelText('Password'), 'secret');
    expect(screen.getByRole('alert')).toBeTruthy();

    await events.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();

    await events.type(screen.getByLabelText('First name'), 'Ada');
    await events.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('toggles password visibility', async () => {
    mockSignedOut();
    const events = await openAuthScreen();
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await events.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await events.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('asks for the e-mail in reset mode, then confirms and returns to sign-in after 3 s', async () => {
    const { requests } = mockSignedOut({ 'POST /auth/recover': json(200, { message: MESSAGES.resetSent }) });
    const events = await openAuthScreen('/', { fakeTimers: true });
    await events.click(await screen.findByRole('button', { name: 'Forgot your password?' }));

    await submit(events, 'Send Reset Link');
    expect(alertText()).toBe(MESSAGES.enterEmail);

    await events.type(screen.getByLabelText('Email'), 'ada@example.com');
    await submit(events, 'Send Reset Link');
    expect(await screen.findByText(MESSAGES.resetSent)).toBeTruthy();
    expect(requests.find((r) => r.path === '/auth/recover')?.body).toEqual({ email: 'ada@example.com' });

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByRole('tab', { name: 'Sign In' })).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.queryByText(MESSAGES.resetSent)).toBeNull();
  });

  it('returns from reset mode with "Back to sign in"', async () => {
    mockSignedOut();
    const events = await openAuthScreen();
    await events.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await events.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('shows the confirmation message after sign-up and returns to sign-in after 5 s with the e-mail kept', async () => {
    const { requests } = mockSignedOut({
      'POST /auth/signup': json(200, { session: null, confirmation_required: true, message: MESSAGES.confirmEmail }),
    });
    const events = await openAuthScreen('/', { fakeTimers: true });
    await events.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    await events.type(screen.getByLabelText('Email'), 'ada@example.com');
    await events.type(screen.getByLabelText('Password'), 'long enough password');
    await events.type(screen.getByLabelText('First name'), 'Ada');
    await events.type(screen.getByLabelText('Last name'), 'Lovelace');
    await events.type(screen.getByLabelText('Business name'), 'Analytical Engines');
    await events.selectOptions(screen.getByLabelText('Industry'), 'agency');
    await submit(events, 'Create Account');

    expect(await screen.findByText(MESSAGES.confirmEmail)).toBeTruthy();
    expect(requests.find((r) => r.path === '/auth/signup')?.body).toEqual({
      email: 'ada@example.com',
      password: 'long enough password',
      data: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        full_name: 'Ada Lovelace',
        business_name: 'Analytical Engines',
        business_website: '',
        industry: 'agency',
      },
    });

    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });
});
