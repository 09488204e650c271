import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useRef, type ComponentProps, type ComponentType, type Ref } from 'react';
import { cn } from '@client/lib/cn';
import { dismissPageToast } from '@client/lib/toast';
import { useCloseOnBack } from '@client/lib/use-close-on-back';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

// No backdrop blur: a blur redraws the whole screen behind the dialog every frame (each
// caret blink), slow where the browser composites in software.
export const overlayClassName =
  'fixed inset-0 z-50 bg-navy/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in';

// Never touches a 375px screen's edges; scrolls inside itself when the keyboard is up.
export const modalContentClassName =
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-card p-5 text-card-foreground shadow-xl focus:outline-none data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in sm:p-6';

/** Closing or tapping a toast (outside the dialog's tree) must not close the dialog under it. */
export function keepOpenOnToast(event: { target: EventTarget | null; preventDefault(): void }) {
  if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) {
    event.preventDefault();
  }
}

/**
 * As a dialog opens, the page's toast goes. Rendered inside the dialog's content, mounted
 * only while it is open: closed dialogs' wrappers must not close the toast.
 */
export function PageToastGoes() {
  useEffect(() => {
    dismissPageToast();
  }, []);
  return null;
}

/** Back closes the dialog, through its own Close so a pending action still keeps it open. */
export function BackCloses({
  Close,
}: {
  Close: ComponentType<{ ref?: Ref<HTMLButtonElement>; hidden?: boolean }>;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useCloseOnBack(() => {
    closeRef.current?.click();
  });
  return <Close ref={closeRef} hidden />;
}

export function DialogContent({
  className,
  children,
  onInteractOutside,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClassName} />
      <DialogPrimitive.Content
        className={cn(modalContentClassName, className)}
        onInteractOutside={(event) => {
          keepOpenOnToast(event);
          onInteractOutside?.(event);
        }}
        {...props}
      >
        <PageToastGoes />
        <BackCloses Close={DialogPrimitive.Close} />
        {children}
        <DialogPrimitive.Close className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <X className="size-5" aria-hidden />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 pr-10', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-xl leading-tight font-extrabold tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
