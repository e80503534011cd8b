// Placeholder until the feature lands; replaced by the feature's own screen.
export default function AdminOrdersPage() {
  return <main className="p-8"><h1 className="text-2xl font-semibold capitalize">admin orders page</h1></main>;
}
