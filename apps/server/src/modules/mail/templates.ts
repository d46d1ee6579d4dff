import type { OutgoingEmail } from './mailer.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(to: string, subject: string, lines: string[], link?: { href: string; label: string }): OutgoingEmail {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.href}`] : []), '', '— Revenue Intelligence'].join(
    '\n',
  );
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p><p>${escapeHtml(link.href)}</p>`
      : '',
    '<p>— Revenue Intelligence</p>',
  ].join('\n');
  return { to, subject, text, html };
}

/** Password-reset mail with its single-use link. */
export const resetPasswordEmail = (to: string, link: string) =>
  compose(
    to,
    'Reset your password',
    [
      'Someone asked to reset the password of your Revenue Intelligence account.',
      'The link below works once and expires in one hour. If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    { href: link, label: 'Choose a new password' },
  );

/** Sign-up confirmation mail. */
export const confirmSignupEmail = (to: string, link: string) =>
  compose(
    to,
    'Confirm your e-mail address',
    [
      'Welcome to Revenue Intelligence. Confirm your e-mail address to finish creating your account.',
      'The link expires in 24 hours.',
    ],
    { href: link, label: 'Confirm my e-mail address' },
  );

/** Sent when someone signs up with an address that already has an account: the owner learns of it, the form does not. */
export const existingAccountEmail = (to: string, signInLink: string, resetLink: string) =>
  compose(to, 'You already have an account', [
    'Someone tried to create a Revenue Intelligence account with this e-mail address, which already has one.',
    `If it was you, sign in at ${signInLink}. Forgot your password? Reset it at ${resetLink}.`,
    'If it was not you, you can ignore this e-mail.',
  ]);
