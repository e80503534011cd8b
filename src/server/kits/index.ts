// Department kits: garments a department's members order together (docs/product.md#department-kits).
export { kitRoutes } from './routes';
