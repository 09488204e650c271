import { RefreshCw } from 'lucide-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '@client/components/ui/button';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl bg-navy p-3 pl-4 text-navy-foreground shadow-lg"
    >
      <span className="flex-1 text-sm font-semibold">A new version is ready</span>
      <Button
        type="button"
        variant="ghost"
        className="text-navy-foreground hover:bg-white/10"
        onClick={() => setNeedRefresh(false)}
      >
        Later
      </Button>
      <Button
        type="button"
        className="bg-gold text-gold-foreground hover:bg-gold/85"
        onClick={() => void updateServiceWorker(true)}
      >
        <RefreshCw aria-hidden />
        Reload
      </Button>
    </div>
  );
}
