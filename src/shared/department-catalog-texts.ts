// The department catalogue's words, apart from its schemas: the store's product cards show one of them, and
// importing it from department-catalog.ts put zod (some 23 kB) on the store's first paint.
export const NOT_IN_DEPARTMENT_CATALOG = "This item is not in your department's catalogue";
export const REQUIRED_NOT_IN_CATALOG = "Required items must be in the department's catalogue";
export const REQUIRED_FOR_UNIFORM = 'Required for your uniform';
