import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/** The frame the group page's sections share: a titled card. */
export function SlotCard({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-border bg-card text-card-foreground shadow-sm"
    >
      <div className="flex items-center gap-2 px-5 pt-5 pb-3 sm:px-6">
        <Icon className="size-5 shrink-0 text-primary" aria-hidden />
        <h2 id={titleId} className="text-lg leading-tight font-bold">
          {title}
        </h2>
      </div>
      <div className="px-5 pb-5 sm:px-6">{children}</div>
    </section>
  );
}

/** A quiet "nothing here yet" line inside a section. */
export function SlotEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-lg border border-dashed border-input/50 px-4 py-6 text-center">
      <p className="font-semibold">{title}</p>
      {children ? <p className="text-sm text-muted-foreground">{children}</p> : null}
    </div>
  );
}
