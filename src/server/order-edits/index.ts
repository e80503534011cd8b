export { removeLinesForApproval } from './approver-removal';
export { linesRemovedMail } from './lines-removed-mail';
