import { WifiOff } from 'lucide-react';

export function OfflineBanner() {
  return (
    <div
      role="status"
      className="bg-navy px-4 py-2 text-center text-sm font-semibold text-navy-foreground"
    >
      <WifiOff className="mr-2 inline size-4 align-[-2px]" aria-hidden />
      Offline: showing what was already loaded. Picks save once you are back online.
    </div>
  );
}
