/** User-visible texts the spec fixes; server and web import them from here so they cannot drift. */
export const MESSAGES = {
  missingCredentials: 'You must provide either an email or phone number and a password',
  enterEmail: 'Please enter your email address',
  enterPassword: 'Please enter your password',
  requiredFields: 'Please fill in all required fields',
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  resetSent: 'Password reset email sent! Check your inbox.',
  confirmEmail: 'Please check your email and click the confirmation link to complete your registration.',
  resetFailed: 'Failed to send reset email',
  loginFailed: 'Login failed. Please try again.',
  signupFailed: 'Signup failed. Please try again.',
  noToken: 'No authentication token available',
  sessionMissing: 'Auth session missing!',
  demoReadOnly: 'The demo business is read-only',
  notFound: 'Not found',
} as const;
