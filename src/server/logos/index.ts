export { logoRoutes } from './routes';
