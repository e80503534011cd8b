// Decoration kinds and positions as rows: the public list, the admin's writes.
export { decorationRoutes } from './routes';
