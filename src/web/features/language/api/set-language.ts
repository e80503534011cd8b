import type { Language } from '@shared/languages';
import { apiPut } from '@web/lib/api';

/** PUT /users/language/: keeps the signed-in customer's choice on their account; answers the saved user. */
export const saveLanguage = (language: Language) => apiPut('/users/language/', { language }).then((r) => r.user);
