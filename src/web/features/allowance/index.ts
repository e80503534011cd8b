export { AllowanceBadge, AllowanceNotice } from './allowance-balance';
export { ALLOWANCE_KEY, useMyAllowance } from './use-my-allowance';
