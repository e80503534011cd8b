// What other features may use of users: the user answer.
export { userDto } from './user-dto';
// The e-mailed links' pages: which language they open in.
export { linkLanguage } from './link-language';
