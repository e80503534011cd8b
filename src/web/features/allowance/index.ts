export { AllowanceBadge, AllowanceNotice } from './allowance-balance';
export { ALLOWANCE_KEY } from './use-my-allowance';
