import { ApprovalScreen } from './approval-screen';

export default function DenialPage() {
  return <ApprovalScreen kind="deny" />;
}
