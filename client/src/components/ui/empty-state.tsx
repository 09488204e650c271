import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { Card } from './card';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  titleAs?: 'h1' | 'h2';
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({
  icon: Icon,
  title,
  titleAs: Title = 'h2',
  children,
  action,
  className,
}: EmptyStateProps) {
  return (
    <Card className={cn('grid justify-items-center gap-3 px-6 py-12 text-center', className)}>
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <Icon className="size-7" aria-hidden />
      </span>
      <Title
        className={Title === 'h1' ? 'text-3xl font-extrabold tracking-tight' : 'text-xl font-bold'}
      >
        {title}
      </Title>
      {children ? <div className="max-w-md text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </Card>
  );
}
