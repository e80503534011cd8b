-- Issue 29: a refund never creates a balance. Refunds recorded before credits existed lowered only what was held,
-- so an order paid in full and then given $25 back read "balance $25". Replay each open order's ledger in order
-- (as payments/ledger.ts insertRefund does now): the part of a refund above what was held over the amount owed
-- lowers what the order owes, as a credit row beside it. Cancelled and denied orders owe nothing: no credits.
WITH RECURSIVE moves AS (
  SELECT p.id, p.order_id, p.kind, p.amount_cents,
         row_number() OVER (PARTITION BY p.order_id ORDER BY p.created_at, p.id) AS rn
  FROM payments p
  JOIN orders o ON o.id = p.order_id
  WHERE p.kind IN ('payment', 'refund') AND o.status NOT IN ('cancelled', 'denied')
    AND NOT EXISTS (SELECT 1 FROM payments c WHERE c.order_id = p.order_id AND c.kind = 'credit')
    AND EXISTS (SELECT 1 FROM payments r WHERE r.order_id = p.order_id AND r.kind = 'refund')
),
walk (order_id, rn, held, credited, lowers, source_id) AS (
  SELECT DISTINCT order_id, 0::bigint, 0, 0, 0, NULL::integer FROM moves
  UNION ALL
  SELECT m.order_id, m.rn,
         w.held + CASE WHEN m.kind = 'payment' THEN m.amount_cents ELSE -m.amount_cents END,
         w.credited + s.lowers,
         s.lowers,
         m.id
  FROM walk w
  JOIN moves m ON m.order_id = w.order_id AND m.rn = w.rn + 1
  JOIN orders o ON o.id = m.order_id
  CROSS JOIN LATERAL (
    SELECT CASE WHEN m.kind = 'refund'
                THEN m.amount_cents - least(m.amount_cents, greatest(0, w.held - greatest(0, o.total_cents - w.credited)))
                ELSE 0 END AS lowers
  ) s
)
INSERT INTO payments (order_id, kind, method, amount_cents, reference, reason, recorded_by, created_at)
SELECT w.order_id, 'credit', 'other', w.lowers, p.reference, 'Refund (lowered what the order owes)', p.recorded_by, p.created_at
FROM walk w
JOIN payments p ON p.id = w.source_id
WHERE w.lowers > 0;
