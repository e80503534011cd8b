// What other features may use of users: the user answer.
export { userDto } from './user-dto';
