import { z } from 'zod';
import { departmentAnswer, departmentBodySchema, departmentPatchSchema, departmentsAnswer } from '../../shared/admin';
import type { App } from '../app-types';
import { createDepartment, deleteDepartment, listDepartments, updateDepartment } from './admin-service';
import { idParams } from '../http/params';

const params = idParams;

// Admin-kept departments (docs/product.md#department-approval). DELETE refuses with 409 once orders reference the department.
export async function departmentsRoutes(app: App) {
  const db = app.deps.db;
  const tags = ['departments'];
  for (const url of ['/departments/', '/departments']) {
    const hide = url === '/departments';
    app.get(
      url,
      { config: { access: 'admin' }, schema: { tags, hide, response: { 200: departmentsAnswer } } },
      async () => ({ success: true as const, departments: await listDepartments(db) }),
    );
    app.post(
      url,
      {
        config: { access: 'admin', audit: { kind: 'department.create', entity: 'department' } },
        schema: { tags, hide, body: departmentBodySchema, response: { 201: departmentAnswer } },
      },
      async (req, reply) =>
        reply.code(201).send({ success: true as const, department: await createDepartment(db, req.body) }),
    );
  }
  app.patch(
    '/departments/:id',
    {
      config: { access: 'admin', audit: { kind: 'department.update', entity: 'department' } },
      schema: { tags, params, body: departmentPatchSchema, response: { 200: departmentAnswer } },
    },
    async (req) => ({
      success: true as const,
      department: await updateDepartment(db, req.params.id, req.body),
    }),
  );
  app.delete(
    '/departments/:id',
    {
      config: { access: 'admin', audit: { kind: 'department.delete', entity: 'department' } },
      schema: { tags, params, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (req) => {
      await deleteDepartment(db, req.params.id);
      return { success: true as const };
    },
  );
}
