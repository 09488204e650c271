import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useEffect, type CSSProperties } from 'react';
import { Toaster as Sonner, toast as sonner } from 'sonner';
import { markToasterMounted } from '@client/lib/toast';
import { PHONE_TOASTS, toastPosition } from '@client/lib/toast-placement';
import { useMediaQuery } from '@client/lib/use-media-query';

/** Below the 64 px sticky header. */
const BELOW_HEADER = 72;

const colours = {
  '--normal-bg': 'var(--color-card)',
  '--normal-text': 'var(--color-card-foreground)',
  '--normal-border': 'var(--color-border)',
  '--success-bg': 'var(--color-card)',
  '--success-text': 'var(--color-card-foreground)',
  '--success-border': 'var(--color-border)',
  '--info-bg': 'var(--color-card)',
  '--info-text': 'var(--color-card-foreground)',
  '--info-border': 'var(--color-border)',
  '--error-bg': 'var(--color-destructive)',
  '--error-text': 'var(--color-destructive-foreground)',
  '--error-border': 'var(--color-destructive)',
  // 356 px keeps a toast clear of a centred dialog on a 1280 px screen.
  '--width': '356px',
} as CSSProperties;

/**
 * Product rules §9: one toast at a time, 5 s, swipe right to dismiss, F8 focuses them.
 * Each toast says where it goes (lib/toast-placement.ts); `position` is only sonner's default.
 */
export function Toaster() {
  const phone = useMediaQuery(PHONE_TOASTS);
  // After sonner's own effect (a child's effects run first).
  useEffect(() => {
    markToasterMounted(sonner);
  }, []);
  return (
    <Sonner
      position={toastPosition({ phone, overDialog: false })}
      offset={{ top: BELOW_HEADER, right: 24, bottom: 24 }}
      mobileOffset={{
        top: BELOW_HEADER,
        left: 12,
        right: 12,
        bottom: 'calc(12px + env(safe-area-inset-bottom))',
      }}
      visibleToasts={1}
      duration={5000}
      hotkey={['F8']}
      swipeDirections={['right']}
      closeButton
      richColors
      containerAriaLabel="Notifications"
      // Unsaid, sonner reads the page's computed direction on every render (a style
      // recalculation of the whole page).
      dir="ltr"
      style={colours}
      icons={{
        success: <CircleCheck className="size-5 text-primary" aria-hidden />,
        info: <Info className="size-5 text-primary" aria-hidden />,
        error: <CircleAlert className="size-5" aria-hidden />,
      }}
      toastOptions={{
        closeButtonAriaLabel: 'Close notification',
        classNames: {
          // Over an open dialog the page has pointer-events: none; a toast stays usable.
          toast: 'pointer-events-auto! gap-3! rounded-xl! p-4! pr-12! shadow-lg! text-sm!',
          title: 'font-bold!',
          description: 'wrap-anywhere opacity-95 text-current!',
          icon: 'mt-0.5 self-start size-5!',
          closeButton:
            'left-auto! right-1! top-1! size-11! transform-none! border-0! bg-transparent! rounded-lg! opacity-80 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-current',
        },
      }}
    />
  );
}
