// What other features may use of the catalogue editor: the admin product list and its grouping into garments.
export { useAdminProducts } from './api/catalog-calls';
export { groupGarments } from './garments';
