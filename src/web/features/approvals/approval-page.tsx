import { ApprovalScreen } from './approval-screen';

export default function ApprovalPage() {
  return <ApprovalScreen kind="approve" />;
}
