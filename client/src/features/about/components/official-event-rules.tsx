import { BadgeCheck, CircleDollarSign, Ticket, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** Product rules §9 contest constants. */
const PRIZE_POOL = '$100 USD';
const MINIMUM_AGE = 18;

/** Product rules §1 'About': worded to match what the app does (shared/domain/group-stats.ts). */
export function OfficialEventRules() {
  return (
    <section aria-labelledby="rules-title" className="grid gap-6">
      <div className="grid gap-2">
        <h2 id="rules-title" className="text-2xl font-extrabold tracking-tight">
          Official event rules
        </h2>
        <p className="text-lg leading-relaxed">
          Official events are free contests run by Pick'em and open to every eligible player. These
          rules apply to every official event.
        </p>
      </div>

      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact icon={Ticket} term="Entry" value="Free" />
        <Fact icon={BadgeCheck} term="Age" value={`${MINIMUM_AGE} or older`} />
        <Fact icon={CircleDollarSign} term="Prize pool" value={PRIZE_POOL} />
      </dl>

      <ol className="grid gap-4">
        <Rule number={1} title="Eligibility">
          <ul>
            <li>
              You must be {MINIMUM_AGE} years of age or older when you join an official event.
            </li>
            <li>
              You need a Pick'em account and a Discord or Reddit username. You give the username
              when you join; it is how we confirm who you are and how we contact you if you win.
            </li>
            <li>One person, one entry: each person may enter an event with one account only.</li>
            <li>
              The operator of Pick'em runs official events and is not an entrant: they are not on
              the leaderboard and cannot win a prize.
            </li>
          </ul>
        </Rule>

        <Rule number={2} title="How to enter">
          <ol className="list-decimal">
            <li>
              Sign in, or create a free account with the Sign In button at the top of the page.
            </li>
            <li>On the home page, find the official event's card and choose to join it.</li>
            <li>
              Enter your Discord or Reddit username (for example @username or u/username) and
              confirm.
            </li>
          </ol>
          <p>
            You can join while the event is running. Only props that have not locked yet can still
            be picked, and you are scored only on those: a prop that had already locked when you
            joined never counts against you.
          </p>
        </Rule>

        <Rule number={3} title="Format">
          <ul>
            <li>
              Each event has a set of props posted by Pick'em. Pick one option on every prop before
              it locks, usually when its game starts. You can change a pick until then.
            </li>
            <li>
              When a prop's result is set, a correct pick is a <strong>win</strong> and a wrong pick
              is a <strong>loss</strong>. A prop you did not pick also counts as a loss, so make
              every pick.
            </li>
            <li>
              A voided prop (result N/A, for example when a game is cancelled) counts for no one.
            </li>
            <li>
              The leaderboard ranks entrants by most wins, then by the higher win rate (wins divided
              by wins plus losses). Entrants with the same wins and win rate share a place, and the
              next place is skipped ({'1,\u00a01,\u00a03'}).
            </li>
          </ul>
        </Rule>

        <Rule number={4} title="Prize">
          <ul>
            <li>
              Each official event has a prize pool of <strong>{PRIZE_POOL}</strong>, paid by the
              operator of Pick'em. It costs entrants nothing.
            </li>
            <li>
              The prize is paid electronically (for example by PayPal, or as a gift card of the same
              value where that is not possible) within 30 days of the winner confirming their
              details.
            </li>
            <li>
              The prize cannot be transferred or exchanged. Winners are responsible for any taxes on
              it.
            </li>
          </ul>
        </Rule>

        <Rule number={5} title="Winner selection">
          <ul>
            <li>
              The event ends when every one of its props has a result. The entrant in first place on
              the event's leaderboard at that moment wins the whole prize pool.
            </li>
            <li>
              If more than one entrant shares first place, the prize pool is split equally between
              them, rounded down to the cent. There is no tiebreaker game.
            </li>
            <li>
              Within 7 days of the event ending, we contact the winners through the Discord or
              Reddit username they entered. A winner who does not answer within 14 days, or who
              turns out not to be eligible, forfeits their share, which goes to the next eligible
              place under these same rules.
            </li>
            <li>
              A result corrected before the prize is paid changes the leaderboard, and the winner is
              decided on the corrected leaderboard.
            </li>
          </ul>
        </Rule>

        <Rule number={6} title="Disclaimer">
          <ul>
            <li>
              <strong>No purchase necessary.</strong> Entering is free, and donating does not
              improve your chances of winning.
            </li>
            <li>
              <strong>Void where prohibited</strong> or restricted by law. It is up to you to check
              that you may take part where you live.
            </li>
            <li>
              The operator may disqualify any entrant for abuse, including more than one account,
              automated picks, exploiting a bug, impersonation, harassment or false eligibility
              details.
            </li>
            <li>
              The operator may cancel, pause or change an event when something outside its control
              (a bug, a cancelled season) would make it unfair. Changes are announced before they
              apply.
            </li>
            <li>
              Pick'em is not affiliated with, endorsed or sponsored by the NFL, the NCAA, the NBA,
              MLB, the NHL or any league, team or player. Their names are used only to describe
              games.
            </li>
          </ul>
        </Rule>
      </ol>
    </section>
  );
}

function Fact({ icon: Icon, term, value }: { icon: LucideIcon; term: string; value: string }) {
  return (
    <div className="grid gap-1 rounded-xl bg-navy px-4 py-3 text-navy-foreground">
      <dt className="flex items-center gap-2 text-xs font-semibold tracking-wider text-navy-muted uppercase">
        <Icon className="size-4 shrink-0 text-gold" aria-hidden />
        {term}
      </dt>
      <dd className="text-lg font-extrabold">{value}</dd>
    </div>
  );
}

function Rule({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <h3 className="flex items-baseline gap-3 text-xl font-bold">
        <span className="text-primary tabular-nums">{number}.</span> {title}
      </h3>
      <div className="mt-3 grid gap-3 text-base leading-relaxed [&_li]:pl-1 [&_ol]:grid [&_ol]:gap-2 [&_ol]:pl-5 sm:[&_ol]:pl-6 [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2 [&_ul]:pl-5 sm:[&_ul]:pl-6 [&_li]:marker:text-muted-foreground">
        {children}
      </div>
    </li>
  );
}
