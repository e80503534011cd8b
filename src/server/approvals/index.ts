// What orders use of approvals: issuing an order's tokens at placement and retiring them once it is decided.
export { issueApprovalTokens, retireOrderTokens } from './tokens';
