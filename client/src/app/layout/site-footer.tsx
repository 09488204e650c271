import { AppLink } from '@client/components/app-link';

export function SiteFooter() {
  return (
    <footer className="border-t border-border px-4 py-4 text-center text-sm text-muted-foreground">
      <p className="flex flex-wrap items-center justify-center gap-x-2">
        <span>Pick'em is free to play and just for fun.</span>
        {/* Signed-out visitors have no menu, and the contest rules must be reachable. */}
        <AppLink
          to="/about"
          className="inline-flex min-h-11 items-center rounded-md px-1 font-semibold text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          About us and official event rules
        </AppLink>
      </p>
    </footer>
  );
}
