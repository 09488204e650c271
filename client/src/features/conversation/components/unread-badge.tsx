/** "2 new": others' comments since the viewer last read this conversation. */
export function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="rounded-full bg-primary px-1.5 py-0.5 text-[0.7rem] leading-none font-bold text-primary-foreground">
      {count} new
    </span>
  );
}
