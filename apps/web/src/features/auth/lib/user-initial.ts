import type { User } from '@ri/contracts';

/** The letter in the avatar: first letter of the first name, else of the e-mail, upper case. */
export function getUserInitial(user: Pick<User, 'email' | 'user_metadata'>): string {
  const source = user.user_metadata.first_name.trim() || user.email.trim();
  return (source[0] ?? '?').toUpperCase();
}

/** The name to show: full name, else first and last name, else the e-mail. */
export function getUserDisplayName(user: Pick<User, 'email' | 'user_metadata'>): string {
  const { full_name, first_name, last_name } = user.user_metadata;
  return full_name.trim() || `${first_name} ${last_name}`.trim() || user.email;
}
