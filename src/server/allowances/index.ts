// Department allowances: balances derived from a ledger of uses and returns, serialised per member.
export { lockMemberAllowance, memberAllowance, memberAllowances } from './balance';
export { allowanceHeldSql } from './held';
export { orderAllowance, returnOrderAllowance, writeLedger } from './ledger';
export { periodFor } from './period';
export { myAllowance } from './admin';
