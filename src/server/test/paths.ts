import path from 'node:path';

export const TEMPLATE_PATH = path.resolve('.tmp/pglite-template.tar');
export const TEST_ADMIN_EMAILS = ['admin@shop.test'];
