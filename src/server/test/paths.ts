import path from 'node:path';

export const TEMPLATE_PATH = path.resolve('.tmp/pglite-template.tar');
/** A PGlite cluster as initdb leaves it, before any migration: what a restore or a first start meets. */
export const BLANK_PATH = path.resolve('.tmp/pglite-blank.tar');
export const TEST_ADMIN_EMAILS = ['admin@shop.test'];
