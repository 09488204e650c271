import { Badge } from '@client/components/ui/badge';

export function PaymentBadge({ isPaid }: { isPaid: boolean }) {
  return isPaid ? <Badge>PAID</Badge> : <Badge variant="destructive">UNPAID</Badge>;
}
