import { Tabs } from 'radix-ui';
import { type ReactNode, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { focusRing } from '../../../lib/focus-ring';
import { PRODUCT_NAME, useDocumentTitle } from '../../../lib/use-document-title';
import { ConfirmEmailView } from './confirm-email-view';
import { LoginForm } from './login-form';
import { NewPasswordForm } from './new-password-form';
import { ResetRequestForm } from './reset-request-form';
import { SignupForm } from './signup-form';

export type AuthMode = 'login' | 'signup' | 'reset';

const tabClass = `flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm ${focusRing}`;

/**
 * Sign in, sign up and password reset. Switching mode unmounts the previous form, which clears its
 * messages and fields; only the e-mail lives here so it survives the switch.
 */
export function AuthScreen() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>('login');
  const [email, setEmail] = useState('');

  const goTo = useCallback(
    (next: AuthMode) => {
      setMode(next);
      if (pathname.startsWith('/auth/')) navigate('/', { replace: true });
    },
    [pathname, navigate],
  );
  const toLogin = useCallback(() => goTo('login'), [goTo]);
  const toReset = useCallback(() => goTo('reset'), [goTo]);
  const toDashboard = useCallback(() => navigate('/', { replace: true }), [navigate]);

  useDocumentTitle(mode === 'signup' ? 'Sign Up' : 'Sign In');

  let content: ReactNode;
  if (pathname === '/auth/reset') {
    content = <NewPasswordForm onDone={toLogin} onRequestNewLink={toReset} />;
  } else if (pathname === '/auth/confirm') {
    content = <ConfirmEmailView onConfirmed={toDashboard} onBackToLogin={toLogin} />;
  } else if (mode === 'reset') {
    content = (
      <>
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Reset your password</h2>
        <ResetRequestForm email={email} onEmailChange={setEmail} onBackToLogin={toLogin} />
      </>
    );
  } else {
    content = (
      <Tabs.Root value={mode} onValueChange={(value) => setMode(value as AuthMode)}>
        <Tabs.List aria-label="Account" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="login" className={tabClass}>
            Sign In
          </Tabs.Trigger>
          <Tabs.Trigger value="signup" className={tabClass}>
            Sign Up
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login" className="outline-none">
          <LoginForm email={email} onEmailChange={setEmail} onForgotPassword={toReset} />
        </Tabs.Content>
        <Tabs.Content value="signup" className="outline-none">
          <SignupForm email={email} onEmailChange={setEmail} onBackToLogin={toLogin} />
        </Tabs.Content>
      </Tabs.Root>
    );
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-slate-50 via-white to-indigo-50 px-4 py-10">
      <div className="w-full max-w-md">
        <header className="mb-8 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{PRODUCT_NAME}</h1>
          <p className="mt-2 text-slate-600">Decode the invisible. Unlock your profit.</p>
        </header>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{content}</div>
      </div>
    </main>
  );
}
