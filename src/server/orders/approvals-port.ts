import type { Tx } from '../db/client';

// Approvals sit above orders (they read and move orders), so orders never import them: placing, editing or deciding an
// order issues and retires approval links through this port, which approvals registers when the app is built
// (approvals/register.ts, called from src/server/wiring.ts).

export type IssuedToken = { email: string; token: string };

export interface ApprovalsPort {
  /** One approval link per approver, in the caller's transaction; the tokens go only into the e-mails. */
  issue(tx: Tx, orderId: number, approvers: string[]): Promise<IssuedToken[]>;
  /** Every open link of the order stops working (the order was decided, edited or cancelled). */
  retire(tx: Tx, orderId: number): Promise<void>;
  /**
   * A staff edit sends the order back to its approvers: new links (the old die) unless the resend cooldown runs and
   * every approver still holds a live link, which then stays and shows the edited order. `kept` says which.
   */
  reissue(tx: Tx, orderId: number, approvers: string[]): Promise<{ tokens: IssuedToken[]; kept: boolean }>;
}

let port: ApprovalsPort | null = null;

export function registerApprovals(p: ApprovalsPort) {
  port = p;
}

export function approvalsPort(): ApprovalsPort {
  if (!port) throw new Error('The approvals module is not registered: buildApp registers it (src/server/wiring.ts)');
  return port;
}
