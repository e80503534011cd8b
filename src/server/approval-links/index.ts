// Approval links below orders, so placing, editing and deciding an order issue and retire them directly; the pages
// that open a link and decide the order are approvals' (above orders).
export {
  findToken,
  issueApprovalTokens,
  retireOrderTokens,
  tokenState,
  UNKNOWN_LINK,
  useToken,
  type TokenRow,
} from './tokens';
export { reissueForEdit, resendKey } from './reissue';
