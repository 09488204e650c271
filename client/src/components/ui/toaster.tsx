import { CircleAlert, CircleCheck } from 'lucide-react';
import { dismissToast, useToasts } from '@client/lib/toast';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';

/** Spec §9: toasts last 5 s, swipe right past 50px to dismiss, F8 focuses them. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => {
        const Icon = variant === 'destructive' ? CircleAlert : CircleCheck;
        return (
          <Toast
            key={id}
            variant={variant}
            open={open}
            onOpenChange={(nextOpen) => {
              if (!nextOpen) dismissToast(id);
            }}
            duration={duration}
          >
            <Icon
              className={
                variant === 'destructive'
                  ? 'mt-0.5 size-5 shrink-0'
                  : 'mt-0.5 size-5 shrink-0 text-primary'
              }
              aria-hidden
            />
            <div className="grid min-w-0 gap-1">
              <ToastTitle>{title}</ToastTitle>
              {description ? <ToastDescription>{description}</ToastDescription> : null}
            </div>
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  );
}
