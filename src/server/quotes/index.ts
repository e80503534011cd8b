// Price quotes: nothing below uses them; the app mounts their routes.
export { quoteRoutes } from './routes';
