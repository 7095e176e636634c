export interface NamedUser {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
}

const RECEPTOR_PREFIX = 'receptor_';

/**
 * The receiver's display name (spec 01 §2 Dashboard): first and last name when the profile has them,
 * else the username without a 'receptor_' prefix, underscores as spaces, each word capitalised.
 */
export function displayName(user: NamedUser): string {
  const fullName = [user.first_name, user.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  if (fullName) return fullName;
  const base = user.username.startsWith(RECEPTOR_PREFIX) ? user.username.slice(RECEPTOR_PREFIX.length) : user.username;
  return base
    .replace(/_/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('es-CL') + word.slice(1))
    .join(' ');
}
