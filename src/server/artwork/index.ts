export { artworkRoutes } from './routes';
export { artworkQueueCounts } from './service';
