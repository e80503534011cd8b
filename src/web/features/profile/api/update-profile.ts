import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdate } from '@shared/profile';
import { apiPut } from '@web/lib/api';

/** PUT /users/profile/: the server answers the saved user, which becomes the session user. */
export const updateProfile = (body: ProfileUpdate) => apiPut('/users/profile/', body).then((r) => r.user);

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
