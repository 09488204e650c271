import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { CreateOfficialEventDialog } from './create-official-event-dialog';

export function OfficialEventCard({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-gold text-gold-foreground">
        <Trophy className="size-6" aria-hidden />
      </span>
      <div className="grid flex-1 gap-1">
        <h2 className="text-lg leading-tight font-bold">Create Official Event</h2>
        <p className="text-sm text-muted-foreground">
          A prize event that every user sees on their home page and can join with a Discord or
          Reddit username. You lead it.
        </p>
      </div>
      <Button
        type="button"
        className="w-full sm:w-auto"
        onClick={() => {
          setOpen(true);
        }}
      >
        Create Official Event
      </Button>
      <CreateOfficialEventDialog userId={userId} open={open} onOpenChange={setOpen} />
    </Card>
  );
}
