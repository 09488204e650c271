import { Ban, Gift, UserRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface MissionStatementProps {
  /** DONATE_URL is configured. */
  acceptsDonations: boolean;
}

/** Product rules §1 About. */
export function MissionStatement({ acceptsDonations }: MissionStatementProps) {
  return (
    <section aria-labelledby="mission-title" className="grid gap-5">
      <h2 id="mission-title" className="text-2xl font-extrabold tracking-tight">
        Our mission
      </h2>
      <p className="text-lg leading-relaxed">
        Pick'em gives friends, family and coworkers a simple way to enjoy game day together: make
        your picks on props, watch the results come in, and find out who really knows their sports.
      </p>
      <ul className="grid gap-4 sm:grid-cols-3">
        <Point icon={Gift} title="Free and just for fun">
          Playing costs nothing. Groups play for bragging rights; official events add a prize that
          is free to compete for.
        </Point>
        <Point icon={Ban} title="No real-money betting">
          Pick'em is not a sportsbook. Nobody deposits or wagers money on a pick, and Pick'em never
          holds anyone's money.
        </Point>
        <Point icon={UserRound} title="A one-person project">
          One sports fan builds and runs Pick'em in their spare time.
          {acceptsDonations
            ? ' Donations through the Donate button help pay for the servers; they are optional and change nothing in the game.'
            : null}
        </Point>
      </ul>
    </section>
  );
}

function Point({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="grid content-start gap-2 rounded-xl border border-border bg-card p-5 shadow-sm">
      <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <h3 className="font-bold">{title}</h3>
      <p className="text-sm leading-relaxed text-muted-foreground">{children}</p>
    </li>
  );
}
