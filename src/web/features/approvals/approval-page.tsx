// Placeholder until the feature lands; replaced by the feature's own screen.
export default function ApprovalPage() {
  return <main className="p-8"><h1 className="text-2xl font-semibold capitalize">approval page</h1></main>;
}
