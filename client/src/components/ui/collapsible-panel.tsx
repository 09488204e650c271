import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { Card } from './card';

interface CollapsiblePanelProps {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  defaultOpen?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A card whose whole header is the toggle. A button and a `hidden` region rather than
 * Radix's Collapsible: that one measures its content in a layout effect, forcing a layout
 * of the whole group page inside React's commit.
 */
export function CollapsiblePanel({
  title,
  icon: Icon,
  description,
  defaultOpen = false,
  className,
  children,
}: CollapsiblePanelProps) {
  const titleId = useId();
  const contentId = useId();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Card className={cn('overflow-hidden', className)}>
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
          className="group flex min-h-14 w-full items-center gap-3 px-5 py-3 text-left transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset sm:px-6"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
            <Icon className="size-5" aria-hidden />
          </span>
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span id={titleId} className="text-lg leading-tight font-bold">
              {title}
            </span>
            {description ? (
              <span className="text-sm font-normal text-muted-foreground">{description}</span>
            ) : null}
          </span>
          <ChevronDown
            className="size-5 shrink-0 text-muted-foreground transition-transform group-aria-expanded:rotate-180"
            aria-hidden
          />
        </button>
      </h2>
      <div
        id={contentId}
        role="region"
        aria-labelledby={titleId}
        hidden={!open}
        className="border-t border-border"
      >
        {open ? children : null}
      </div>
    </Card>
  );
}
