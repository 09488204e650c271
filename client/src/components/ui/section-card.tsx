import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';

interface SectionCardProps {
  title: string;
  icon: LucideIcon;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function SectionCard({ title, icon: Icon, action, className, children }: SectionCardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'min-w-0 rounded-xl border border-border bg-card text-card-foreground shadow-sm',
        className,
      )}
    >
      <div className="flex min-h-14 flex-wrap items-center gap-x-2 gap-y-1 px-5 pt-4 pb-3 sm:px-6">
        <Icon className="size-5 shrink-0 text-primary" aria-hidden />
        <h2 id={titleId} className="mr-auto text-lg leading-tight font-bold">
          {title}
        </h2>
        {action}
      </div>
      <div className="px-5 pb-5 sm:px-6">{children}</div>
    </section>
  );
}

export function SectionEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-lg border border-dashed border-input/50 px-4 py-6 text-center">
      <p className="font-semibold">{title}</p>
      {children ? <div className="text-sm text-muted-foreground">{children}</div> : null}
    </div>
  );
}
