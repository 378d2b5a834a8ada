/** The audit's money checks live with the audit in the admin context (it also runs from the admin panel); re-exported for the scripts' specs. */
export * from '../../api/src/contexts/admin/audit-checks.js';
