// What other features may use of departments: the department an address belongs to.
export { findDepartmentForEmail, type DepartmentRow } from './service';
