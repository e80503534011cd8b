import type { AdminUser } from '@shared/admin';
import type { Role } from '@shared/constants';
import { personName } from '@shared/person-name';

export const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', employee: 'Employee', other: 'Customer' };

/** A role change or a (de)activation staff asked for, waiting for their confirmation. */
export type UserChange = { user: AdminUser; role?: Role; is_active?: boolean };

export const nameOf = (u: AdminUser) => personName(u.first_name, u.last_name, 'No name yet');

/** The dialog names the person, and for a role change the role they have and the one they would get. */
export function describe(p: UserChange) {
  const name = personName(p.user.first_name, p.user.last_name);
  const who = name ? `${name} (${p.user.email})` : p.user.email;
  if (p.role)
    return {
      title: 'Change role?',
      body: `${who}: from ${ROLE_LABEL[p.user.role]} to ${ROLE_LABEL[p.role]}. It applies from their next click.`,
      label: `Make ${ROLE_LABEL[p.role]}`,
    };
  if (p.is_active === false)
    return {
      title: 'Deactivate user?',
      body: `${who} is signed out everywhere and cannot sign in until reactivated.`,
      label: 'Deactivate',
    };
  return { title: 'Activate user?', body: `${who} can sign in again.`, label: 'Activate' };
}
