import { Badge } from '@client/components/ui/badge';

/** The viewer's or a member's payment status, read-only (product rules §2, §4). */
export function PaymentBadge({ isPaid }: { isPaid: boolean }) {
  return isPaid ? <Badge>PAID</Badge> : <Badge variant="destructive">UNPAID</Badge>;
}
