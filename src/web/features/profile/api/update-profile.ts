import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdate, ProfileUser } from '@shared/profile';
import { apiPut } from '@web/lib/api';

/** PUT /users/profile/: the server answers the saved user, which becomes the session user. */
export const updateProfile = (body: ProfileUpdate) => apiPut<{ success: true; user: ProfileUser }>('/users/profile/', body).then((r) => r.user);

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
