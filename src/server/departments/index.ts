// What other features may use of departments: the department an address belongs to, or one by id.
export { departmentOf, findDepartment, findDepartmentForEmail, type DepartmentRow } from './service';
export { onDepartmentsChanged } from './changes';
