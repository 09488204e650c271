import { useId, useState } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { StandingsHistory } from '@shared/contract/rounds';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';

/**
 * Mid-tone hues that read on the light card and the dark one alike; the viewer's line is
 * drawn thicker in the theme's muted text colour, unlike any other.
 */
const PALETTE = [
  '#2563eb',
  '#db2777',
  '#16a34a',
  '#ea580c',
  '#7c3aed',
  '#0891b2',
  '#ca8a04',
  '#dc2626',
  '#4f46e5',
  '#65a30d',
  '#9333ea',
];

const keyOf = (userId: number) => `m${userId}`;

/**
 * Product rules §10 'Seeing the race': each member's place after each round, the top ten
 * and the viewer. The drawing is for the eye; the same figures are in a table for a screen
 * reader, shown to anyone with "Show as table".
 */
export function RankChart({ history, viewerId }: { history: StandingsHistory; viewerId: number }) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const { rounds, members } = history;
  if (rounds.length === 0 || members.length === 0) return null;
  const data = rounds.map((round, index) => ({
    label: round.label,
    ...Object.fromEntries(members.map((member) => [keyOf(member.userId), member.ranks[index]])),
  }));
  const lowest = Math.max(1, ...members.flatMap((member) => member.ranks));
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Place by week</h3>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-pressed={asTable}
          aria-controls={tableId}
          onClick={() => {
            setAsTable((value) => !value);
          }}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </div>
      {asTable ? null : (
        <div className="grid gap-2" aria-hidden data-testid="rank-chart">
          <div className="h-64 w-full text-muted-foreground">
            <ResponsiveContainer width="100%" height="100%">
              {/* The table below is the accessible form: the drawing takes no focus. */}
              <LineChart
                accessibilityLayer={false}
                data={data}
                margin={{ top: 8, right: 12, bottom: 0, left: -16 }}
              >
                <CartesianGrid stroke="currentColor" strokeOpacity={0.2} vertical={false} />
                <XAxis
                  dataKey="label"
                  tick={{ fill: 'currentColor', fontSize: 12 }}
                  stroke="currentColor"
                  interval="preserveStartEnd"
                />
                <YAxis
                  reversed
                  allowDecimals={false}
                  domain={[1, lowest]}
                  tick={{ fill: 'currentColor', fontSize: 12 }}
                  stroke="currentColor"
                  width={40}
                  padding={{ top: 10, bottom: 10 }}
                />
                <Tooltip
                  formatter={(value, name) => [`#${String(value)}`, String(name)]}
                  contentStyle={{
                    background: 'var(--color-card)',
                    border: '1px solid var(--color-border)',
                    borderRadius: 8,
                    color: 'var(--color-foreground)',
                  }}
                  // The lines' colours are too pale for text on the card.
                  itemStyle={{ color: 'var(--color-foreground)' }}
                  itemSorter={(item) => Number(item.value)}
                />
                {members.map((member, index) => {
                  const isViewer = member.userId === viewerId;
                  return (
                    <Line
                      key={member.userId}
                      type="monotone"
                      dataKey={keyOf(member.userId)}
                      name={member.displayName}
                      // currentColor: the muted text colour of either theme.
                      stroke={isViewer ? 'currentColor' : PALETTE[index % PALETTE.length]}
                      strokeWidth={isViewer ? 3.5 : 2}
                      dot={{ r: isViewer ? 4 : 3 }}
                      isAnimationActive={false}
                      connectNulls
                    />
                  );
                })}
              </LineChart>
            </ResponsiveContainer>
          </div>
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
            {members.map((member, index) => (
              <li key={member.userId} className="flex min-w-0 items-center gap-1.5">
                <span
                  className={cn(
                    'h-1 w-4 shrink-0 rounded-full',
                    member.userId === viewerId && 'h-1.5 bg-muted-foreground',
                  )}
                  style={
                    member.userId === viewerId
                      ? undefined
                      : { background: PALETTE[index % PALETTE.length] }
                  }
                />
                <span className="truncate">
                  {member.displayName}
                  {member.userId === viewerId ? ' (you)' : ''}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div id={tableId} className={cn(asTable ? 'overflow-x-auto' : 'sr-only')}>
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">Place after each week, top ten and you</caption>
          <thead>
            <tr className="text-left text-xs text-muted-foreground uppercase">
              <th scope="col" className="py-1 pr-3 font-semibold">
                Member
              </th>
              {rounds.map((round) => (
                <th key={round.id} scope="col" className="px-2 py-1 text-right font-semibold">
                  {round.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {members.map((member) => (
              <tr key={member.userId}>
                <th scope="row" className="max-w-32 truncate py-1.5 pr-3 text-left font-medium">
                  {member.displayName}
                  {member.userId === viewerId ? ' (you)' : ''}
                </th>
                {rounds.map((round, index) => (
                  <td key={round.id} className="px-2 py-1.5 text-right">
                    {member.ranks[index] === undefined ? '–' : `#${member.ranks[index]}`}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
