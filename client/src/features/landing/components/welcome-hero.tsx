import { ArrowRight, ListChecks, Trophy, UsersRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppLink } from '@client/components/app-link';
import { buttonVariants } from '@client/components/ui/button-variants';

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: UsersRound,
    title: 'Join a group',
    text: 'Start a group for friends and family, or join one with an invite code.',
  },
  {
    icon: ListChecks,
    title: 'Make your picks',
    text: 'Pick a side on props for NFL, college football, NBA, MLB, NHL and more.',
  },
  {
    icon: Trophy,
    title: 'Climb the leaderboard',
    text: 'Results come in, wins and losses add up, and the leaderboard settles the argument.',
  },
];

/** The signed-out home, the app's and the prerendered landing's; `children` go last (the prop preview). */
export function WelcomeHero({ children }: { children?: ReactNode }) {
  return (
    <div className="grid gap-6 sm:gap-8">
      <section
        aria-labelledby="welcome-title"
        className="relative overflow-hidden rounded-2xl bg-navy px-6 py-10 text-navy-foreground shadow-lg sm:px-10 sm:py-14"
      >
        <FieldLines />
        <div className="relative grid max-w-2xl gap-4">
          <p className="text-sm font-bold tracking-widest text-gold uppercase">
            Free · For fun · With friends
          </p>
          <h1 id="welcome-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Welcome to Pick'em
          </h1>
          <p className="text-xl font-semibold text-gold sm:text-2xl">
            Make your picks. We'll keep score.
          </p>
          <p className="max-w-xl text-base text-navy-muted sm:text-lg">
            Sign in or create a free account with the Sign In button at the top of the page to join
            a group and start making picks.
          </p>
          <AppLink
            to="/demo"
            className={buttonVariants({
              variant: 'gold',
              size: 'lg',
              surface: 'navy',
              className: 'mt-2 w-full sm:w-auto sm:justify-self-start',
            })}
          >
            Check the Props
            <ArrowRight aria-hidden />
          </AppLink>
        </div>
      </section>

      <section aria-label="How it works">
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li
              key={title}
              className="flex gap-4 rounded-xl border border-border bg-card p-5 shadow-sm"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <div className="grid gap-1">
                <h2 className="font-bold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {title}
                </h2>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      {/* Last: what loads after the first paint pushes nothing on screen down. */}
      {children}
    </div>
  );
}

function FieldLines() {
  return (
    <svg
      aria-hidden
      className="pointer-events-none absolute inset-y-0 right-0 h-full w-2/3 opacity-15"
      preserveAspectRatio="none"
      viewBox="0 0 300 200"
    >
      {Array.from({ length: 7 }, (_, index) => (
        <line
          key={index}
          x1={40 + index * 40}
          x2={20 + index * 40}
          y1="0"
          y2="200"
          stroke="currentColor"
          strokeWidth={index % 2 === 0 ? 3 : 1}
        />
      ))}
    </svg>
  );
}
