import { registerApprovals } from '../orders';
import { reissueForEdit } from './staff';
import { issueApprovalTokens, retireOrderTokens } from '../approval-links';

/** Called by buildApp (src/server/wiring.ts) before any route runs: orders issue and retire links through it. */
export function registerApprovalsWithOrders() {
  registerApprovals({ issue: issueApprovalTokens, retire: retireOrderTokens, reissue: reissueForEdit });
}
