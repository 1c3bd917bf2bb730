import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { withQueries } from '#web/lib/with-queries.tsx';
import { safeRedirect } from '#web/lib/safe-redirect.ts';
import { useUser } from '#web/lib/session/get-user.ts';
import { AuthPanel } from '#web/features/auth/components/auth-panel.tsx';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form.tsx';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { useSignedIn } from '#web/features/auth/api/login.ts';
import { loadSecondStepForm } from '#web/features/auth/components/lazy-second-step.ts';
import { useEmailChangeLink } from '#web/features/auth/hooks/use-email-change-link.ts';
import { useEmailVerification } from '#web/features/auth/hooks/use-email-verification.ts';
import { readLoginLink, useLoginLink } from '#web/features/auth/hooks/use-login-link.ts';
import { authTabs, authText, parseAuthTab, type AuthTab } from '#web/features/auth/messages.ts';

const SecondStepForm = lazy(loadSecondStepForm);
// Signing up is the second tab: its form (checkbox, strength meter) loads when the page is idle,
// or at once when the page opens on it, so signing in is usable sooner.
const loadRegisterForm = reloadingOnMissingChunk(
  withQueries(async () => (await import('#web/features/auth/components/register-form.tsx')).RegisterForm),
);
const RegisterForm = lazy(loadRegisterForm);
const whenIdle = (work: () => void) =>
  window.requestIdleCallback ? window.requestIdleCallback(work) : window.setTimeout(work, 1500);

function readVerification(params: URLSearchParams) {
  const token = params.get('token');
  const email = params.get('email');
  return params.get('verification') === 'true' && token && email ? { token, email } : null;
}

function readSignUp(params: URLSearchParams) {
  const token = params.get('signup');
  const email = params.get('email');
  return token && email ? { token, email } : null;
}

export default function AuthPage() {
  usePageMeta({ title: 'Log in or sign up' });
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const tab = parseAuthTab(params.get('tab'));
  // Signing in leads to the user's own area, or back where a protected page (or the end of an
  // idle session) sent them; a signed-in visitor who opens /auth goes home.
  const redirectTo = safeRedirect(params.get('redirect'), '/dashboard');
  const alreadyIn = safeRedirect(params.get('redirect'));
  const [signedInHere, setSignedInHere] = useState(false);
  const { data: user, isPending } = useUser();
  useEffect(() => void whenIdle(() => void loadRegisterForm().catch(() => undefined)), []);

  const authUrl = (next: AuthTab, keep: Record<string, string> = {}) => {
    const query = new URLSearchParams({ tab: next, ...keep });
    if (params.get('redirect')) query.set('redirect', redirectTo);
    return `/auth?${query.toString()}`;
  };
  // A confirmed sign-up's link: its token travels with the first log-in, which creates the account.
  const signUp = readSignUp(params);
  const selectTab = (next: string) => navigate(authUrl(parseAuthTab(next)), { replace: true });

  const verification = useEmailVerification(readVerification(params), {
    onDone: (result, signedIn) => {
      const pending = readVerification(params);
      if (signedIn) navigate(alreadyIn, { replace: true });
      else if (result.finishSignUp && pending)
        navigate(authUrl('login', { signup: pending.token, email: pending.email }), { replace: true });
      else navigate(authUrl(result.ok ? 'login' : tab), { replace: true });
    },
  });

  // A mailed one-time sign-in link (decision 018); a refused one leaves the token out of the URL.
  const loginLink = useLoginLink(readLoginLink(params), () => navigate(authUrl('login'), { replace: true }));
  const signedIn = useSignedIn();
  // The link sent to a new e-mail address: spent here, then the token leaves the URL.
  const emailChange = useEmailChangeLink(params.get('email-change'), () =>
    navigate(authUrl('login'), { replace: true }),
  );

  if (verification.verifying) return <LoadingState label={authText.verifying} showLabel />;
  if (loginLink.signingIn) return <LoadingState label={authText.signingIn} showLabel />;
  if (emailChange.confirming) return <LoadingState label={authText.emailChangeConfirming} showLabel />;
  if (isPending) return <LoadingState />;
  if (user) {
    const to = emailChange.result?.ok
      ? '/settings'
      : signedInHere || loginLink.signedIn
        ? redirectTo
        : alreadyIn;
    return <Redirect to={to} replace />;
  }

  const goHome = () => {
    setSignedInHere(true);
    navigate(redirectTo);
  };
  const linkSecondStep = loginLink.secondStep;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:py-16">
      <AuthPanel />
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{authText.pageTitle}</h1>
        <p className="mt-2 text-slate-700">{authText.pageLead}</p>
        {verification.result ? (
          <Alert tone={verification.result.ok ? 'success' : 'error'} className="mt-6">
            {verification.result.message}
          </Alert>
        ) : null}
        {emailChange.result ? (
          <Alert tone={emailChange.result.ok ? 'success' : 'error'} role="status" className="mt-6">
            {emailChange.result.message}
          </Alert>
        ) : null}
        {loginLink.error ? (
          <Alert tone="error" role="alert" className="mt-6">
            {loginLink.error}
          </Alert>
        ) : null}
        <Card className="mt-6" data-form-top>
          <CardContent>
            <Tabs value={tab} onValueChange={selectTab}>
              <TabsList aria-label="Account actions">
                {authTabs.map((value) => (
                  <TabsTrigger key={value} value={value}>
                    {authText.tabLabels[value]}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value="login">
                {linkSecondStep ? (
                  <Suspense fallback={<LoadingState />}>
                    <SecondStepForm
                      methods={linkSecondStep}
                      onSignedIn={(signed) => {
                        signedIn(signed);
                        goHome();
                      }}
                      onRestart={loginLink.clearSecondStep}
                    />
                  </Suspense>
                ) : (
                  <LoginForm
                    onSuccess={goHome}
                    onForgotPassword={() => selectTab('forgot-password')}
                    signUp={signUp}
                  />
                )}
              </TabsContent>
              <TabsContent value="register">
                <Suspense fallback={<LoadingState />}>
                  <RegisterForm onReturnToLogin={() => selectTab('login')} />
                </Suspense>
              </TabsContent>
              <TabsContent value="forgot-password">
                <ForgotPasswordForm onReturnToLogin={() => selectTab('login')} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-sm text-slate-600">
          {authText.legalNote}{' '}
          <Link href="/terms" className="font-medium text-ink-700 underline">
            Terms & Conditions
          </Link>{' '}
          and{' '}
          <Link href="/privacy" className="font-medium text-ink-700 underline">
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
