/** Auth screen texts that the spec leaves to the browser; the spec's own texts are in #shared/accounts/messages.ts. */
export const authTabs = ['login', 'register', 'forgot-password'] as const;
export type AuthTab = (typeof authTabs)[number];

export const authText = {
  pageTitle: 'Welcome to Inkproof',
  pageLead: 'Log in to keep your signatures, or create a free account in a minute.',
  tabLabels: { login: 'Login', register: 'Register', 'forgot-password': 'Forgot Password' } satisfies Record<
    AuthTab,
    string
  >,
  loginIntro: 'Welcome back. Log in with your email and password.',
  registerIntro: 'Create a free account to keep your signatures and sign documents.',
  forgotIntro: "Enter your account's email address and we will send you a link to choose a new password.",
  forgotLink: 'Forgot password?',
  loginSubmit: 'Log in',
  registerSubmit: 'Create account',
  forgotSubmit: 'Send reset link',
  checkEmailTitle: 'Check your email',
  checkEmailText: (email: string) =>
    `If an account exists for ${email}, a password reset link is on its way. It comes from this service's administrator e-mail address; if it has not arrived in a few minutes, look in your spam folder.`,
  signUpCheckEmailText: (email: string) =>
    `We have sent a message to ${email}. Open the link in it within 24 hours to finish creating your account, then log in. If it has not arrived in a few minutes, look in your spam folder.`,
  returnToLogin: 'Return to login',
  errorTitle: 'Error',
  verifying: 'Verifying your email address…',
  verifyOkTitle: 'Email verified',
  signingIn: 'Signing you in…',
  loginLinkFailedTitle: 'Sign-in link not accepted',
  captchaLabel: 'Security code',
  captchaHint: 'Type the characters shown in the image. Letters are case-sensitive.',
  captchaImage: 'Security code image',
  captchaRefresh: 'Refresh security code',
  captchaLoadFailed: 'The security code could not be loaded. Refresh to try again.',
  agreeToTerms: 'I agree to the terms and conditions',
  legalNote: 'By using Inkproof you accept our',
  // The second step and passkeys
  secondStepTitle: 'Two-factor sign-in',
  secondStepIntro: 'Your password was right. Confirm it is you with your second step.',
  codeLabel: 'Authentication code',
  codeHint: 'The 6-digit code your authenticator app shows for Inkproof.',
  recoveryLabel: 'Recovery code',
  recoveryHint: 'One of the recovery codes you saved when you set up two-factor sign-in. Each works once.',
  verifySubmit: 'Verify',
  useRecovery: 'Use a recovery code instead',
  useCode: 'Use a code from your app instead',
  usePasskey: 'Use a passkey',
  backToLogin: 'Back to log in',
  passkeySignIn: 'Sign in with a passkey',
  passkeyOr: 'or',
  passkeyCancelled: 'The passkey request was cancelled or timed out.',
  emailChangeConfirming: 'Confirming your new e-mail address…',
} as const;

export const parseAuthTab = (value: string | null): AuthTab =>
  (authTabs as readonly string[]).includes(value ?? '') ? (value as AuthTab) : 'login';
