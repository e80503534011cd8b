export { auditInput, auditTargets, type AuditSpec } from './context';
export { installAuditLog, isStaffWrite } from './install';
export { startAuditPrune } from './prune';
export { auditRoutes } from './routes';
